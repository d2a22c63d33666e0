import { z } from "zod";
import { defineTask } from "@fieldops/tasks/task-definition";

/**
 * Applies one Stripe event the webhook stored (`stripe_events`, its payload there, not in the queue). Keyed by the
 * event and its delivery, so a relayed effect runs once; a task of an event already applied does nothing.
 */
export const processStripeEventTask = defineTask({
  id: "process-stripe-event",
  queue: "payments",
  schema: z.object({
    companyId: z.uuid(),
    eventId: z.string().min(1).max(255),
    requestId: z.string().nullable(),
  }),
});
