import { z } from "zod";
import { defineSystemJob } from "@fieldops/jobs/job-definition";

/** Every day, each company's recurring jobs are rolled forward to the horizon (one extend-visit-horizons job each). */
export const extendVisitHorizonsDailyJob = defineSystemJob({
  id: "extend-visit-horizons-daily",
  queue: "visits",
  schema: z.object({}),
  pattern: "15 3 * * *",
});
