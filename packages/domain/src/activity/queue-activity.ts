import { randomUUID } from "node:crypto";
import type { TaskQueues } from "@fieldops/tasks/enqueue";
import { recordActivityTask } from "./record-activity.task.ts";

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
export async function queueActivity(queues: TaskQueues, entry: ActivityEntry): Promise<string> {
  const activityId = randomUUID();
  await queues.enqueue(recordActivityTask, { ...entry, activityId }, activityId);
  return activityId;
}
