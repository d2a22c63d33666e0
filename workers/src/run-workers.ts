import { Worker, type ConnectionOptions, type Job } from "bullmq";
import type { Redis } from "ioredis";
import type { Database } from "@fieldops/db";
import { QUEUE_NAMES } from "@fieldops/jobs/queues";
import { JOBS } from "@fieldops/domain/jobs";

export interface RunWorkersOptions {
  connection: ConnectionOptions;
  db: Database;
  /** Used by handlers to publish events. */
  redis: Redis;
  prefix?: string;
  concurrency?: number;
  log?: (message: string, detail?: Record<string, unknown>) => void;
}

export interface RunningWorkers {
  workers: Worker[];
  close(): Promise<void>;
}

/** One BullMQ worker per queue; each job is validated against its definition before its handler runs. */
export function runWorkers(options: RunWorkersOptions): RunningWorkers {
  const log = options.log ?? (() => {});
  const process = async (job: Job) => {
    const registered = JOBS.get(job.name);
    if (!registered) throw new Error(`Unknown job "${job.name}"`);
    const payload = registered.definition.schema.parse(job.data);
    await registered.handler(payload, { db: options.db, redis: options.redis, jobId: job.id ?? job.name });
  };
  const workers = QUEUE_NAMES.map((name) => {
    const worker = new Worker(name, process, {
      connection: options.connection,
      prefix: options.prefix,
      concurrency: options.concurrency ?? 10,
    });
    worker.on("failed", (job, error) => log("job failed", { queue: name, job: job?.id, error: error.message }));
    worker.on("error", (error) => log("worker error", { queue: name, error: error.message }));
    return worker;
  });
  return {
    workers,
    async close() {
      await Promise.all(workers.map((worker) => worker.close()));
    },
  };
}
