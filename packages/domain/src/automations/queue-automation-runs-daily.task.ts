import { z } from "zod";
import { defineSystemTask } from "@fieldops/tasks/task-definition";

/** Every day, each company's automation runs coming within the queue's horizon are handed to the queue. */
export const queueAutomationRunsDailyTask = defineSystemTask({
  id: "queue-automation-runs-daily",
  queue: "notifications",
  schema: z.object({}),
  pattern: "40 2 * * *",
});
