import { z } from "zod";
import { defineSystemTask } from "@fieldops/tasks/task-definition";

/** Every day, each company's recurring jobs are rolled forward to the horizon (one extend-visit-horizons task each). */
export const extendVisitHorizonsDailyTask = defineSystemTask({
  id: "extend-visit-horizons-daily",
  queue: "visits",
  schema: z.object({}),
  pattern: "15 3 * * *",
});
