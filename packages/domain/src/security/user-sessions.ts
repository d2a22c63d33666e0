import { withSystem, type Database } from "@fieldops/db";
import { describeDevice, MAX_SESSIONS_LISTED, type ActiveSession } from "@fieldops/shared/security";
import { notFound } from "../errors.ts";

/** The user's sessions that have not expired, most recently used first. */
export async function listUserSessions(
  db: Database,
  input: { userId: string; currentSessionId: string },
): Promise<ActiveSession[]> {
  const sessions = await withSystem(db, (tx) =>
    tx.session.findMany({
      where: { userId: input.userId, expiresAt: { gt: new Date() }, isImpersonation: false },
      orderBy: [{ lastSeenAt: "desc" }, { id: "asc" }],
      take: MAX_SESSIONS_LISTED,
    }),
  );
  return sessions.map((session) => ({
    id: session.id,
    device: describeDevice(session.userAgent),
    ipAddress: session.ipAddress,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    current: session.id === input.currentSessionId,
  }));
}

/**
 * Ends sessions of one user: `only` one of them, or every one but `keep`. Answers the ids ended, for the caller to
 * drop from every API process's session cache.
 */
export async function endUserSessions(
  db: Database,
  input: { userId: string; only?: string; keep?: string },
): Promise<string[]> {
  return withSystem(db, async (tx) => {
    const ended = await tx.session.findMany({
      where: {
        userId: input.userId,
        ...(input.only ? { id: input.only } : {}),
        ...(input.keep ? { NOT: { id: input.keep } } : {}),
      },
      select: { id: true },
    });
    if (input.only && ended.length === 0) throw notFound("Session not found");
    await tx.session.deleteMany({ where: { id: { in: ended.map((session) => session.id) } } });
    return ended.map((session) => session.id);
  });
}

/** The ids of a user's sessions (to forget their cached copies after a change of role or removal). */
export async function userSessionIds(db: Database, userId: string): Promise<string[]> {
  const sessions = await withSystem(db, (tx) => tx.session.findMany({ where: { userId }, select: { id: true } }));
  return sessions.map((session) => session.id);
}
