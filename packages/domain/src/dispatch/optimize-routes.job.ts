import { z } from "zod";
import { defineJob } from "@fieldops/jobs/job-definition";

/** Computes the proposal of a route plan row (an optimized day or a re-planned rest of a day). */
export const optimizeRoutesJob = defineJob({
  id: "optimize_routes",
  queue: "optimizer",
  schema: z.object({ companyId: z.uuid(), planId: z.uuid(), requestId: z.string().nullable() }),
});
