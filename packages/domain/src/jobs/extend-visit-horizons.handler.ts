import { withTenant } from "@fieldops/db";
import type { TaskHandler } from "@fieldops/tasks/task-definition";
import { extendVisitHorizonsBatch } from "./extend-visit-horizon.ts";
import type { extendVisitHorizonsTask } from "./extend-visit-horizons.task.ts";

/**
 * One short transaction per batch of jobs, so a company with many recurring jobs holds no long transaction; a retry
 * after a failure starts over and skips what is already done (the horizon only moves forward, visits are unique).
 */
export const extendVisitHorizons: TaskHandler<typeof extendVisitHorizonsTask.schema> = async (payload, { db }) => {
  const now = new Date();
  let after: string | null = null;
  do {
    const batch = await withTenant(db, payload.companyId, (tx) => extendVisitHorizonsBatch(tx, { now, after }));
    after = batch.lastJobId;
  } while (after !== null);
};
