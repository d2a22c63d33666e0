import "@fieldops/config/load-dotenv";
import { mailConfigurationProblem, readEnv } from "@fieldops/config/env";
import { createLogger } from "@fieldops/config/logger";
import { closeRedis, createDurableConnection, whenClosed } from "@fieldops/config/redis-connections";
import { stopOnSignal } from "@fieldops/config/stop-on-signal";
import { startTracing } from "@fieldops/config/tracing";
import { createDatabase } from "@fieldops/db";
import { refuseUnsafeRuntimeRole } from "@fieldops/db/runtime-role";
import { modelConfigFromEnv } from "@fieldops/domain/assistant/model-config";
import { flushRelayMarks } from "@fieldops/domain/effects/relay-marks";
import { scheduleSystemTasks } from "@fieldops/domain/tasks";
import { startMailCatcher } from "@fieldops/domain/outbox/mail-catcher";
import { closeMailTransports } from "@fieldops/domain/outbox/mail-transport";
import { runWorkers } from "./run-workers.ts";

/** The worker process: consumes every queue until SIGINT/SIGTERM, then finishes the tasks in hand and exits. */
const env = readEnv();
const mailProblem = mailConfigurationProblem(env);
if (mailProblem) {
  console.error(`[worker] ${mailProblem}`);
  process.exit(1);
}
await refuseUnsafeRuntimeRole(env.DATABASE_URL, "worker");
const tracing = await startTracing("fieldops-worker", env);
const logger = createLogger("worker", env.LOG_LEVEL);
const db = createDatabase(env.DATABASE_URL, { contextKey: env.DATABASE_CONTEXT_KEY });
// BullMQ's connection waits through a Redis outage (it requires maxRetriesPerRequest: null) and resumes after it.
const redis = createDurableConnection(env.REDIS_URL, "worker", (level, message, detail) =>
  logger[level](detail, message),
);

// runWorkers reports what went wrong: a task that failed, was taken back, or waits for the database.
const running = runWorkers({
  connection: redis,
  db,
  redis,
  osrmUrl: env.OSRM_URL,
  env,
  model: modelConfigFromEnv(env),
  log: (message, detail) => logger.warn(detail ?? {}, message),
  logger,
});
await scheduleSystemTasks(running.queues);

// npm start without SMTP_URL: this worker is also the local mail catcher its dispatcher sends to.
const catcher = env.MAIL_CATCHER_PORT
  ? await startMailCatcher({
      db,
      redis,
      queues: running.queues,
      port: env.MAIL_CATCHER_PORT,
      log: (message, detail) => logger.warn(detail ?? {}, message),
    })
  : null;
if (catcher) logger.info({ port: catcher.port }, "local mail catcher listening");
logger.info("workers started");

// Tasks in hand get a while to finish, unless Redis is down or goes: then none can, and waiting would only delay the
// stop. A task cut short is taken back by the next worker, as from a worker that died.
stopOnSignal(async () => {
  await Promise.race([running.close().catch(() => {}), whenClosed(redis)]);
  closeMailTransports();
  await catcher?.close();
  await flushRelayMarks(db);
  await Promise.allSettled([closeRedis(redis), db.$disconnect(), tracing?.shutdown()]);
});
