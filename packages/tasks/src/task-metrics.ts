import type { Redis } from "ioredis";

/**
 * What the workers did, counted in one Redis hash that every worker process adds to and every API process reads
 * for GET /metrics: one scrape target however many workers run, and counts that outlive a worker's restart.
 * Fields: `<queue>\t<task>\tcompleted|failed` (runs) and `<queue>\t<task>\tseconds` (time spent in handlers).
 */
export const TASK_METRICS_KEY = "fieldops:metrics:tasks";

export type TaskOutcome = "completed" | "failed";

export interface TaskMetricsRow {
  queue: string;
  task: string;
  completed: number;
  failed: number;
  seconds: number;
}

/** Counts one run of a task (a failed attempt counts as failed, also when BullMQ will try again). */
export async function recordTaskRun(
  redis: Redis,
  run: { queue: string; task: string; outcome: TaskOutcome; seconds: number },
): Promise<void> {
  const prefix = `${run.queue}\t${run.task}\t`;
  await redis
    .multi()
    .hincrby(TASK_METRICS_KEY, `${prefix}${run.outcome}`, 1)
    .hincrbyfloat(TASK_METRICS_KEY, `${prefix}seconds`, run.seconds)
    .exec();
}

export async function readTaskMetrics(redis: Redis): Promise<TaskMetricsRow[]> {
  const rows = new Map<string, TaskMetricsRow>();
  for (const [field, value] of Object.entries(await redis.hgetall(TASK_METRICS_KEY))) {
    const [queue = "", task = "", measure] = field.split("\t");
    const key = `${queue}\t${task}`;
    const row = rows.get(key) ?? { queue, task, completed: 0, failed: 0, seconds: 0 };
    if (measure === "completed" || measure === "failed" || measure === "seconds") row[measure] = Number(value);
    rows.set(key, row);
  }
  return [...rows.values()];
}
