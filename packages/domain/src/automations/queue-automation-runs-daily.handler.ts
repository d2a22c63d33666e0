import type { SystemTaskHandler } from "@fieldops/tasks/task-definition";
import { enqueueForEveryCompany } from "../companies/enqueue-for-every-company.ts";
import type { queueAutomationRunsDailyTask } from "./queue-automation-runs-daily.task.ts";
import { queueAutomationRunsTask } from "./queue-automation-runs.task.ts";

/** Hands each company its own queuing task, once a day (UTC). */
export const queueAutomationRunsDaily: SystemTaskHandler<typeof queueAutomationRunsDailyTask.schema> = async (
  _payload,
  { db, queues },
) => enqueueForEveryCompany(db, queues, queueAutomationRunsTask, new Date().toISOString().slice(0, 10));
