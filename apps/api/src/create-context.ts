import { Redis } from "ioredis";
import type { Env } from "@fieldops/config/env";
import { createDatabase } from "@fieldops/db";
import { createJobQueues } from "@fieldops/jobs/enqueue";
import { createAuthenticator } from "./auth/authenticate.ts";
import { createLoginRateLimiter } from "./auth/login-rate-limit.ts";
import { createSessionCache } from "./auth/session-cache.ts";
import type { AppContext } from "./context.ts";
import { createEventHub, type EventHub } from "./realtime/event-hub.ts";

export interface Runtime {
  context: AppContext;
  hub: EventHub;
  close(): Promise<void>;
}

/** Opens the process's connections: PostgreSQL, Redis for commands and queues, and Redis for event subscriptions. */
export async function createRuntime(env: Env, onInvalidEvent: (raw: string) => void = () => {}): Promise<Runtime> {
  const db = createDatabase(env.DATABASE_URL, { contextKey: env.DATABASE_CONTEXT_KEY });
  const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
  const queues = createJobQueues(redis);
  const subscriber = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
  const hub = await createEventHub(subscriber, onInvalidEvent);
  const sessionCache = await createSessionCache(redis, subscriber);
  const context: AppContext = {
    env,
    db,
    redis,
    queues,
    loginRateLimiter: createLoginRateLimiter(redis),
    sessionCache,
    ...createAuthenticator(db, sessionCache),
  };
  return {
    context,
    hub,
    async close() {
      // Each connection closes on its own: one that is already gone must not keep the others open.
      await Promise.allSettled([sessionCache.close(), hub.close(), queues.close()]);
      await Promise.allSettled([redis.quit().catch(() => redis.disconnect()), db.$disconnect()]);
    },
  };
}
