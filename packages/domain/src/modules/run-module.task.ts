import { z } from "zod";
import { defineTask } from "@fieldops/tasks/task-definition";

/** Runs one stored module run; its id is the task's key, so queueing a run twice runs it once. */
export const runModuleTask = defineTask({
  id: "run_module",
  queue: "modules",
  schema: z.object({ companyId: z.uuid(), runId: z.uuid(), requestId: z.string().nullable() }),
});
