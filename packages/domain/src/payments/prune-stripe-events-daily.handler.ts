import { withSystem } from "@fieldops/db";
import type { SystemTaskHandler } from "@fieldops/tasks/task-definition";
import { STRIPE_EVENT_RETENTION_DAYS, type pruneStripeEventsDailyTask } from "./prune-stripe-events-daily.task.ts";

/**
 * Deletes Stripe events applied more than the retention ago, across companies (system context). An event never
 * applied stays, and stays on the platform's alerts (`unappliedStripeEvents`), until a try applies it.
 */
export const pruneStripeEventsDaily: SystemTaskHandler<typeof pruneStripeEventsDailyTask.schema> = async (
  _payload,
  { db },
) => {
  const before = new Date(Date.now() - STRIPE_EVENT_RETENTION_DAYS * 24 * 3600 * 1000);
  await withSystem(db, (tx) => tx.stripeEvent.deleteMany({ where: { processedAt: { lt: before } } }));
};
