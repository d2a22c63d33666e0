import { Queue, type ConnectionOptions } from "bullmq";
import type { z } from "zod";
import type { JobDefinition, TenantJobPayload } from "./job-definition.ts";
import { QUEUE_NAMES, type QueueName } from "./queues.ts";

export const DEFAULT_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: "exponential", delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

export interface JobQueues {
  /**
   * Validates the payload and adds the job. `jobKey` makes the job id deterministic (`<job id>_<key>`; BullMQ forbids ":"), so adding
   * the same work twice runs it once.
   */
  enqueue<Schema extends z.ZodType<TenantJobPayload>>(
    definition: JobDefinition<Schema>,
    payload: z.input<Schema>,
    jobKey: string,
    /** Run it no sooner than this long from now. */
    options?: { delayMs?: number },
  ): Promise<string>;
  queue(name: QueueName): Queue;
  close(): Promise<void>;
}

export function createJobQueues(connection: ConnectionOptions, prefix?: string): JobQueues {
  const queues = new Map(
    QUEUE_NAMES.map((name) => [name, new Queue(name, { connection, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS })]),
  );
  const queue = (name: QueueName) => queues.get(name)!;
  return {
    async enqueue(definition, payload, jobKey, options = {}) {
      const data = definition.schema.parse(payload);
      const jobId = `${definition.id}_${jobKey}`;
      await queue(definition.queue).add(definition.id, data, { jobId, delay: Math.max(0, options.delayMs ?? 0) });
      return jobId;
    },
    queue,
    async close() {
      await Promise.all([...queues.values()].map((q) => q.close()));
    },
  };
}
