import { z } from "zod";
import { defineJob } from "@fieldops/jobs/job-definition";

/** Marks one company's sent estimates past their last day expired. */
export const expireEstimatesJob = defineJob({
  id: "expire-estimates",
  queue: "notifications",
  schema: z.object({ companyId: z.uuid() }),
});
