import { z } from "zod";
import { defineTask } from "@fieldops/tasks/task-definition";

/** Closes an approval request nobody decided in time and tells its requester; keyed by the run, so queued once. */
export const expireModuleApprovalTask = defineTask({
  id: "expire_module_approval",
  queue: "modules",
  schema: z.object({ companyId: z.uuid(), runId: z.uuid() }),
});
