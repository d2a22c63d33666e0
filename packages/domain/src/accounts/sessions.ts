import { hash, randomBytes } from "node:crypto";
import { HIPAA_IDLE_TIMEOUT_MINUTES } from "@fieldops/shared/hipaa";
import { withSystem, type Database, type User as UserRow } from "@fieldops/db";
import { defaultPermissions, permissionSchema, roleSchema, type Permission, type Role } from "@fieldops/shared/roles";
import { COMPANY_SUSPENDED_MESSAGE, type User } from "@fieldops/shared/auth";
import type { Impersonation } from "@fieldops/shared/impersonation";

export interface AuthenticatedUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  permissions: Permission[];
  companyId: string | null;
  sessionId: string;
  sessionExpiresAt: Date;
  /**
   * Set when the session is a platform admin's impersonation of a company: the user is then the admin, acting in
   * that company as role admin with the `platform_admin` permission.
   */
  impersonation: Impersonation | null;
  /** Set when the request named an API key instead of a session: the key acts as the owner who made it. */
  apiKey?: { id: string; name: string };
}

/** What a session row holds beyond its token. */
export interface SessionRecord {
  id: string;
  expiresAt: Date;
  createdAt: Date;
  companyId: string | null;
  isImpersonation: boolean;
  impersonatedCompanyName: string | null;
  endedAt: Date | null;
}

const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;
const HIPAA_LAST_SEEN_RESOLUTION_MS = 60 * 1000;

// One-shot hash: every authenticated request hashes its token, and a Hash object per call costs more than the digest.
export const hashToken = (token: string) => hash("sha256", token, "hex");

/** A new session token: 32 random bytes, base64url. Only its hash is stored. */
export const newSessionToken = () => randomBytes(32).toString("base64url");

export async function createSession(
  db: Database,
  user: { id: string; companyId: string | null },
  meta: { ipAddress: string; userAgent: string | undefined; ttlDays: number },
): Promise<{ token: string; session: SessionRecord }> {
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + meta.ttlDays * 24 * 3600 * 1000);
  const session = await withSystem(db, (tx) =>
    tx.session.create({
      data: {
        tokenHash: hashToken(token),
        userId: user.id,
        companyId: user.companyId,
        ipAddress: meta.ipAddress,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
        expiresAt,
      },
    }),
  );
  return { token, session };
}

/** The user behind a token's hash, or null when the token is unknown, its session expired or its company is suspended. */
export async function findSessionUser(db: Database, tokenHash: string): Promise<AuthenticatedUser | null> {
  return withSystem(db, async (tx) => {
    const session = await tx.session.findUnique({
      where: { tokenHash },
      include: { user: { include: { company: { select: { suspendedAt: true, hipaaMode: true } } } } },
    });
    // A suspended company's sessions are ended when it is suspended; one that slipped through is refused here too.
    if (!session || session.endedAt !== null || session.user.company?.suspendedAt) return null;
    const now = Date.now();
    const hipaa = session.user.company?.hipaaMode === true;
    const idleFor = now - session.lastSeenAt.getTime();
    if (session.expiresAt.getTime() <= now || (hipaa && idleFor > HIPAA_IDLE_TIMEOUT_MINUTES * 60_000)) {
      // An impersonation stays on record (its end is idempotent); an ordinary session is of no further use.
      if (!session.isImpersonation) await tx.session.deleteMany({ where: { id: session.id } });
      else if (session.expiresAt.getTime() > now)
        await tx.session.update({ where: { id: session.id }, data: { endedAt: new Date(now) } });
      return null;
    }
    // In HIPAA mode the idle time is measured to the minute.
    if (idleFor > (hipaa ? HIPAA_LAST_SEEN_RESOLUTION_MS : LAST_SEEN_RESOLUTION_MS)) {
      await tx.session.update({ where: { id: session.id }, data: { lastSeenAt: new Date(now) } });
    }
    return toAuthenticatedUser(session.user, session);
  });
}

/**
 * Why a token that signs nobody in was refused, when the user should be told: its company was suspended (its sessions
 * end then, and stay on record until it is restored, so that a page still open learns why). Null otherwise: unknown,
 * expired or signed out.
 */
export async function sessionRefusal(db: Database, tokenHash: string): Promise<string | null> {
  const session = await withSystem(db, (tx) =>
    tx.session.findUnique({
      where: { tokenHash },
      select: { user: { select: { company: { select: { suspendedAt: true } } } } },
    }),
  );
  return session?.user.company?.suspendedAt ? COMPANY_SUSPENDED_MESSAGE : null;
}

/** The impersonation a session is, or null for an ordinary one. */
export function impersonationOf(user: { id: string; email: string }, session: SessionRecord): Impersonation | null {
  if (!session.isImpersonation || session.companyId === null) return null;
  return {
    isImpersonating: true,
    adminId: user.id,
    adminEmail: user.email,
    companyId: session.companyId,
    companyName: session.impersonatedCompanyName ?? "",
    startedAt: session.createdAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
  };
}

export function toAuthenticatedUser(user: UserRow, session: SessionRecord): AuthenticatedUser {
  const identity = {
    id: user.id,
    email: user.email,
    name: user.name,
    sessionId: session.id,
    sessionExpiresAt: session.expiresAt,
  };
  const impersonation = impersonationOf(user, session);
  if (impersonation) {
    return {
      ...identity,
      role: "admin",
      permissions: ["platform_admin"],
      companyId: impersonation.companyId,
      impersonation,
    };
  }
  const role = roleSchema.parse(user.role);
  // platform_admin marks an impersonation session; a stored permission never grants it.
  const permissions = user.permissions.flatMap((p) => {
    const parsed = permissionSchema.safeParse(p);
    return parsed.success && parsed.data !== "platform_admin" ? [parsed.data] : [];
  });
  return {
    ...identity,
    role,
    permissions: permissions.length > 0 ? permissions : defaultPermissions(role),
    companyId: user.companyId,
    impersonation: null,
  };
}

/**
 * Signs out: ends the session and the impersonations started from it (an admin who signs out stops impersonating).
 * Signing out of an impersonation signs its admin out too. Answers the ids of every session ended, for the caller to
 * drop from the session caches.
 */
export async function revokeSession(db: Database, sessionId: string): Promise<string[]> {
  return withSystem(db, async (tx) => {
    const session = await tx.session.findUnique({
      where: { id: sessionId },
      select: { isImpersonation: true, parentSessionId: true },
    });
    const rootId = session?.isImpersonation && session.parentSessionId ? session.parentSessionId : sessionId;
    const children = await tx.session.findMany({
      where: { parentSessionId: rootId, endedAt: null },
      select: { id: true },
    });
    const childIds = children.map((child) => child.id);
    if (childIds.length > 0)
      await tx.session.updateMany({ where: { id: { in: childIds } }, data: { endedAt: new Date() } });
    await tx.session.deleteMany({ where: { id: rootId } });
    return [...new Set([rootId, sessionId, ...childIds])];
  });
}

/** The user as GET /api/user reports them; `platformAdmin` says whether they may impersonate a company. */
export function toUserResponse(user: AuthenticatedUser, options: { platformAdmin?: boolean } = {}): User {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    permissions: user.permissions,
    companyId: user.companyId,
    impersonating: user.impersonation !== null,
    impersonation: user.impersonation,
    platformAdmin: options.platformAdmin ?? false,
  };
}
