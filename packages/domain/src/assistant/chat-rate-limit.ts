import type { Redis } from "ioredis";
import { rateLimited } from "../errors.ts";

/** How many chat messages (and decisions) a user may send per window. */
export const CHAT_RATE_LIMIT = { messages: 20, windowMs: 60_000 } as const;

/**
 * Counts a chat message of the user in the current window (one atomic step in Redis, shared by every API process)
 * and refuses it with a `rate_limited` error once the window's allowance is spent.
 */
export async function checkChatRateLimit(
  redis: Redis,
  userId: string,
  limit: { messages: number; windowMs: number } = CHAT_RATE_LIMIT,
): Promise<void> {
  const window = Math.floor(Date.now() / limit.windowMs);
  const key = `chat-rate:${userId}:${window}`;
  const results = await redis.multi().incr(key).pexpire(key, limit.windowMs).exec();
  const count = Number(results?.[0]?.[1] ?? 0);
  if (count > limit.messages) {
    const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * limit.windowMs - Date.now()) / 1000));
    throw rateLimited(
      `You're sending messages too quickly. Try again in ${retryAfterSeconds} seconds.`,
      retryAfterSeconds,
    );
  }
}
