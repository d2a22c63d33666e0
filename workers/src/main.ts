import { Redis } from "ioredis";
import { readEnv } from "@fieldops/config/env";
import { stopOnSignal } from "@fieldops/config/stop-on-signal";
import { createDatabase } from "@fieldops/db";
import { refuseUnsafeRuntimeRole } from "@fieldops/db/runtime-role";
import { runWorkers } from "./run-workers.ts";

/** The worker process: consumes every queue until SIGINT/SIGTERM, then finishes the jobs in hand and exits. */
const env = readEnv();
await refuseUnsafeRuntimeRole(env.DATABASE_URL, "worker");
const db = createDatabase(env.DATABASE_URL, { contextKey: env.DATABASE_CONTEXT_KEY });
const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
const log = (message: string, detail?: Record<string, unknown>) =>
  console.log(JSON.stringify({ level: "info", time: Date.now(), service: "worker", msg: message, ...detail }));

const running = runWorkers({ connection: redis, db, redis, log });
log("workers started");

// Jobs in hand get a while to finish.
stopOnSignal(async () => {
  await running.close().catch(() => {});
  await Promise.allSettled([redis.quit().catch(() => redis.disconnect()), db.$disconnect()]);
});
