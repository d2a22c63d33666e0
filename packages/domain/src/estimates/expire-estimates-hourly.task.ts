import { z } from "zod";
import { defineSystemTask } from "@fieldops/tasks/task-definition";

/**
 * Every hour, each company's estimates whose last day has passed are marked expired (one expire-estimates task each).
 * Hourly rather than daily because a day ends at a different hour in each company's time zone; screens and the
 * review page derive the status meanwhile, so an estimate is never approvable past its date.
 */
export const expireEstimatesHourlyTask = defineSystemTask({
  id: "expire-estimates-hourly",
  queue: "notifications",
  schema: z.object({}),
  pattern: "5 * * * *",
});
