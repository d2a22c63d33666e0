import { withSystem, withTenant, type Database } from "@fieldops/db";
import { IMPERSONATION_AUDIT_ACTIONS, IMPERSONATION_FALLBACK_REDIRECT } from "@fieldops/shared/impersonation";
import { TENANT_NOT_FOUND } from "@fieldops/shared/tenants";
import type { AuthenticatedUser } from "../accounts/sessions.ts";
import { forbidden, notFound } from "../errors.ts";
import { companyWhereOfTenantId } from "../tenants/get-tenant-config.ts";
import { recordImpersonationAudit } from "./impersonation-audit.ts";

export interface EndedImpersonations {
  /** The sessions this call ended (none when they had ended already), to drop from the session caches. */
  sessionIds: string[];
  redirectUrl: string;
}

/**
 * Ends the open impersonations among `where`, each with its entry in its company's audit log. An impersonation that
 * has already ended or expired is left as it is, so ending twice changes nothing.
 */
async function endOpen(
  db: Database,
  where: { tokenHash?: string; userId?: string; companyId?: string; parentSessionId?: string },
): Promise<string[]> {
  const now = new Date();
  const open = await withSystem(db, (tx) =>
    tx.session.findMany({
      where: { ...where, isImpersonation: true, endedAt: null, expiresAt: { gt: now } },
      select: { id: true, companyId: true, user: { select: { id: true, email: true } } },
    }),
  );
  const ended: string[] = [];
  for (const session of open) {
    if (session.companyId === null) continue;
    const companyId = session.companyId;
    const claimed = await withSystem(db, (tx) =>
      tx.session.updateMany({ where: { id: session.id, endedAt: null }, data: { endedAt: now } }),
    );
    if (claimed.count === 0) continue;
    ended.push(session.id);
    await withTenant(db, companyId, (tx) =>
      recordImpersonationAudit(tx, {
        companyId,
        adminId: session.user.id,
        adminEmail: session.user.email,
        sessionId: session.id,
        action: IMPERSONATION_AUDIT_ACTIONS.ended,
        summary: "Impersonation ended",
      }),
    );
  }
  return ended;
}

/**
 * POST /api/admin/instances/end-impersonation: ends the impersonation whose token the request carries. Null when the
 * token is no impersonation's at all; an impersonation that has ended or expired ends again harmlessly.
 */
export async function endImpersonation(db: Database, tokenHash: string): Promise<EndedImpersonations | null> {
  const known = await withSystem(db, (tx) =>
    tx.session.findFirst({ where: { tokenHash, isImpersonation: true }, select: { id: true } }),
  );
  if (!known) return null;
  return { sessionIds: await endOpen(db, { tokenHash }), redirectUrl: IMPERSONATION_FALLBACK_REDIRECT };
}

/**
 * POST /api/admin/impersonation/exit: the admin leaves a tenant (by id or slug), from the impersonation itself or from
 * their own session; every open impersonation of that tenant by the admin ends. A platform admin lands on the
 * company's instance page, anyone else whom PLATFORM_ADMIN_EMAILS lists on the admin dashboard.
 */
export async function exitImpersonation(
  db: Database,
  input: { user: AuthenticatedUser; platformAdmin: boolean; tenantId: string },
): Promise<EndedImpersonations> {
  if (!input.user.impersonation && !input.platformAdmin)
    throw forbidden("Only a platform admin can impersonate a company");
  const company = await withSystem(db, (tx) =>
    tx.company.findFirst({ where: companyWhereOfTenantId(input.tenantId), select: { id: true } }),
  );
  if (!company) throw notFound(TENANT_NOT_FOUND);
  const sessionIds = await endOpen(db, { userId: input.user.id, companyId: company.id });
  const admin = await withSystem(db, (tx) =>
    tx.user.findUnique({ where: { id: input.user.id }, select: { role: true } }),
  );
  return {
    sessionIds,
    redirectUrl: admin?.role === "admin" ? `/instance-admin/${company.id}` : IMPERSONATION_FALLBACK_REDIRECT,
  };
}

/**
 * Signing out ends the impersonations started from the admin's session, each with its entry in its company's audit log
 * (signing out of an impersonation signs its admin out: the same ones end). Answers the sessions ended.
 */
export async function endImpersonationsOnSignOut(db: Database, sessionId: string): Promise<string[]> {
  const session = await withSystem(db, (tx) =>
    tx.session.findUnique({ where: { id: sessionId }, select: { isImpersonation: true, parentSessionId: true } }),
  );
  const adminSessionId = session?.isImpersonation && session.parentSessionId ? session.parentSessionId : sessionId;
  return endOpen(db, { parentSessionId: adminSessionId });
}
