import type { TenantTransaction } from "@fieldops/db";
import type { EstimateDetail } from "@fieldops/shared/estimates";
import { formatCents } from "@fieldops/shared/money";
import { recordAudit } from "../audit/record-audit.ts";
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
 * of) can be approved, never one past its last day: what they approve must be what the office still offers. The
 * approval, with the option and the signature, goes to the audit log.
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
  const detail = await toEstimateDetail(tx, row, now, await companyTimeZone(tx));
  const option = detail.options.find((candidate) => candidate.id === input.optionId)!;
  await recordAudit(tx, {
    companyId: row.companyId,
    actorUserId: null,
    action: "estimate.approved",
    entityType: "estimate",
    entityId: row.id,
    summary: `${input.signatureName} approved estimate #${detail.number} for ${detail.customerName} on their page: ${option.name}, ${formatCents(option.totalCents)}`,
    details: { optionId: option.id, signatureName: input.signatureName },
  });
  return detail;
}
