import { withTenant } from "@fieldops/db";
import { publishEvent } from "@fieldops/events/company-stream";
import type { TaskHandler } from "@fieldops/tasks/task-definition";
import { expireEstimates as expire } from "./expire-estimates.ts";
import type { expireEstimatesTask } from "./expire-estimates.task.ts";

export const expireEstimates: TaskHandler<typeof expireEstimatesTask.schema> = async (payload, { db, redis }) => {
  const ids = await withTenant(db, payload.companyId, (tx) => expire(tx, new Date()));
  if (ids.length > 0)
    await publishEvent(
      redis,
      { name: "estimates.changed", payload: { estimateIds: ids.slice(0, 1000) } },
      { companyId: payload.companyId, requestId: null },
    );
};
