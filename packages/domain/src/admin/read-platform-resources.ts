import type { Redis } from "ioredis";
import type { Database } from "@fieldops/db";
import type { TaskQueues } from "@fieldops/tasks/enqueue";
import { QUEUE_NAMES } from "@fieldops/tasks/queues";
import type { PlatformResources } from "@fieldops/shared/admin";

/** A statement running longer than this counts as slow. */
const SLOW_QUERY_SECONDS = 1;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: Math.round((performance.now() - start) * 10) / 10 };
}

/** A field of Redis's INFO answer (`used_memory:123`), as text. */
function infoField(info: string, field: string): string {
  return info.match(new RegExp(`^${field}:(.*)$`, "m"))?.[1]?.trim() ?? "";
}

const number = (value: unknown) => Number(value ?? 0) || 0;

/**
 * The platform's shared resources now: each queue's job counts and workers (BullMQ's view of Redis), PostgreSQL's
 * connections, size and slow statements, Redis's memory and round trip. Read-only, for platform administrators.
 */
export async function readPlatformResources(deps: {
  db: Database;
  redis: Redis;
  queues: TaskQueues;
}): Promise<PlatformResources> {
  const queues = await Promise.all(
    QUEUE_NAMES.map(async (name) => {
      const queue = deps.queues.queue(name);
      const [counts, paused, workers] = await Promise.all([
        queue.getJobCounts("waiting", "active", "delayed", "failed", "completed", "prioritized", "waiting-children"),
        queue.isPaused(),
        queue.getWorkers(),
      ]);
      return { name, counts, paused, workers };
    }),
  );
  const database = await timed(
    () =>
      deps.db.$queryRaw<{ size: bigint; connections: bigint; max: string; active: bigint; slow: bigint }[]>`
      SELECT pg_database_size(current_database()) AS size,
             (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()) AS connections,
             current_setting('max_connections') AS max,
             (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND state = 'active') AS active,
             (SELECT count(*) FROM pg_stat_activity
               WHERE datname = current_database() AND state = 'active'
                 AND now() - query_start > make_interval(secs => ${SLOW_QUERY_SECONDS})) AS slow`,
  );
  const redis = await timed(() => deps.redis.ping());
  const info = await deps.redis.info();
  const row = database.value[0];
  return {
    checkedAt: new Date().toISOString(),
    queues: queues.map(({ name, counts, paused, workers }) => ({
      name,
      waiting: number(counts.waiting) + number(counts.prioritized) + number(counts["waiting-children"]),
      active: number(counts.active),
      delayed: number(counts.delayed),
      failed: number(counts.failed),
      completed: number(counts.completed),
      paused,
      workers: workers.length,
    })),
    workers: queues
      .flatMap(({ name, workers }) =>
        workers.map((worker) => ({
          queue: name,
          name: worker.name ?? "",
          address: worker.addr ?? "",
          ageSeconds: number(worker.age),
          idleSeconds: number(worker.idle),
        })),
      )
      .slice(0, 200),
    database: {
      ok: row !== undefined,
      pingMs: database.ms,
      sizeBytes: number(row?.size),
      connections: number(row?.connections),
      maxConnections: number(row?.max),
      activeQueries: number(row?.active),
      slowQueries: number(row?.slow),
    },
    redis: {
      ok: redis.value === "PONG",
      pingMs: redis.ms,
      usedMemoryBytes: number(infoField(info, "used_memory")),
      maxMemoryBytes: number(infoField(info, "maxmemory")),
      connectedClients: number(infoField(info, "connected_clients")),
      version: infoField(info, "redis_version"),
      uptimeSeconds: number(infoField(info, "uptime_in_seconds")),
    },
  };
}
