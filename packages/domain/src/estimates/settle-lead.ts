import type { TenantTransaction } from "@fieldops/db";

/** A lead's estimate was approved (won) or declined (lost): the lead follows, unless the office already closed it. */
export async function settleLead(tx: TenantTransaction, leadId: string | null, status: "won" | "lost"): Promise<void> {
  if (!leadId) return;
  await tx.lead.updateMany({ where: { id: leadId, status: { in: ["new", "estimating"] } }, data: { status } });
}
