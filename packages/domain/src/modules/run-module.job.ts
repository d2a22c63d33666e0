import { z } from "zod";
import { defineJob } from "@fieldops/jobs/job-definition";

/** Runs one stored module run; its id is the job's key, so queueing a run twice runs it once. */
export const runModuleJob = defineJob({
  id: "run_module",
  queue: "modules",
  schema: z.object({ companyId: z.uuid(), runId: z.uuid(), requestId: z.string().nullable() }),
});
