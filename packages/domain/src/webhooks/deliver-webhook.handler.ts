import { withTenant } from "@fieldops/db";
import { publishEvent } from "@fieldops/events/company-stream";
import type { TaskContext, TaskHandler } from "@fieldops/tasks/task-definition";
import { WEBHOOK_RESPONSE_BODY_MAX } from "@fieldops/shared/webhooks";
import { Webhook } from "standardwebhooks";
import { decryptSecret, integrationsEncryptionKey } from "../integrations/token-encryption.ts";
import { companyHasPlanFeature } from "../plans/require-plan-feature.ts";
import { postToOutgoingUrl } from "../security/outgoing-url.ts";
import type { deliverWebhookTask } from "./deliver-webhook.task.ts";
import { webhookDeliveriesChanged } from "./webhook-events.ts";

const TIMEOUT_MS = 10_000;

/** Tells the owners' open Settings → Webhooks that the subscription's log moved on (after the write committed). */
async function announce(context: TaskContext, companyId: string, subscriptionId: string): Promise<void> {
  await publishEvent(context.redis, webhookDeliveriesChanged([subscriptionId]), { companyId, requestId: null });
}

/** Thrown for a try BullMQ should repeat (network error, 5xx, 429); the log already says why. */
class RetryableDeliveryError extends Error {}

/**
 * Delivers one message: `{ type, timestamp, data }` POSTed as JSON with the Standard Webhooks headers (webhook-id
 * `msg_<event id>`, webhook-timestamp, webhook-signature: HMAC-SHA256 under the subscription's secret, by the
 * `standardwebhooks` package). A 2xx succeeds; a 4xx (or a redirect) fails for good, since the same request would be
 * refused again; a network error, a timeout, a 5xx or a 429 is retried with backoff until the last try, which fails it.
 * A URL the SSRF guard refuses now (its name moved to a private address) fails without a request. Each try is written
 * to the delivery log: its status, the receiver's status and the first 2 KB of its answer, or the error.
 */
export const deliverWebhook: TaskHandler<typeof deliverWebhookTask.schema> = async (payload, context) => {
  const env = context.env;
  if (!env) throw new Error("deliver_webhook needs the process's configuration (TaskContext.env)");
  const claim = await withTenant(context.db, payload.companyId, async (tx) => {
    const delivery = await tx.webhookDelivery.findUnique({
      where: { id: payload.deliveryId },
      include: { subscription: { select: { url: true, enabled: true, secretEncrypted: true } } },
    });
    if (!delivery || delivery.status === "succeeded" || delivery.status === "failed") return null;
    const now = new Date();
    const refusal = !delivery.subscription.enabled
      ? "The subscription was turned off"
      : !(await companyHasPlanFeature(tx, "zapier"))
        ? "The company's plan no longer includes webhooks (Pro)"
        : null;
    if (refusal) {
      await tx.webhookDelivery.update({ where: { id: delivery.id }, data: { status: "failed", error: refusal } });
      return { refused: delivery.subscriptionId, delivery: null, now };
    }
    await tx.webhookDelivery.update({
      where: { id: delivery.id },
      data: { attempts: { increment: 1 }, lastAttemptAt: now },
    });
    return { refused: null, delivery, now };
  });
  if (!claim) return;
  if (!claim.delivery) return announce(context, payload.companyId, claim.refused);
  const { delivery, now } = claim;
  const secret = decryptSecret(integrationsEncryptionKey(env), delivery.subscription.secretEncrypted);
  const messageId = `msg_${delivery.eventId}`;
  const body = JSON.stringify(delivery.payload);
  const result = await postToOutgoingUrl(
    delivery.subscription.url,
    {
      headers: {
        "content-type": "application/json",
        "user-agent": "FieldOps-Webhooks/1",
        "webhook-id": messageId,
        "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
        "webhook-signature": new Webhook(secret).sign(messageId, now, body),
      },
      body,
      timeoutMs: TIMEOUT_MS,
      maxBodyBytes: WEBHOOK_RESPONSE_BODY_MAX,
    },
    { allowPrivate: env.WEBHOOK_ALLOW_PRIVATE_URLS },
  );
  const answered = result.kind === "answered" ? result : null;
  const succeeded = answered !== null && answered.status >= 200 && answered.status < 300;
  const retryable =
    result.kind === "unreachable" || (answered !== null && (answered.status >= 500 || answered.status === 429));
  const final = context.finalAttempt ?? true;
  const error = succeeded
    ? null
    : result.kind !== "answered"
      ? result.error
      : `The receiver answered ${answered!.status}${retryable ? "" : ": not retried, since the same request would be refused again"}`;
  const status = succeeded ? "succeeded" : retryable && !final ? "retrying" : "failed";
  await withTenant(context.db, payload.companyId, (tx) =>
    tx.webhookDelivery.update({
      where: { id: delivery.id },
      data: {
        status,
        responseStatus: answered?.status ?? null,
        responseBody: answered?.body ?? null,
        error,
        deliveredAt: succeeded ? new Date() : null,
      },
    }),
  );
  await announce(context, payload.companyId, delivery.subscriptionId);
  if (status === "retrying") throw new RetryableDeliveryError(`Webhook delivery ${delivery.id}: ${error}`);
};
