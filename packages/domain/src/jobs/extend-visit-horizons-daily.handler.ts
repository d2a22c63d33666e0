import type { SystemTaskHandler } from "@fieldops/tasks/task-definition";
import { enqueueForEveryCompany } from "../companies/enqueue-for-every-company.ts";
import type { extendVisitHorizonsDailyTask } from "./extend-visit-horizons-daily.task.ts";
import { extendVisitHorizonsTask } from "./extend-visit-horizons.task.ts";

/** Hands each company its own extension job, once a day (UTC). */
export const extendVisitHorizonsDaily: SystemTaskHandler<typeof extendVisitHorizonsDailyTask.schema> = async (
  _payload,
  { db, queues },
) => enqueueForEveryCompany(db, queues, extendVisitHorizonsTask, new Date().toISOString().slice(0, 10));
