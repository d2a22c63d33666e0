import { z } from "zod";
import { defineTask } from "@fieldops/tasks/task-definition";

/** Computes the proposal of a route plan row (an optimized day or a re-planned rest of a day). */
export const optimizeRoutesTask = defineTask({
  id: "optimize_routes",
  queue: "optimizer",
  schema: z.object({ companyId: z.uuid(), planId: z.uuid(), requestId: z.string().nullable() }),
});
