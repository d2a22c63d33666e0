import type { TenantTransaction } from "@fieldops/db";
import type { EstimateDetail, SendChannelsInput } from "@fieldops/shared/estimates";
import { conflict, invalidInput } from "../errors.ts";
import { issuePublicLink } from "../public-links/public-links.ts";
import {
  companyTimeZone,
  effectiveEstimateStatus,
  estimateDetailInclude,
  lockEstimate,
  toEstimateDetail,
} from "./estimate-record.ts";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";

export interface SentEstimate {
  estimate: EstimateDetail;
  /** The new link's token: the notification job puts it in the messages, the office may copy the link once. */
  token: string;
}

/**
 * Sends (or sends again) an estimate: it becomes sent, and gets a new link for its customer, which the caller hands
 * to the notification job once this transaction has committed. Text messages need the plan's SMS feature. Links
 * sent earlier keep working.
 */
export async function sendEstimate(
  tx: TenantTransaction,
  input: SendChannelsInput & { estimateId: string; companyId: string; userId: string; now?: Date },
): Promise<SentEstimate> {
  const now = input.now ?? new Date();
  const current = await lockEstimate(tx, input.estimateId);
  const status = effectiveEstimateStatus(current, now);
  if (status === "expired")
    throw conflict("This estimate has expired: set a later expiry date, then send it again", "expiresOn");
  if (status !== "draft" && status !== "sent" && status !== "changes_requested")
    throw conflict(`An estimate that is ${status.replace("_", " ")} cannot be sent`);
  const empty = current.options.find((option) => option.lineItems.length === 0);
  if (empty) throw invalidInput(`The option "${empty.name}" has no lines`, "options");
  if (input.sms) await requirePlanFeature(tx, "sms", "Sending text messages");
  const email = input.email && current.customer.email !== null;
  const sms = input.sms && current.customer.phone !== null;
  if (!email && !sms) {
    throw invalidInput(
      `${current.customer.name} has no ${input.email && input.sms ? "e-mail address or phone number" : input.email ? "e-mail address" : "phone number"} to send it to`,
      input.email ? "email" : "sms",
    );
  }
  const token = await issuePublicLink(tx, {
    companyId: input.companyId,
    kind: "estimate",
    subjectId: current.id,
    userId: input.userId,
  });
  const row = await tx.estimate.update({
    where: { id: current.id },
    data: { status: "sent", sentAt: now },
    include: estimateDetailInclude,
  });
  return { estimate: await toEstimateDetail(tx, row, now, await companyTimeZone(tx)), token };
}
