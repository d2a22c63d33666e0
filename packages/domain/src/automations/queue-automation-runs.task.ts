import { z } from "zod";
import { defineTask } from "@fieldops/tasks/task-definition";

/** Hands one company's automation runs that came within the queue's horizon to the queue. */
export const queueAutomationRunsTask = defineTask({
  id: "queue-automation-runs",
  queue: "notifications",
  schema: z.object({ companyId: z.uuid() }),
});
