import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { workerResources } from "../../../../tests/integration/provided-context.ts";
import { LOGIN_LIMITS, addressKeyPart, createLoginRateLimiter } from "./login-rate-limit.ts";

const redis = new Redis(workerResources().redisUrl);
afterAll(() => redis.quit());

/** A limiter on the real Redis with a clock the test moves. */
function limiterWithClock() {
  let clock = 1_700_000_000_000;
  const limiter = createLoginRateLimiter(redis, LOGIN_LIMITS, () => clock);
  return { limiter, advance: (ms: number) => (clock += ms) };
}

const email = () => `someone-${randomUUID()}@test.example`;
/** Addresses of this file only: the run's other tests share the Redis database. */
const address = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

describe("login rate limiter", () => {
  it("lets the free attempts through, then doubles the delay after each further failure up to the maximum", async () => {
    const { limiter, advance } = limiterWithClock();
    const account = email();
    const from = address();
    for (let i = 0; i < LOGIN_LIMITS.accountAddress.free; i++) expect(await limiter.attempt(account, from)).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const wait = await limiter.attempt(account, from);
      waits.push(wait);
      advance(wait);
      expect(await limiter.attempt(account, from)).toBe(0);
    }
    const { baseMs, maxMs } = LOGIN_LIMITS.accountAddress;
    expect(waits).toEqual(waits.map((_, i) => Math.min(maxMs, baseMs * 2 ** i)));
    expect(waits.at(-1)).toBe(maxMs);
  });

  it("a successful sign-in clears the account's failures at that address", async () => {
    const { limiter, advance } = limiterWithClock();
    const account = email();
    const from = address();
    for (let i = 0; i < LOGIN_LIMITS.accountAddress.free; i++) await limiter.attempt(account, from);
    const wait = await limiter.attempt(account, from);
    expect(wait).toBeGreaterThan(0);
    advance(wait);
    expect(await limiter.attempt(account, from)).toBe(0);
    await limiter.succeeded(account, from);
    for (let i = 0; i < LOGIN_LIMITS.accountAddress.free; i++) expect(await limiter.attempt(account, from)).toBe(0);
  });

  it("an attempt the server could not check is forgiven: it counts against neither the account nor the address", async () => {
    const { limiter } = limiterWithClock();
    const account = email();
    const from = address();
    for (let i = 0; i < LOGIN_LIMITS.accountAddress.free * 3; i++) {
      expect(await limiter.attempt(account, from)).toBe(0);
      await limiter.forgive(account, from);
    }
    for (let i = 0; i < LOGIN_LIMITS.accountAddress.free; i++) expect(await limiter.attempt(account, from)).toBe(0);
    expect(await limiter.attempt(account, from)).toBeGreaterThan(0);
  });

  it("counts parallel attempts one by one", async () => {
    const { limiter } = limiterWithClock();
    const from = address();
    const waits = await Promise.all(Array.from({ length: 40 }, () => limiter.attempt(email(), from)));
    expect(waits.filter((w) => w === 0)).toHaveLength(LOGIN_LIMITS.address.free);
  });

  it("counts an IPv6 client by its /64, and an IPv4-mapped address as IPv4", () => {
    expect(addressKeyPart("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKeyPart("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressKeyPart("::1")).toBe("0:0:0:0::/64");
    expect(addressKeyPart("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressKeyPart("203.0.113.9")).toBe("203.0.113.9");
  });
});
