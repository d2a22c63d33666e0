import type { TenantTransaction } from "@fieldops/db";
import type { EstimateDetail } from "@fieldops/shared/estimates";
import { conflict, invalidInput } from "../errors.ts";
import {
  companyTimeZone,
  effectiveEstimateStatus,
  estimateDetailInclude,
  lockEstimate,
  toEstimateDetail,
} from "./estimate-record.ts";
import { settleLead } from "./settle-lead.ts";

/**
 * The customer approves one option, signing with their typed name. Only a sent estimate (or one they asked changes
 * of) can be approved, never one past its last day: what they approve must be what the office still offers.
 */
export async function approveEstimate(
  tx: TenantTransaction,
  input: { estimateId: string; optionId: string; signatureName: string; now?: Date },
): Promise<EstimateDetail> {
  const now = input.now ?? new Date();
  const current = await lockEstimate(tx, input.estimateId);
  const status = effectiveEstimateStatus(current, now);
  if (status === "expired") throw conflict("This estimate has expired. Ask us for a new one.");
  if (status === "draft") throw conflict("This estimate is being revised. You will receive it again when it is ready.");
  if (status !== "sent" && status !== "changes_requested")
    throw conflict(`This estimate is already ${status.replace("_", " ")}`);
  if (!current.options.some((option) => option.id === input.optionId))
    throw invalidInput("Choose one of the estimate's options", "optionId");
  const row = await tx.estimate.update({
    where: { id: current.id },
    data: {
      status: "approved",
      approvedOptionId: input.optionId,
      signatureName: input.signatureName,
      approvedAt: now,
      respondedAt: now,
    },
    include: estimateDetailInclude,
  });
  await settleLead(tx, row.leadId, "won");
  return toEstimateDetail(tx, row, now, await companyTimeZone(tx));
}
