import type { Prisma, TenantTransaction } from "@fieldops/db";

export interface AuditRecord {
  companyId: string;
  /** Who made the change; null for the system. */
  actorUserId: string | null;
  /** What happened, as `area.verb`: `company.updated`, `team.role_changed`, `integration.connected`. */
  action: string;
  entityType: string;
  entityId: string | null;
  /** One sentence a person reads: "Ann changed Bob's role to member". */
  summary: string;
  /** What changed, when it helps: field names with their values before and after. */
  changes?: Record<string, { from: Prisma.InputJsonValue | null; to: Prisma.InputJsonValue | null }>;
}

/**
 * Writes an entry of the company's audit log in the transaction of the change itself, so the record exists exactly
 * when the change does (a rolled-back change leaves none). Call it from any use case that changes something an owner
 * would want to trace: settings, team, roles, plan, integrations.
 */
export async function recordAudit(tx: TenantTransaction, record: AuditRecord): Promise<void> {
  await tx.auditLog.create({
    data: {
      companyId: record.companyId,
      actorUserId: record.actorUserId,
      action: record.action,
      entityType: record.entityType,
      entityId: record.entityId,
      metadata: record.changes ? { summary: record.summary, changes: record.changes } : { summary: record.summary },
    },
  });
}
