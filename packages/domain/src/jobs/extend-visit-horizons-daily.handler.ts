import type { SystemJobHandler } from "@fieldops/jobs/job-definition";
import { enqueueForEveryCompany } from "../companies/enqueue-for-every-company.ts";
import type { extendVisitHorizonsDailyJob } from "./extend-visit-horizons-daily.job.ts";
import { extendVisitHorizonsJob } from "./extend-visit-horizons.job.ts";

/** Hands each company its own extension job, once a day (UTC). */
export const extendVisitHorizonsDaily: SystemJobHandler<typeof extendVisitHorizonsDailyJob.schema> = async (
  _payload,
  { db, queues },
) => enqueueForEveryCompany(db, queues, extendVisitHorizonsJob, new Date().toISOString().slice(0, 10));
