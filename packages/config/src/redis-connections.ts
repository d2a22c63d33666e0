import { Redis } from "ioredis";
import { withinTimeLimit } from "./time-limit.ts";

/** How long a command waits for Redis's answer before the caller is told Redis is unavailable. */
export const REDIS_COMMAND_TIMEOUT_MS = 2000;

/** Reconnection attempts come every 100 ms at first, then every second at most. */
const retryStrategy = (attempt: number) => Math.min(attempt * 100, 1000);

export type ConnectionLog = (level: "info" | "warn", message: string, detail: Record<string, unknown>) => void;

/**
 * For commands a request waits on (rate limits, enqueueing, publishing): while Redis is unreachable they fail at
 * once instead of queueing until it is back, so the request can answer 503; a command already sent when the
 * connection dropped fails after REDIS_COMMAND_TIMEOUT_MS.
 */
export function createCommandConnection(url: string, name: string, log: ConnectionLog): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy,
  });
  return watchConnection(client, name, log);
}

/**
 * For subscriptions and BullMQ workers (which require `maxRetriesPerRequest: null`): commands wait through an
 * outage and go out when Redis is back, and subscriptions are renewed on reconnection.
 */
export function createDurableConnection(url: string, name: string, log: ConnectionLog): Redis {
  return watchConnection(new Redis(url, { maxRetriesPerRequest: null, retryStrategy }), name, log);
}

/**
 * Logs each loss and return of the connection once, instead of an error on every reconnection attempt (an
 * ioredis client without an error listener prints each one).
 */
function watchConnection(client: Redis, name: string, log: ConnectionLog): Redis {
  let lost = false;
  let lastError: string | undefined;
  client.on("error", (error: Error) => {
    lastError = error.message;
  });
  client.on("close", () => {
    if (lost) return;
    lost = true;
    log("warn", "Redis connection lost; reconnecting", { connection: name, error: lastError });
  });
  client.on("ready", () => {
    if (!lost) return;
    lost = false;
    log("info", "Redis connection restored", { connection: name });
  });
  return client;
}

/** Resolves once the client is connected; waits through reconnection attempts. */
export function whenReady(client: Redis): Promise<void> {
  if (client.status === "ready") return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onReady = () => {
      client.off("end", onEnd);
      resolve();
    };
    const onEnd = () => {
      client.off("ready", onReady);
      reject(new Error("The Redis connection was closed"));
    };
    client.once("ready", onReady);
    client.once("end", onEnd);
  });
}

/**
 * Waits for `work` to settle, but no longer than `limitMs`. A command sent just before the connection dropped is
 * answered only after a reconnection, which may never come while closing.
 */
export async function settleWithin(work: Promise<unknown>, limitMs: number): Promise<void> {
  await withinTimeLimit(work, limitMs).catch(() => {});
}

/** Resolves when the connection is not (or no longer) open; ioredis may still say "ready" just after Redis died. */
export function whenClosed(client: Redis): Promise<void> {
  if (client.status !== "ready") return Promise.resolve();
  return new Promise((resolve) => client.once("close", () => resolve()));
}

/** Closes the client: politely when Redis answers, at once when it does not (QUIT would wait for it). */
export async function closeRedis(client: Redis, limitMs = 1000): Promise<void> {
  const ended = () => client.status === "end";
  if (ended()) return;
  if (client.status === "ready") await settleWithin(Promise.race([client.quit(), whenClosed(client)]), limitMs);
  if (!ended()) client.disconnect();
}

const UNAVAILABLE_MESSAGES = [
  "Stream isn't writeable",
  "Connection is closed",
  "Command timed out",
  "Reached the max retries per request limit",
  // Redis answers this while it reloads its data after a restart.
  "LOADING",
];

/** Whether an error means Redis could not be reached (as opposed to a command Redis refused). */
export function isRedisUnavailable(error: unknown): boolean {
  for (
    let current: unknown = error, depth = 0;
    current instanceof Error && depth < 5;
    current = current.cause, depth++
  ) {
    const { name, message } = current;
    if (name === "MaxRetriesPerRequestError" || UNAVAILABLE_MESSAGES.some((prefix) => message.startsWith(prefix)))
      return true;
  }
  return false;
}
