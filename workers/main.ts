import { readEnv } from "../packages/config/src/env.ts";
import { closeRedis, createDurableConnection, whenClosed } from "../packages/config/src/redis-connections.ts";
import { stopOnSignal } from "../packages/config/src/stop-on-signal.ts";
import { createDatabase } from "../packages/db/src/client.ts";
import { runWorkers } from "./run-workers.ts";

/** The worker process: consumes every queue until SIGINT/SIGTERM, then finishes the jobs in hand and exits. */
const env = readEnv();
const log = (message: string, detail?: Record<string, unknown>) =>
  console.log(JSON.stringify({ level: "info", time: Date.now(), service: "worker", msg: message, ...detail }));
const db = createDatabase(env.DATABASE_URL);
// BullMQ's connection waits through a Redis outage (it requires maxRetriesPerRequest: null) and resumes after it.
const redis = createDurableConnection(env.REDIS_URL, "worker", (level, message, detail) => log(message, { level, ...detail }));

const running = runWorkers({ connection: redis, db, redis, log });
log("workers started");

// Jobs in hand get a while to finish, unless Redis is down or goes: then none can, and waiting would only delay the
// stop. A job cut short is taken back by the next worker, as from a worker that died.
stopOnSignal(async () => {
  await Promise.race([running.close().catch(() => {}), whenClosed(redis)]);
  await Promise.allSettled([closeRedis(redis), db.$disconnect()]);
});
