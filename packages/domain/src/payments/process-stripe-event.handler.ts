import type { TaskHandler } from "@fieldops/tasks/task-definition";
import { processStripeEvent } from "./process-stripe-event.ts";
import type { processStripeEventTask } from "./process-stripe-event.task.ts";

/**
 * Applies a stored Stripe event once. A failure (the database, or Stripe asked about the intent, not answering) fails
 * the task, and BullMQ tries it again (queue `payments`); the event stays unapplied until a try succeeds.
 */
export const processStripeEventHandler: TaskHandler<typeof processStripeEventTask.schema> = async (
  payload,
  context,
) => {
  if (!context.env) throw new Error("The worker was started without its configuration");
  await processStripeEvent(context, {
    companyId: payload.companyId,
    eventId: payload.eventId,
    env: context.env,
    requestId: payload.requestId,
  });
};
