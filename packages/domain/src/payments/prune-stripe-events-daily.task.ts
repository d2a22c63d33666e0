import { z } from "zod";
import { defineSystemTask } from "@fieldops/tasks/task-definition";

/**
 * How long an applied Stripe event is kept: its id refuses a redelivery (Stripe retries for up to 3 days) and its
 * payload explains a payment to support for a month, as long as Stripe itself lists events.
 */
export const STRIPE_EVENT_RETENTION_DAYS = 30;

/** Every night, Stripe events applied more than the retention ago are deleted; one never applied is kept. */
export const pruneStripeEventsDailyTask = defineSystemTask({
  id: "prune-stripe-events-daily",
  queue: "payments",
  schema: z.object({}),
  pattern: "43 3 * * *",
});
