import type { Redis } from "ioredis";
import type { Prisma } from "@fieldops/db";
import { publishEvents } from "@fieldops/events/company-stream";
import { taskJobId, type TaskQueues } from "@fieldops/tasks/enqueue";
import { QUEUE_NAMES, type QueueName } from "@fieldops/tasks/queues";
import { currentRequestId, tracedJobData } from "@fieldops/tasks/request-trace";
import { appEventSchema } from "@fieldops/shared/events";

/** A row of `pending_effects`: an event to publish or a task to enqueue once its transaction has committed. */
export interface PendingEffectRow {
  id: string;
  companyId: string;
  kind: "event" | "task";
  name: string;
  payload: Prisma.InputJsonValue;
  userId: string | null;
  requestId: string | null;
  queue: string | null;
  taskKey: string | null;
  delayMs: number | null;
  position: number;
  createdAt: Date;
}

const isQueueName = (name: string | null): name is QueueName => QUEUE_NAMES.includes(name as QueueName);

/**
 * Publishes the events (in order, one round trip per company and request) and enqueues the tasks of committed rows.
 * Relaying a row twice is harmless: a task's BullMQ id is deterministic, so it runs once, and an event only tells
 * screens to refetch what they show.
 */
export async function relayEffects(
  deps: { redis: Redis; queues: TaskQueues },
  rows: readonly PendingEffectRow[],
): Promise<void> {
  const batches = new Map<string, PendingEffectRow[]>();
  for (const row of rows) {
    if (row.kind === "task") continue;
    const key = `${row.companyId}\n${row.requestId ?? ""}`;
    batches.set(key, [...(batches.get(key) ?? []), row]);
  }
  for (const batch of batches.values()) {
    await publishEvents(
      deps.redis,
      batch.map((row) => ({
        event: appEventSchema.parse({ name: row.name, payload: row.payload }),
        userId: row.userId,
      })),
      { companyId: batch[0]!.companyId, requestId: batch[0]!.requestId },
    );
  }
  for (const row of rows) {
    if (row.kind !== "task") continue;
    if (!isQueueName(row.queue) || row.taskKey === null) throw new Error(`Pending task ${row.id} has no queue or key`);
    const delay = Math.max(0, (row.delayMs ?? 0) - (Date.now() - row.createdAt.getTime()));
    // A task carries the request it answers (the use case's, or that of the task whose handler queued it).
    const data = tracedJobData(row.payload as object, row.requestId ?? currentRequestId());
    await deps.queues.queue(row.queue).add(row.name, data, { jobId: taskJobId(row.name, row.taskKey), delay });
  }
}

/**
 * How a row is marked relayed: when, and without its payload. A relayed row is kept a day to trace what a request
 * caused, and no longer needs the customer's details or a link's token a task carried.
 */
export const markedRelayed = () => ({ relayedAt: new Date(), payload: {} });
