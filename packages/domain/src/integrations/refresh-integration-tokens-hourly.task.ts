import { z } from "zod";
import { defineSystemTask } from "@fieldops/tasks/task-definition";

/** Every hour, each connection whose tokens expire within the refresh margin gets a refresh task. */
export const refreshIntegrationTokensHourlyTask = defineSystemTask({
  id: "refresh-integration-tokens-hourly",
  queue: "notifications",
  schema: z.object({}),
  pattern: "20 * * * *",
});
