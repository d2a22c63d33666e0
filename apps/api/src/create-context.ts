import { Redis } from "ioredis";
import type { Env } from "../../../packages/config/src/env.ts";
import { createDatabase } from "../../../packages/db/src/client.ts";
import { createJobQueues } from "../../../workers/enqueue.ts";
import { createAuthenticator } from "./auth/authenticate.ts";
import { createLoginRateLimiter } from "./auth/login-rate-limit.ts";
import { createSessionCache } from "./auth/session-cache.ts";
import { createSocketTickets } from "./auth/socket-tickets.ts";
import type { AppContext } from "./context.ts";
import { createEventHub, type EventHub } from "./realtime/event-hub.ts";

export interface Runtime {
  context: AppContext;
  hub: EventHub;
  close(): Promise<void>;
}

/** Opens the process's connections: PostgreSQL, Redis for commands and queues, and Redis for event subscriptions. */
export async function createRuntime(env: Env, onInvalidEvent: (raw: string) => void = () => {}): Promise<Runtime> {
  const db = createDatabase(env.DATABASE_URL);
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
    socketTickets: createSocketTickets(redis),
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
