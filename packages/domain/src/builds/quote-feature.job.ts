import { z } from "zod";
import { defineJob } from "@fieldops/jobs/job-definition";

/** Turns a stored quote request into its spec and price; the proposal's id is the job's key, so it runs once. */
export const quoteFeatureJob = defineJob({
  id: "quote_feature",
  queue: "builds",
  schema: z.object({ companyId: z.uuid(), proposalId: z.uuid() }),
});
