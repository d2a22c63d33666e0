import { createHash, randomBytes } from "node:crypto";
import { withSystem, type Database, type User as UserRow } from "@fieldops/db";
import { defaultPermissions, permissionSchema, roleSchema, type Permission, type Role } from "@fieldops/shared/roles";
import type { User } from "@fieldops/shared/auth";

export interface AuthenticatedUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  permissions: Permission[];
  companyId: string | null;
  sessionId: string;
  sessionExpiresAt: Date;
}

const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createSession(
  db: Database,
  user: { id: string; companyId: string | null },
  meta: { ipAddress: string; userAgent: string | undefined; ttlDays: number },
): Promise<{ token: string; id: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + meta.ttlDays * 24 * 3600 * 1000);
  const session = await withSystem(db, (tx) => tx.session.create({
    data: {
      tokenHash: hashToken(token),
      userId: user.id,
      companyId: user.companyId,
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      expiresAt,
    },
  }));
  return { token, id: session.id, expiresAt };
}

/** The user behind a token's hash, or null when the token is unknown, its session expired or its company is suspended. */
export async function findSessionUser(db: Database, tokenHash: string): Promise<AuthenticatedUser | null> {
  return withSystem(db, async (tx) => {
    const session = await tx.session.findUnique({ where: { tokenHash }, include: { user: { include: { company: { select: { suspendedAt: true } } } } } });
    // A suspended company's sessions are ended when it is suspended; one that slipped through is refused here too.
    if (!session || session.user.company?.suspendedAt) return null;
    const now = Date.now();
    if (session.expiresAt.getTime() <= now) {
      await tx.session.deleteMany({ where: { id: session.id } });
      return null;
    }
    if (now - session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
      await tx.session.update({ where: { id: session.id }, data: { lastSeenAt: new Date(now) } });
    }
    return toAuthenticatedUser(session.user, session);
  });
}

export function toAuthenticatedUser(user: UserRow, session: { id: string; expiresAt: Date }): AuthenticatedUser {
  const role = roleSchema.parse(user.role);
  const permissions = user.permissions.flatMap((p) => {
    const parsed = permissionSchema.safeParse(p);
    return parsed.success ? [parsed.data] : [];
  });
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role,
    permissions: permissions.length > 0 ? permissions : defaultPermissions(role),
    companyId: user.companyId,
    sessionId: session.id,
    sessionExpiresAt: session.expiresAt,
  };
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await withSystem(db, (tx) => tx.session.deleteMany({ where: { id: sessionId } }));
}

export function toUserResponse(user: AuthenticatedUser): User {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    permissions: user.permissions,
    companyId: user.companyId,
    impersonating: false,
  };
}
