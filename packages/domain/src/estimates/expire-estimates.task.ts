import { z } from "zod";
import { defineTask } from "@fieldops/tasks/task-definition";

/** Marks one company's sent estimates past their last day expired. */
export const expireEstimatesTask = defineTask({
  id: "expire-estimates",
  queue: "notifications",
  schema: z.object({ companyId: z.uuid() }),
});
