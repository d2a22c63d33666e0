import { z } from "zod";
import { defineTask } from "@fieldops/tasks/task-definition";

export const recordActivityTask = defineTask({
  id: "record-activity",
  queue: "activity",
  schema: z.object({
    companyId: z.uuid(),
    activityId: z.uuid(),
    actorUserId: z.uuid().nullable(),
    action: z.string().min(1),
    entityType: z.string().min(1),
    entityId: z.string().nullable(),
    summary: z.string().min(1),
    requestId: z.string().nullable(),
  }),
});
