import { z } from "zod";
import { defineTask } from "@fieldops/tasks/task-definition";

/** Fires one planned automation run (delayed to its time); the run's row makes it act once. */
export const runAutomationTask = defineTask({
  id: "run-automation",
  queue: "notifications",
  schema: z.object({ companyId: z.uuid(), runId: z.uuid() }),
});
