import { z } from "zod";
import { defineTask } from "@fieldops/tasks/task-definition";
import { buildStageNameSchema } from "@fieldops/shared/builds";

/**
 * One stage of one run of a build. Its key names the build, the stage and the run, so a stage is queued once per run;
 * a retry or a rollback starts a new run, and a task of an older run finds it stale and does nothing.
 */
export const buildStageTask = defineTask({
  id: "build_stage",
  queue: "builds",
  schema: z.object({
    companyId: z.uuid(),
    buildId: z.uuid(),
    run: z.number().int().positive(),
    stage: buildStageNameSchema,
  }),
});
