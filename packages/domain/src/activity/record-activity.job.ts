import { z } from "zod";
import { defineJob } from "@fieldops/jobs/job-definition";

export const recordActivityJob = defineJob({
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
