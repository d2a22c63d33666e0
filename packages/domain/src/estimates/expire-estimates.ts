import type { TenantTransaction } from "@fieldops/db";
import { EXPIRING_ESTIMATE_STATUSES } from "@fieldops/shared/estimates";

/** Writes down what is already derived: sent and changes-requested estimates past their last day are expired. */
export async function expireEstimates(tx: TenantTransaction, now: Date): Promise<string[]> {
  const rows = await tx.estimate.findMany({
    where: { status: { in: [...EXPIRING_ESTIMATE_STATUSES] }, expiresAt: { lte: now } },
    select: { id: true },
    take: 5000,
  });
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  await tx.estimate.updateMany({
    where: { id: { in: ids }, status: { in: [...EXPIRING_ESTIMATE_STATUSES] } },
    data: { status: "expired" },
  });
  return ids;
}
