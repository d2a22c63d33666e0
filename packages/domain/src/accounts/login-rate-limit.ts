import { createHash } from "node:crypto";
import { isIPv6 } from "node:net";
import type { Redis } from "ioredis";

export interface BackoffLimit {
  /** Attempts allowed before the first delay. */
  free: number;
  /** The first delay; each further counted attempt doubles it, up to maxMs. */
  baseMs: number;
  maxMs: number;
}

/**
 * Sign-in attempts are counted before the password is checked, in one atomic step, so parallel guesses cannot slip
 * past the count. Three counters each impose a growing delay rather than a lock:
 * - per account and address: a guesser at one address slows down fast, and nobody else is affected;
 * - per address across accounts: against one password tried on many accounts;
 * - per account across addresses: against a guesser with many addresses. It is looser, and it does not apply at an
 *   address the account has signed in from before, so a stranger cannot keep the owner out of their usual place.
 * Counters are forgotten `windowMs` after their last delay ends.
 */
export const LOGIN_LIMITS = {
  accountAddress: { free: 5, baseMs: 5_000, maxMs: 15 * 60_000 },
  address: { free: 20, baseMs: 5_000, maxMs: 15 * 60_000 },
  account: { free: 10, baseMs: 5_000, maxMs: 60_000 },
  windowMs: 15 * 60_000,
  /** How long an address where the account signed in stays exempt from the per-account delay. */
  knownAddressMs: 90 * 24 * 3600_000,
} as const;

export type LoginLimits = typeof LOGIN_LIMITS;

export interface LoginRateLimiter {
  /** Counts an attempt before its password is checked: 0 when it may go ahead, else milliseconds to wait. */
  attempt(email: string, address: string): Promise<number>;
  /** The attempt was right: it was no failure, and the address becomes one the account is known at. */
  succeeded(email: string, address: string): Promise<void>;
  /** The server could not check the attempt (its database was down): it does not count against the client. */
  forgive(email: string, address: string): Promise<void>;
}

// KEYS: account+address, address, account, known addresses. ARGV: now, address, windowMs, then free, baseMs, maxMs of
// each counter in KEYS order. A counter is a hash {n: attempts counted, until: ms before which no attempt counts}.
const ATTEMPT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[3])
local function wait_for(key)
  local until_ms = tonumber(redis.call('HGET', key, 'until') or '0')
  return math.max(0, until_ms - now)
end
local known = redis.call('SISMEMBER', KEYS[4], ARGV[2]) == 1
local wait = math.max(wait_for(KEYS[1]), wait_for(KEYS[2]))
if not known then wait = math.max(wait, wait_for(KEYS[3])) end
if wait > 0 then return wait end
for i = 1, 3 do
  local free = tonumber(ARGV[1 + 3 * i])
  local base = tonumber(ARGV[2 + 3 * i])
  local max = tonumber(ARGV[3 + 3 * i])
  local n = redis.call('HINCRBY', KEYS[i], 'n', 1)
  local delay = 0
  if n >= free then delay = math.min(max, base * 2 ^ (n - free)) end
  redis.call('HSET', KEYS[i], 'until', string.format('%.0f', now + delay))
  redis.call('PEXPIRE', KEYS[i], string.format('%.0f', window + delay))
end
return 0
`;

// KEYS: as above. ARGV: address, knownAddressMs, free of the address and of the account counter.
const SUCCESS_SCRIPT = `
redis.call('DEL', KEYS[1])
for i = 2, 3 do
  if redis.call('EXISTS', KEYS[i]) == 1 then
    local n = redis.call('HINCRBY', KEYS[i], 'n', -1)
    if n < tonumber(ARGV[1 + i]) then redis.call('HSET', KEYS[i], 'until', '0') end
  end
end
redis.call('SADD', KEYS[4], ARGV[1])
redis.call('PEXPIRE', KEYS[4], ARGV[2])
return 0
`;

// KEYS: the three counters. ARGV: the free attempts of each, in KEYS order.
const FORGIVE_SCRIPT = `
for i = 1, 3 do
  if redis.call('EXISTS', KEYS[i]) == 1 then
    local n = redis.call('HINCRBY', KEYS[i], 'n', -1)
    if n < tonumber(ARGV[i]) then redis.call('HSET', KEYS[i], 'until', '0') end
  end
end
return 0
`;

/** IPv6 clients usually hold a whole /64: counting per address there would give a guesser endless fresh addresses. */
export function addressKeyPart(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = "", tail = ""] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill("0"), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

const digest = (...parts: string[]) => createHash("sha256").update(parts.join("\n")).digest("hex").slice(0, 32);

export function createLoginRateLimiter(
  redis: Redis,
  limits: LoginLimits = LOGIN_LIMITS,
  now: () => number = Date.now,
): LoginRateLimiter {
  const keys = (email: string, address: string) => {
    const account = digest(email);
    return [
      `login:account-address:${digest(email, address)}`,
      `login:address:${address}`,
      `login:account:${account}`,
      `login:known-addresses:${account}`,
    ];
  };
  const counters = [limits.accountAddress, limits.address, limits.account];
  return {
    async attempt(email, rawAddress) {
      const address = addressKeyPart(rawAddress);
      const args = [now(), address, limits.windowMs, ...counters.flatMap((c) => [c.free, c.baseMs, c.maxMs])];
      return Number(await redis.eval(ATTEMPT_SCRIPT, 4, ...keys(email, address), ...args));
    },
    async succeeded(email, rawAddress) {
      const address = addressKeyPart(rawAddress);
      await redis.eval(
        SUCCESS_SCRIPT,
        4,
        ...keys(email, address),
        address,
        limits.knownAddressMs,
        limits.address.free,
        limits.account.free,
      );
    },
    async forgive(email, rawAddress) {
      const address = addressKeyPart(rawAddress);
      await redis.eval(
        FORGIVE_SCRIPT,
        3,
        ...keys(email, address).slice(0, 3),
        ...counters.map((counter) => counter.free),
      );
    },
  };
}
