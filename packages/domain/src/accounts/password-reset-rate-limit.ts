import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import { rateLimited } from "../errors.ts";
import { addressKeyPart } from "./login-rate-limit.ts";

/**
 * Reset e-mails asked for per window: per e-mail address (whether or not it has an account, so the limit tells
 * nothing), so nobody's inbox is flooded, and per client address (an IPv6 /64), so nobody walks a list of addresses.
 */
export const PASSWORD_RESET_LIMITS = { perEmail: 5, perAddress: 20, windowMs: 3600_000 } as const;

export type PasswordResetLimits = { perEmail: number; perAddress: number; windowMs: number };

const digest = (value: string) => createHash("sha256").update(value).digest("hex").slice(0, 32);

/**
 * Counts a request for a reset e-mail against both limits of the current window (one atomic step in Redis, shared by
 * every API process, as the chat's limit) and refuses it with a `rate_limited` error once either is spent. Counted
 * before anything is looked up, for every address alike.
 */
export async function checkPasswordResetRateLimit(
  redis: Redis,
  input: { email: string; address: string },
  limits: PasswordResetLimits = PASSWORD_RESET_LIMITS,
  now: () => number = Date.now,
): Promise<void> {
  const window = Math.floor(now() / limits.windowMs);
  const emailKey = `password-reset:email:${digest(input.email)}:${window}`;
  const addressKey = `password-reset:address:${addressKeyPart(input.address)}:${window}`;
  const results = await redis
    .multi()
    .incr(emailKey)
    .pexpire(emailKey, limits.windowMs)
    .incr(addressKey)
    .pexpire(addressKey, limits.windowMs)
    .exec();
  const perEmail = Number(results?.[0]?.[1] ?? 0);
  const perAddress = Number(results?.[2]?.[1] ?? 0);
  if (perEmail > limits.perEmail || perAddress > limits.perAddress) {
    const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * limits.windowMs - now()) / 1000));
    const minutes = Math.ceil(retryAfterSeconds / 60);
    throw rateLimited(
      `Too many password reset requests. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      retryAfterSeconds,
    );
  }
}
