import { randomUUID } from "node:crypto";
import { triggerAutomations } from "../automations/plan-automation-runs.ts";
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
import { sendCustomerLinkTask } from "../notifications/send-customer-link.task.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { estimateChanged } from "./estimates-events.ts";

export interface SentEstimate {
  estimate: EstimateDetail;
  /** The new link's token: the notification job puts it in the messages, the office may copy the link once. */
  token: string;
}

/**
 * Sends (or sends again) an estimate: it becomes sent, and gets a new link for its customer, which the notification
 * task (enqueued through the scope, so once this transaction has committed) puts in the messages. Text messages need
 * the plan's SMS feature. Links sent earlier keep working.
 */
export async function sendEstimate(
  scope: TenantScope<UserActor>,
  input: SendChannelsInput & { estimateId: string; origin: string; now?: Date },
): Promise<SentEstimate> {
  const { tx } = scope;
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
    companyId: scope.companyId,
    kind: "estimate",
    subjectId: current.id,
    userId: scope.actor.userId,
  });
  const row = await tx.estimate.update({
    where: { id: current.id },
    data: { status: "sent", sentAt: now },
    include: estimateDetailInclude,
  });
  const estimate = await toEstimateDetail(tx, row, now, await companyTimeZone(tx));
  const sendId = randomUUID();
  scope.enqueue(
    sendCustomerLinkTask,
    {
      companyId: scope.companyId,
      kind: "estimate",
      subjectId: estimate.id,
      token,
      origin: input.origin,
      email: input.email,
      sms: input.sms,
      sendId,
      requestId: scope.requestId,
    },
    `${estimate.id}_${sendId}`,
  );
  scope.emit(estimateChanged(estimate));
  await triggerAutomations(scope, "estimate.unapproved", [estimate.id], { now });
  return { estimate, token };
}
