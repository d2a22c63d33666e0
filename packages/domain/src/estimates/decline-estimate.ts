import type { TenantTransaction } from "@fieldops/db";
import type { EstimateDetail } from "@fieldops/shared/estimates";
import { conflict } from "../errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import {
  companyTimeZone,
  effectiveEstimateStatus,
  estimateDetailInclude,
  lockEstimate,
  toEstimateDetail,
} from "./estimate-record.ts";
import { estimateChanged } from "./estimates-events.ts";
import { settleLead } from "./settle-lead.ts";

/** The office marks an estimate declined (the customer said no on the phone); announces it and its lead. */
export async function declineEstimate(
  { tx, emit, actor }: TenantScope<UserActor>,
  input: { estimateId: string; now?: Date },
): Promise<EstimateDetail> {
  const estimate = await recordEstimateDecline(tx, { ...input, byCustomer: false, office: actor });
  emit(estimateChanged(estimate));
  return estimate;
}

/**
 * Declines an estimate: the office marks it, or the customer declines on their page with an optional reason (the
 * caller announces it). Only an estimate still waiting for an answer can be declined. Audited, with who declined it.
 */
export async function recordEstimateDecline(
  tx: TenantTransaction,
  input: {
    estimateId: string;
    reason?: string | null;
    byCustomer: boolean;
    /** The office user who marked it, when it is not the customer. */
    office?: UserActor;
    now?: Date;
  },
): Promise<EstimateDetail> {
  const now = input.now ?? new Date();
  const current = await lockEstimate(tx, input.estimateId);
  const status = effectiveEstimateStatus(current, now);
  const open = input.byCustomer
    ? status === "sent" || status === "changes_requested"
    : status === "draft" || status === "sent" || status === "changes_requested" || status === "expired";
  if (!open) throw conflict(`An estimate that is ${status.replace("_", " ")} cannot be declined`);
  const row = await tx.estimate.update({
    where: { id: current.id },
    data: {
      status: "declined",
      declinedAt: now,
      ...(input.byCustomer ? { customerMessage: input.reason ?? null, respondedAt: now } : {}),
    },
    include: estimateDetailInclude,
  });
  await settleLead(tx, row.leadId, "lost");
  const detail = await toEstimateDetail(tx, row, now, await companyTimeZone(tx));
  const what = `estimate #${detail.number} for ${detail.customerName}`;
  await recordAudit(tx, {
    companyId: row.companyId,
    actorUserId: input.office?.userId ?? null,
    action: "estimate.declined",
    entityType: "estimate",
    entityId: row.id,
    summary: input.office
      ? `${input.office.name} marked ${what} declined`
      : `The customer declined ${what} on their page${input.reason ? `: ${input.reason}` : ""}`,
    details: { byCustomer: input.byCustomer },
  });
  return detail;
}
