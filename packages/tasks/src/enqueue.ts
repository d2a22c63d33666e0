import { FlowProducer, Queue, type ConnectionOptions, type DefaultJobOptions, type FlowJob } from "bullmq";
import type { z } from "zod";
import type { TaskDefinition, TenantTaskPayload } from "./task-definition.ts";
import { QUEUE_NAMES, type QueueName } from "./queues.ts";
import { tracedJobData } from "./request-trace.ts";

export const DEFAULT_TASK_OPTIONS = {
  attempts: 3,
  backoff: { type: "exponential", delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/**
 * Queues whose tasks retry differently from the default. Sending e-mail: a mail server that refuses for a while (4xx,
 * greylisting, an outage) is tried 6 times over about a minute (2, 4, 8, 16, 32 s apart).
 */
export const QUEUE_TASK_OPTIONS: Partial<Record<QueueName, DefaultJobOptions>> = {
  mail: { attempts: 6, backoff: { type: "exponential", delay: 2000 } },
  /** Webhooks: 8 tries, 10, 20, 40 … 640 minutes apart (about 21 hours), as receivers' outages can last (WEBHOOK_DELIVERY_ATTEMPTS). */
  webhooks: { attempts: 8, backoff: { type: "exponential", delay: 10 * 60_000 } },
  // QuickBooks throttles (429) and has outages: a push is tried 8 times over about four minutes (1, 2, 4 … 64 s apart).
  quickbooks: { attempts: 8, backoff: { type: "exponential", delay: 1000 } },
  // Stripe's events: the webhook has already answered 200, so Stripe will not send the event again on its own; its
  // task is tried 12 times over about half an hour (1, 2, 4 … 1024 s apart) through a database or Stripe outage.
  payments: { attempts: 12, backoff: { type: "exponential", delay: 1000 } },
};

/** A task's BullMQ job id: `<task id>_<key>` (BullMQ forbids ":"), the same for the same work however often it is added. */
export const taskJobId = (taskId: string, taskKey: string) => `${taskId}_${taskKey}`;

export interface TaskQueues {
  /**
   * Validates the payload and adds the task. `taskKey` makes its BullMQ job id deterministic (`<task id>_<key>`; BullMQ forbids ":"), so adding
   * the same work twice runs it once.
   */
  enqueue<Schema extends z.ZodType<TenantTaskPayload>>(
    definition: TaskDefinition<Schema>,
    payload: z.input<Schema>,
    taskKey: string,
    /** Run it no sooner than this long from now. */
    options?: { delayMs?: number },
  ): Promise<string>;
  /**
   * Adds tasks that run one after another as one BullMQ flow: each waits for the one before it to complete, and a task
   * that fails for good fails the ones after it. Keys make the ids deterministic, as with `enqueue`.
   */
  enqueueChain<Schema extends z.ZodType<TenantTaskPayload>>(
    definition: TaskDefinition<Schema>,
    steps: readonly { payload: z.input<Schema>; taskKey: string }[],
  ): Promise<string[]>;
  queue(name: QueueName): Queue;
  close(): Promise<void>;
}

export function createTaskQueues(connection: ConnectionOptions, prefix?: string): TaskQueues {
  const queues = new Map(
    QUEUE_NAMES.map((name) => [
      name,
      new Queue(name, {
        connection,
        prefix,
        defaultJobOptions: { ...DEFAULT_TASK_OPTIONS, ...QUEUE_TASK_OPTIONS[name] },
      }),
    ]),
  );
  const queue = (name: QueueName) => queues.get(name)!;
  let flows: FlowProducer | null = null;
  return {
    async enqueue(definition, payload, taskKey, options = {}) {
      const data = definition.schema.parse(payload);
      const jobId = taskJobId(definition.id, taskKey);
      await queue(definition.queue).add(definition.id, tracedJobData(data), {
        jobId,
        delay: Math.max(0, options.delayMs ?? 0),
      });
      return jobId;
    },
    async enqueueChain(definition, steps) {
      const ids = steps.map((step) => taskJobId(definition.id, step.taskKey));
      // A flow runs children before their parent: the last step is the root, the first the deepest child.
      let tree: FlowJob | undefined;
      steps.forEach((step, index) => {
        const job: FlowJob = {
          name: definition.id,
          queueName: definition.queue,
          data: tracedJobData(definition.schema.parse(step.payload)),
          opts: { ...DEFAULT_TASK_OPTIONS, jobId: ids[index], failParentOnFailure: true },
          ...(tree ? { children: [tree] } : {}),
        };
        tree = job;
      });
      if (!tree) return [];
      flows ??= new FlowProducer({ connection, prefix });
      await flows.add(tree);
      return ids;
    },
    queue,
    async close() {
      await Promise.all([...queues.values()].map((q) => q.close()));
      await flows?.close();
    },
  };
}
