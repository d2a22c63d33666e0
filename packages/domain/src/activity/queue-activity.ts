import { randomUUID } from "node:crypto";
import type { JobQueues } from "@fieldops/jobs/enqueue";
import { recordActivityJob } from "./record-activity.job.ts";

export interface ActivityEntry {
  companyId: string;
  actorUserId: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  summary: string;
  requestId: string | null;
}

/**
 * Queues an entry of the company's activity feed; the worker writes it once (its id is the job's key) and tells the
 * company's open screens. Returns the entry's id.
 */
export async function queueActivity(queues: JobQueues, entry: ActivityEntry): Promise<string> {
  const activityId = randomUUID();
  await queues.enqueue(recordActivityJob, { ...entry, activityId }, activityId);
  return activityId;
}
