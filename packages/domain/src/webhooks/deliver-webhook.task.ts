import { z } from "zod";
import { defineTask } from "@fieldops/tasks/task-definition";

/**
 * Sends one webhook delivery (a message to one subscription), signed per Standard Webhooks, and records how it went.
 * Enqueued, keyed by the delivery, in the transaction of the change it announces (`emitWebhookEvent`) or by a replay.
 * Retried on the `webhooks` queue (packages/tasks/src/enqueue.ts) after a network error, a 5xx or a 429.
 */
export const deliverWebhookTask = defineTask({
  id: "deliver_webhook",
  queue: "webhooks",
  schema: z.object({
    companyId: z.uuid(),
    deliveryId: z.uuid(),
  }),
});
