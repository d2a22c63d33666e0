import type { TenantTransaction } from "@fieldops/db";
import { impersonatorLabel } from "@fieldops/shared/impersonation";

export interface ImpersonationAuditEntry {
  companyId: string;
  adminId: string;
  adminEmail: string;
  sessionId: string;
  action: string;
  summary: string;
  /** The request, for an entry of one; `status` null for a message on the live socket, which has none. */
  request?: { method: string; path: string; status: number | null };
}

/**
 * An entry of the company's audit log about what a platform admin did while impersonating it. The admin belongs to
 * no company, so their name cannot be read in the tenant: the entry keeps their e-mail beside their id.
 */
export async function recordImpersonationAudit(tx: TenantTransaction, entry: ImpersonationAuditEntry): Promise<void> {
  await tx.auditLog.create({
    data: {
      companyId: entry.companyId,
      actorUserId: entry.adminId,
      action: entry.action,
      entityType: "impersonation",
      entityId: entry.sessionId,
      metadata: {
        summary: `${entry.summary} by ${impersonatorLabel(entry.adminEmail)} while impersonating`,
        adminId: entry.adminId,
        adminEmail: entry.adminEmail,
        ...(entry.request ?? {}),
      },
    },
  });
}
