import type { TenantTransaction } from "@fieldops/db";
import type { EstimateDetail } from "@fieldops/shared/estimates";
import { conflict } from "../errors.ts";
import type { TenantScope } from "../tenant-scope.ts";
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
  { tx, emit }: TenantScope,
  input: { estimateId: string; now?: Date },
): Promise<EstimateDetail> {
  const estimate = await recordEstimateDecline(tx, { ...input, byCustomer: false });
  emit(estimateChanged(estimate));
  return estimate;
}

/**
 * Declines an estimate: the office marks it, or the customer declines on their page with an optional reason (the
 * caller announces it). Only an estimate still waiting for an answer can be declined.
 */
export async function recordEstimateDecline(
  tx: TenantTransaction,
  input: { estimateId: string; reason?: string | null; byCustomer: boolean; now?: Date },
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
  return toEstimateDetail(tx, row, now, await companyTimeZone(tx));
}
