import { z } from "zod";
import { defineTask } from "@fieldops/tasks/task-definition";

/** Rolls every open recurring job of one company forward to the visit horizon. */
export const extendVisitHorizonsTask = defineTask({
  id: "extend-visit-horizons",
  queue: "visits",
  schema: z.object({ companyId: z.uuid() }),
});
