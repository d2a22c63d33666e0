import type { TenantTransaction } from "@fieldops/db";
import type { EstimateDetail } from "@fieldops/shared/estimates";
import { conflict } from "../errors.ts";
import {
  companyTimeZone,
  effectiveEstimateStatus,
  estimateDetailInclude,
  lockEstimate,
  toEstimateDetail,
} from "./estimate-record.ts";

/** The customer asks for changes with a message; the office edits the estimate (back to draft) and sends it again. */
export async function requestEstimateChanges(
  tx: TenantTransaction,
  input: { estimateId: string; message: string; now?: Date },
): Promise<EstimateDetail> {
  const now = input.now ?? new Date();
  const current = await lockEstimate(tx, input.estimateId);
  const status = effectiveEstimateStatus(current, now);
  if (status === "expired") throw conflict("This estimate has expired. Ask us for a new one.");
  if (status !== "sent" && status !== "changes_requested")
    throw conflict(`This estimate is already ${status.replace("_", " ")}`);
  const row = await tx.estimate.update({
    where: { id: current.id },
    data: { status: "changes_requested", customerMessage: input.message, respondedAt: now },
    include: estimateDetailInclude,
  });
  return toEstimateDetail(tx, row, now, await companyTimeZone(tx));
}
