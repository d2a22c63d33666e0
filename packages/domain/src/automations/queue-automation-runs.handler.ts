import type { TaskHandler } from "@fieldops/tasks/task-definition";
import { runInScope } from "../effects/run-in-scope.ts";
import { systemActor } from "../tenant-scope.ts";
import { queueRunsComingDue } from "./plan-automation-runs.ts";
import type { queueAutomationRunsTask } from "./queue-automation-runs.task.ts";

export const queueAutomationRuns: TaskHandler<typeof queueAutomationRunsTask.schema> = async (payload, context) => {
  const options = { companyId: payload.companyId, actor: systemActor("task:queue_automation_runs") };
  await runInScope(context, options, (scope) => queueRunsComingDue(scope));
};
