import { z } from "zod";
import { defineJob } from "@fieldops/jobs/job-definition";
import { buildStageNameSchema } from "@fieldops/shared/builds";

/**
 * One stage of one run of a build. Its key names the build, the stage and the run, so a stage is queued once per run;
 * a retry or a rollback starts a new run, and a job of an older run finds it stale and does nothing.
 */
export const buildStageJob = defineJob({
  id: "build_stage",
  queue: "builds",
  schema: z.object({
    companyId: z.uuid(),
    buildId: z.uuid(),
    run: z.number().int().positive(),
    stage: buildStageNameSchema,
  }),
});
