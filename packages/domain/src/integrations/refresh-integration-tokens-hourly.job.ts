import { z } from "zod";
import { defineSystemJob } from "@fieldops/jobs/job-definition";

/** Every hour, each connection whose tokens expire within the refresh margin gets a refresh job. */
export const refreshIntegrationTokensHourlyJob = defineSystemJob({
  id: "refresh-integration-tokens-hourly",
  queue: "notifications",
  schema: z.object({}),
  pattern: "20 * * * *",
});
