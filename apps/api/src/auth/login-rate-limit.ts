import type { Redis } from "ioredis";

/** Failed sign-ins allowed per window before sign-in is refused: per account, and per client address. */
export const LOGIN_LIMITS = { perAccount: 5, perAddress: 20, windowSeconds: 15 * 60 } as const;

const accountKey = (email: string) => `login-failures:account:${email}`;
const addressKey = (address: string) => `login-failures:address:${address}`;

export interface LoginRateLimiter {
  /** Seconds until sign-in is allowed again, or 0 when it is allowed now. */
  retryAfter(email: string, address: string): Promise<number>;
  recordFailure(email: string, address: string): Promise<void>;
  recordSuccess(email: string): Promise<void>;
}

export function createLoginRateLimiter(redis: Redis, limits = LOGIN_LIMITS): LoginRateLimiter {
  return {
    async retryAfter(email, address) {
      const keys = [accountKey(email), addressKey(address)];
      const [accountCount, addressCount] = (await redis.mget(...keys)).map((v) => Number(v ?? 0));
      const blocked = [
        (accountCount ?? 0) >= limits.perAccount ? keys[0]! : null,
        (addressCount ?? 0) >= limits.perAddress ? keys[1]! : null,
      ].filter((k): k is string => k !== null);
      if (blocked.length === 0) return 0;
      const ttls = await Promise.all(blocked.map((key) => redis.ttl(key)));
      return Math.max(1, ...ttls);
    },
    async recordFailure(email, address) {
      await redis
        .multi()
        .incr(accountKey(email))
        .expire(accountKey(email), limits.windowSeconds, "NX")
        .incr(addressKey(address))
        .expire(addressKey(address), limits.windowSeconds, "NX")
        .exec();
    },
    async recordSuccess(email) {
      await redis.del(accountKey(email));
    },
  };
}
