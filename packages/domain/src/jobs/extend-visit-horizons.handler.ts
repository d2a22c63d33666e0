import type { TaskHandler } from "@fieldops/tasks/task-definition";
import { triggerVisitTimes } from "../automations/plan-automation-runs.ts";
import { runInScope } from "../effects/run-in-scope.ts";
import { systemActor } from "../tenant-scope.ts";
import { extendVisitHorizonsBatch } from "./extend-visit-horizon.ts";
import type { extendVisitHorizonsTask } from "./extend-visit-horizons.task.ts";

/**
 * One short transaction per batch of jobs, so a company with many recurring jobs holds no long transaction; a retry
 * after a failure starts over and skips what is already done (the horizon only moves forward, visits are unique). The
 * new visits are booked for the company's automations (their reminders) in the same transaction.
 */
export const extendVisitHorizons: TaskHandler<typeof extendVisitHorizonsTask.schema> = async (payload, context) => {
  const now = new Date();
  const options = { companyId: payload.companyId, actor: systemActor("task:extend_visit_horizons") };
  let after: string | null = null;
  do {
    after = await runInScope(context, options, async (scope) => {
      const batch = await extendVisitHorizonsBatch(scope.tx, { now, after });
      await triggerVisitTimes(scope, { booked: batch.createdIds, notify: false });
      return batch.lastJobId;
    });
  } while (after !== null);
};
