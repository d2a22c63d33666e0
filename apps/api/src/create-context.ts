import { fileStorageSettings, type Env } from "@fieldops/config/env";
import {
  closeRedis,
  createCommandConnection,
  createDurableConnection,
  whenReady,
  type ConnectionLog,
} from "@fieldops/config/redis-connections";
import { createDatabase } from "@fieldops/db";
import { createTaskQueues } from "@fieldops/tasks/enqueue";
import { createAuthenticator } from "./auth/authenticate.ts";
import { createLoginRateLimiter } from "@fieldops/domain/accounts/login-rate-limit";
import { flushRelayMarks } from "@fieldops/domain/effects/relay-marks";
import { diskFileStorage } from "@fieldops/domain/files/file-storage";
import { s3FileStorage } from "@fieldops/domain/files/s3-file-storage";
import { geocoderFromEnv } from "@fieldops/domain/geocoding/create-geocoder";
import { createSessionCache } from "./auth/session-cache.ts";
import { createSocketTickets } from "./auth/socket-tickets.ts";
import type { AppContext } from "./context.ts";
import { createEventHub, type EventHub } from "./realtime/event-hub.ts";

export interface Runtime {
  context: AppContext;
  hub: EventHub;
  close(): Promise<void>;
}

/**
 * Opens the process's connections: PostgreSQL, Redis for commands and queues (failing fast while Redis is down, so
 * that requests answer 503), and Redis for event subscriptions (renewed when Redis is back). Waits for Redis.
 */
export async function createRuntime(
  env: Env,
  onInvalidEvent: (raw: string) => void = () => {},
  log: ConnectionLog = () => {},
): Promise<Runtime> {
  const db = createDatabase(env.DATABASE_URL, {
    contextKey: env.DATABASE_CONTEXT_KEY,
    countQueries: env.FIELDOPS_REQUEST_METRICS,
  });
  const redis = createCommandConnection(env.REDIS_URL, "commands", log);
  const subscriber = createDurableConnection(env.REDIS_URL, "subscriptions", log);
  // Subscribing before the connection's ready check has run makes that check fail (ioredis sends INFO, which a
  // connection in subscriber mode refuses), so both connections are ready first.
  await Promise.all([whenReady(redis), whenReady(subscriber)]);
  const queues = createTaskQueues(redis);
  const storage = fileStorageSettings(env);
  const hub = await createEventHub(subscriber, onInvalidEvent);
  const sessionCache = await createSessionCache(redis, subscriber);
  const context: AppContext = {
    env,
    db,
    redis,
    queues,
    loginRateLimiter: createLoginRateLimiter(redis),
    sessionCache,
    socketTickets: createSocketTickets(redis),
    geocoder: geocoderFromEnv(env, (message, detail) => log("warn", message, detail)),
    files: storage.kind === "s3" ? s3FileStorage(storage) : diskFileStorage(storage.folder),
    mapTiles: env.MAP_TILE_URL ? { tileUrl: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION } : null,
    ...createAuthenticator(db, sessionCache),
  };
  return {
    context,
    hub,
    async close() {
      // Each connection closes on its own: one that is already gone must not keep the others open.
      await Promise.allSettled([sessionCache.close(), hub.close(), queues.close(), flushRelayMarks(db)]);
      await Promise.allSettled([closeRedis(redis), db.$disconnect()]);
    },
  };
}
