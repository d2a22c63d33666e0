import type { TenantTransaction } from "@fieldops/db";
import type { ReviewEstimate } from "@fieldops/shared/review";
import { approveEstimate } from "../estimates/approve-estimate.ts";
import { recordEstimateDecline } from "../estimates/decline-estimate.ts";
import {
  effectiveEstimateStatus,
  estimateDetailInclude,
  expiresOnOf,
  toEstimateOption,
} from "../estimates/estimate-record.ts";
import { estimatesChanged } from "../estimates/estimates-events.ts";
import { requestEstimateChanges } from "../estimates/request-estimate-changes.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { assertPortalCustomer, reviewCompany, reviewNotFound, type ReviewAccess } from "./review-access.ts";

/** The estimate as its customer sees it; a draft (being revised) shows no options. */
export async function getReviewEstimate(
  tx: TenantTransaction,
  input: { estimateId: string; access: ReviewAccess; now?: Date },
): Promise<ReviewEstimate> {
  const now = input.now ?? new Date();
  const row = await tx.estimate.findUnique({ where: { id: input.estimateId }, include: estimateDetailInclude });
  if (!row) throw reviewNotFound();
  assertPortalCustomer(input.access, row.customerId);
  const company = await reviewCompany(tx, input.access);
  const status = effectiveEstimateStatus(row, now);
  return {
    company,
    id: row.id,
    number: row.number,
    title: row.title,
    customerName: row.customer.name,
    status,
    message: row.message,
    expiresOn: expiresOnOf(row.expiresAt, company.timeZone),
    options: status === "draft" ? [] : row.options.map(toEstimateOption),
    approvedOptionId: row.approvedOptionId,
    signatureName: row.signatureName,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    customerMessage: row.customerMessage,
  };
}

export type ReviewAnswer =
  | { kind: "approve"; optionId: string; signatureName: string }
  | { kind: "request_changes"; message: string }
  | { kind: "decline"; reason: string | null };

/** The customer's answer on their page, announced to the office's screens; what the page shows next is returned. */
export async function answerReviewEstimate(
  { tx, emit }: TenantScope,
  input: { estimateId: string; access: ReviewAccess; answer: ReviewAnswer; now?: Date },
): Promise<ReviewEstimate> {
  await getReviewEstimate(tx, input);
  const { estimateId, answer, now } = input;
  if (answer.kind === "approve")
    await approveEstimate(tx, { estimateId, optionId: answer.optionId, signatureName: answer.signatureName, now });
  else if (answer.kind === "request_changes")
    await requestEstimateChanges(tx, { estimateId, message: answer.message, now });
  else await recordEstimateDecline(tx, { estimateId, reason: answer.reason, byCustomer: true, now });
  emit(estimatesChanged([estimateId]));
  return getReviewEstimate(tx, input);
}
