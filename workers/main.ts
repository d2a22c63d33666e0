import { Redis } from "ioredis";
import { readEnv } from "../packages/config/src/env.ts";
import { createLogger } from "../packages/config/src/logger.ts";
import { stopOnSignal } from "../packages/config/src/stop-on-signal.ts";
import { createDatabase } from "../packages/db/src/client.ts";
import { runWorkers } from "./run-workers.ts";

/** The worker process: consumes every queue until SIGINT/SIGTERM, then finishes the jobs in hand and exits. */
const env = readEnv();
const db = createDatabase(env.DATABASE_URL);
const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
const logger = createLogger("worker", env.LOG_LEVEL);

// runWorkers reports only failures: a job that failed or a worker that lost its connection.
const running = runWorkers({ connection: redis, db, redis, log: (message, detail) => logger.error(detail ?? {}, message) });
logger.info("workers started");

// Jobs in hand get a while to finish.
stopOnSignal(async () => {
  await running.close().catch(() => {});
  await Promise.allSettled([redis.quit().catch(() => redis.disconnect()), db.$disconnect()]);
});
