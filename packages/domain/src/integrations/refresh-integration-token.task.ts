import { defineTask } from "@fieldops/tasks/task-definition";
import { refreshIntegrationTokenPayloadSchema } from "./refresh-integration-token.ts";

/** Refreshes one company's tokens for one provider before they expire. */
export const refreshIntegrationTokenTask = defineTask({
  id: "refresh-integration-token",
  queue: "notifications",
  schema: refreshIntegrationTokenPayloadSchema,
});
