import { defineJob } from "@fieldops/jobs/job-definition";
import { refreshIntegrationTokenPayloadSchema } from "./refresh-integration-token.ts";

/** Refreshes one company's tokens for one provider before they expire. */
export const refreshIntegrationTokenJob = defineJob({
  id: "refresh-integration-token",
  queue: "notifications",
  schema: refreshIntegrationTokenPayloadSchema,
});
