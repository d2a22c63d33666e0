import { withTenant } from "@fieldops/db";
import { toActivity } from "./to-activity.ts";
import { publishEvent } from "@fieldops/events/company-stream";
import type { TaskHandler } from "@fieldops/tasks/task-definition";
import type { recordActivityTask } from "./record-activity.task.ts";

/** Writes the audit log entry (once, whatever the retries) and tells the company's open screens about it. */
export const recordActivity: TaskHandler<typeof recordActivityTask.schema> = async (payload, { db, redis }) => {
  const entry = await withTenant(db, payload.companyId, (tx) =>
    tx.auditLog.upsert({
      where: { id: payload.activityId },
      update: {},
      create: {
        id: payload.activityId,
        companyId: payload.companyId,
        actorUserId: payload.actorUserId,
        action: payload.action,
        entityType: payload.entityType,
        entityId: payload.entityId,
        metadata: { summary: payload.summary },
      },
    }),
  );
  await publishEvent(
    redis,
    {
      name: "activity.recorded",
      payload: toActivity(entry),
    },
    { companyId: payload.companyId, requestId: payload.requestId },
  );
};
