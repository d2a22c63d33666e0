import type { Redis } from "ioredis";
import { settleWithin } from "@fieldops/config/redis-connections";
import type { AuthenticatedUser } from "@fieldops/domain/accounts/sessions";

export const SESSIONS_REVOKED_CHANNEL = "sessions:revoked";

/** How long a process trusts a session it has looked up, unless told sooner that it was revoked. */
export const SESSION_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;

export interface SessionCache {
  get(tokenHash: string): AuthenticatedUser | undefined;
  set(tokenHash: string, user: AuthenticatedUser): void;
  /** Forgets the sessions here and tells every other API process to forget them too. */
  revoke(sessionIds: string[]): Promise<void>;
  /** Calls `listener` with the ids of sessions revoked in any process (for closing their sockets). */
  onRevoked(listener: (sessionIds: string[]) => void): () => void;
  close(): Promise<void>;
}

/**
 * Every request resolves its session; keeping recent ones in memory spares the database a query a request.
 * Revocation (sign-out, and later password change) is broadcast on Redis so every process drops the session at
 * once; if a broadcast were lost, the entry still expires within SESSION_CACHE_TTL_MS.
 */
export async function createSessionCache(
  publisher: Redis,
  subscriber: Redis,
  ttlMs = SESSION_CACHE_TTL_MS,
): Promise<SessionCache> {
  const entries = new Map<string, { user: AuthenticatedUser; until: number }>();
  const hashBySession = new Map<string, string>();
  const forget = (sessionId: string) => {
    const hash = hashBySession.get(sessionId);
    if (hash !== undefined) entries.delete(hash);
    hashBySession.delete(sessionId);
  };
  const listeners = new Set<(sessionIds: string[]) => void>();
  const revoked = (sessionIds: string[]) => {
    sessionIds.forEach(forget);
    for (const listener of listeners) listener(sessionIds);
  };
  await subscriber.subscribe(SESSIONS_REVOKED_CHANNEL);
  subscriber.on("message", (channel: string, message: string) => {
    if (channel === SESSIONS_REVOKED_CHANNEL) revoked(message.split(","));
  });
  // Revocations broadcast while the subscription was down were missed: after a reconnection, trust nothing cached.
  subscriber.on("ready", () => {
    entries.clear();
    hashBySession.clear();
  });
  return {
    get(tokenHash) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.until <= Date.now()) {
        forget(entry.user.sessionId);
        return undefined;
      }
      return entry.user;
    },
    set(tokenHash, user) {
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.values().next().value;
        if (oldest) forget(oldest.user.sessionId);
      }
      entries.set(tokenHash, { user, until: Math.min(Date.now() + ttlMs, user.sessionExpiresAt.getTime()) });
      hashBySession.set(user.sessionId, tokenHash);
    },
    async revoke(sessionIds) {
      if (sessionIds.length === 0) return;
      revoked(sessionIds);
      await publisher.publish(SESSIONS_REVOKED_CHANNEL, sessionIds.join(","));
    },
    onRevoked(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async close() {
      listeners.clear();
      // While Redis is down an UNSUBSCRIBE would wait for it; the connection is being closed anyway.
      if (subscriber.status === "ready") await settleWithin(subscriber.unsubscribe(SESSIONS_REVOKED_CHANNEL), 500);
    },
  };
}
