import { SpanKind, SpanStatusCode, context, trace } from "@opentelemetry/api";
import { Worker, type ConnectionOptions, type Job } from "bullmq";
import type { Redis } from "ioredis";
import type { Env } from "@fieldops/config/env";
import { redactUrl, type Logger } from "@fieldops/config/logger";
import { TRACER_NAME } from "@fieldops/config/tracing";
import type { Database } from "@fieldops/db";
import { isDatabaseUnavailable } from "@fieldops/db/database-unavailable";
import { createTaskQueues, type TaskQueues } from "@fieldops/tasks/enqueue";
import type { TaskContext } from "@fieldops/tasks/task-definition";
import { QUEUE_NAMES, type QueueName } from "@fieldops/tasks/queues";
import { jobRequestId, jobTraceContext, withRequestId } from "@fieldops/tasks/request-trace";
import { recordTaskRun, type TaskOutcome } from "@fieldops/tasks/task-metrics";
import { TASKS } from "@fieldops/domain/tasks";
import { prunePendingEffects, sweepPendingEffects } from "@fieldops/domain/effects/sweep-pending-effects";

/**
 * A worker that dies holding tasks (kill -9, out of memory) leaves them active under a lock it no longer renews.
 * Another worker takes them back once the lock has expired, at its next stalled-job check: with these values
 * within about LOCK_DURATION_MS + STALLED_INTERVAL_MS. A task taken back after a false alarm (an event loop blocked
 * longer than half the lock) runs twice, which handlers allow: every handler is idempotent.
 */
export const LOCK_DURATION_MS = 5000;
export const STALLED_INTERVAL_MS = 2000;
/** A task that stalls more often than this (it may be what kills its worker) fails instead of going round again. */
export const MAX_STALLED_COUNT = 2;
/** While PostgreSQL is down the queue pauses this long between tries; the task waits without using an attempt. */
export const DATABASE_RETRY_MS = 2000;
/** How often the worker relays the effects a dead process left in `pending_effects`, and prunes relayed ones. */
export const SWEEP_INTERVAL_MS = 2000;
const PRUNE_EVERY_SWEEPS = 1800;
/**
 * An optimization keeps a core busy (in a thread of its own) for its whole budget: one at a time per process. An
 * import's task asks the geocoder several addresses at once itself: two imports at a time spare the geocoder.
 */
const QUEUE_CONCURRENCY: Partial<Record<QueueName, number>> = { optimizer: 1, imports: 2 };

export interface RunWorkersOptions {
  connection: ConnectionOptions;
  db: Database;
  /** Used by handlers to publish events. */
  redis: Redis;
  prefix?: string;
  concurrency?: number;
  /** An OSRM server for the route optimizer's travel times; straight-line estimates without it. */
  osrmUrl?: string;
  /** The configuration, for tasks that call outside services. */
  env?: Env;
  log?: (message: string, detail?: Record<string, unknown>) => void;
  /**
   * The process's logger: each task logs through a child of it that names the request it answers (`reqId`, as the
   * API's request lines do), its queue, task and job; its end at debug with its duration, a failure at warn.
   */
  logger?: Logger;
  /** The model tasks may ask; none without OPENAI_API_KEY. */
  model?: TaskContext["model"];
  /** How often to sweep `pending_effects`; 0 runs no sweeper (a test that sweeps by hand). */
  sweepIntervalMs?: number;
}

export interface RunningWorkers {
  workers: Worker[];
  /** The queues handlers add tasks to. */
  queues: TaskQueues;
  close(): Promise<void>;
}

/** One BullMQ worker per queue; each task is validated against its definition before its handler runs. */
export function runWorkers(options: RunWorkersOptions): RunningWorkers {
  const log = options.log ?? (() => {});
  const queues = createTaskQueues(options.connection, options.prefix);
  const taskLogger = (job: Job) =>
    options.logger?.child({ reqId: jobRequestId(job.data), queue: job.queueName, task: job.name, job: job.id });
  const warnings = (logger: Logger | undefined): typeof log =>
    logger ? (message, detail) => logger.warn(detail ?? {}, message) : log;
  // Counted for GET /metrics without waiting: a count lost to a Redis hiccup costs less than a slower task.
  const count = (job: Job, outcome: TaskOutcome, startedAt: number) =>
    void recordTaskRun(options.redis, {
      queue: job.queueName,
      task: job.name,
      outcome,
      seconds: (performance.now() - startedAt) / 1000,
    }).catch(() => {});
  const tracer = trace.getTracer(TRACER_NAME);
  /**
   * A consumer span per run of a task, the child of the span that queued it (the request's, or the task's whose
   * handler queued it), so one trace follows a request into its tasks. A no-op span when tracing is off.
   */
  const traced = async (job: Job, work: () => Promise<void>) => {
    const span = tracer.startSpan(
      `${job.queueName} ${job.name}`,
      {
        kind: SpanKind.CONSUMER,
        attributes: {
          "messaging.system": "bullmq",
          "messaging.operation.type": "process",
          "messaging.destination.name": job.queueName,
          "messaging.message.id": job.id ?? "",
          "fieldops.task": job.name,
          "fieldops.attempt": job.attemptsMade + 1,
          "fieldops.request_id": jobRequestId(job.data),
        },
      },
      jobTraceContext(job.data),
    );
    try {
      await context.with(trace.setSpan(context.active(), span), work);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: redactUrl(message) });
      throw error;
    } finally {
      span.end();
    }
  };
  const processor = (worker: () => Worker) => (job: Job) => traced(job, () => runTask(worker, job));
  const runTask = async (worker: () => Worker, job: Job) => {
    const registered = TASKS.get(job.name);
    if (!registered) throw new Error(`Unknown job "${job.name}"`);
    const payload = registered.definition.schema.parse(job.data);
    const startedAt = performance.now();
    const logger = taskLogger(job);
    const jobLog = warnings(logger);
    try {
      const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      // Tasks this handler queues carry the same request id.
      await withRequestId(jobRequestId(job.data) ?? `task:${job.id ?? job.name}`, () =>
        registered.handler(payload, {
          db: options.db,
          redis: options.redis,
          taskId: job.id ?? job.name,
          osrmUrl: options.osrmUrl,
          env: options.env,
          queues,
          finalAttempt,
          model: options.model ?? null,
          log: jobLog,
        }),
      );
      count(job, "completed", startedAt);
      logger?.debug({ ms: Math.round(performance.now() - startedAt) }, "task done");
    } catch (error) {
      if (!isDatabaseUnavailable(error)) {
        count(job, "failed", startedAt);
        throw error;
      }
      // An outage is not the task's fault: it goes back to the queue, which waits a moment, and keeps its attempts.
      jobLog("database unavailable; job put back", { queue: job.queueName, job: job.id });
      await worker().rateLimit(DATABASE_RETRY_MS);
      throw Worker.RateLimitError();
    }
  };
  const workers = QUEUE_NAMES.map((name) => {
    const worker: Worker = new Worker(
      name,
      processor(() => worker),
      {
        connection: options.connection,
        prefix: options.prefix,
        concurrency: QUEUE_CONCURRENCY[name] ?? options.concurrency ?? 10,
        lockDuration: LOCK_DURATION_MS,
        stalledInterval: STALLED_INTERVAL_MS,
        maxStalledCount: MAX_STALLED_COUNT,
      },
    );
    worker.on("failed", (job, error) =>
      warnings(job ? taskLogger(job) : undefined)("task failed", { queue: name, job: job?.id, error: error.message }),
    );
    worker.on("error", (error) => {
      // Losing Redis is logged once by the connection's owner; BullMQ reports it again on each reconnection attempt.
      if (/ECONNREFUSED|ECONNRESET|EPIPE|Connection is closed/.test(error.message)) return;
      log("worker error", { queue: name, error: error.message });
    });
    worker.on("stalled", (jobId) => log("task taken back from a worker that stopped", { queue: name, job: jobId }));
    return worker;
  });
  const sweeper = startEffectSweeper(options, queues, log);
  return {
    workers,
    queues,
    async close() {
      await sweeper.stop();
      await Promise.all(workers.map((worker) => worker.close()));
      await queues.close();
    },
  };
}

/**
 * Relays, every `sweepIntervalMs`, what use cases committed to `pending_effects` but no process relayed (it died, or
 * Redis failed it), and now and then prunes relayed rows. One sweep at a time per process; several workers share the
 * rows through `FOR UPDATE SKIP LOCKED`.
 */
function startEffectSweeper(
  options: RunWorkersOptions,
  queues: TaskQueues,
  log: NonNullable<RunWorkersOptions["log"]>,
) {
  const intervalMs = options.sweepIntervalMs ?? SWEEP_INTERVAL_MS;
  if (intervalMs <= 0) return { stop: async () => {} };
  let sweeps = 0;
  let inFlight: Promise<void> | null = null;
  const sweep = async () => {
    try {
      const relayed = await sweepPendingEffects({ db: options.db, redis: options.redis, queues });
      if (relayed > 0) log("relayed effects left behind", { relayed });
      if (++sweeps % PRUNE_EVERY_SWEEPS === 0) await prunePendingEffects(options.db);
    } catch (error) {
      // The database or Redis is down: the rows wait for the next sweep.
      if (!isDatabaseUnavailable(error)) log("effect sweep failed", { error: (error as Error).message });
    }
  };
  const timer = setInterval(() => {
    inFlight ??= sweep().finally(() => (inFlight = null));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await inFlight;
    },
  };
}
