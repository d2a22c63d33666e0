import type { SystemTaskHandler } from "@fieldops/tasks/task-definition";
import { enqueueForEveryCompany } from "../companies/enqueue-for-every-company.ts";
import type { expireEstimatesHourlyTask } from "./expire-estimates-hourly.task.ts";
import { expireEstimatesTask } from "./expire-estimates.task.ts";

/** Hands each company its expiry job, once per hour (UTC). */
export const expireEstimatesHourly: SystemTaskHandler<typeof expireEstimatesHourlyTask.schema> = async (
  _payload,
  { db, queues },
) => enqueueForEveryCompany(db, queues, expireEstimatesTask, new Date().toISOString().slice(0, 13).replace(/\D/g, ""));
