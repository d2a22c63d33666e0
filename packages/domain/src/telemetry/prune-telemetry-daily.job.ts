import { z } from "zod";
import { defineSystemJob } from "@fieldops/jobs/job-definition";

/** Every night, telemetry older than the admin views reach back is deleted, so the tables stay the size of the range. */
export const pruneTelemetryDailyJob = defineSystemJob({
  id: "prune-telemetry-daily",
  queue: "activity",
  schema: z.object({}),
  pattern: "17 3 * * *",
});
