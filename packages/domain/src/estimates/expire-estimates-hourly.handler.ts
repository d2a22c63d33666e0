import type { SystemJobHandler } from "@fieldops/jobs/job-definition";
import { enqueueForEveryCompany } from "../companies/enqueue-for-every-company.ts";
import type { expireEstimatesHourlyJob } from "./expire-estimates-hourly.job.ts";
import { expireEstimatesJob } from "./expire-estimates.job.ts";

/** Hands each company its expiry job, once per hour (UTC). */
export const expireEstimatesHourly: SystemJobHandler<typeof expireEstimatesHourlyJob.schema> = async (
  _payload,
  { db, queues },
) => enqueueForEveryCompany(db, queues, expireEstimatesJob, new Date().toISOString().slice(0, 13).replace(/\D/g, ""));
