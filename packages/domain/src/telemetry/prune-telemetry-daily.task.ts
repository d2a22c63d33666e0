import { z } from "zod";
import { defineSystemTask } from "@fieldops/tasks/task-definition";

/** Every night, telemetry older than the admin views reach back is deleted, so the tables stay the size of the range. */
export const pruneTelemetryDailyTask = defineSystemTask({
  id: "prune-telemetry-daily",
  queue: "activity",
  schema: z.object({}),
  pattern: "17 3 * * *",
});
