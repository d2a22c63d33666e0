import type { AuditLog, Prisma, TenantTransaction } from "@fieldops/db";
import type { ActivityEntry } from "../activity/queue-activity.ts";

/**
 * An entry as the activity feed has it (`action` as `area.verb`: `company.updated`, `team.role_changed`; `summary` one
 * sentence a person reads: "Ann changed Bob's role to member"; `actorUserId` null for the system).
 */
export interface AuditRecord extends Omit<ActivityEntry, "requestId"> {
  /** What changed, when it helps: field names with their values before and after. */
  changes?: Record<string, { from: Prisma.InputJsonValue | null; to: Prisma.InputJsonValue | null }>;
  /** Facts of the entry a screen reads besides the summary (a plan change's plans before and after). */
  details?: Record<string, Prisma.InputJsonValue>;
  /** When the change happened, if not now (a use case that takes its clock as input). */
  at?: Date;
}

/**
 * Writes an entry of the company's audit log in the transaction of the change itself, so the record exists exactly
 * when the change does (a rolled-back change leaves none). Call it from any use case that changes something an owner
 * would want to trace: settings, team, roles, plan, integrations.
 */
export async function recordAudit(tx: TenantTransaction, record: AuditRecord): Promise<AuditLog> {
  return tx.auditLog.create({
    data: {
      companyId: record.companyId,
      actorUserId: record.actorUserId,
      action: record.action,
      entityType: record.entityType,
      entityId: record.entityId,
      metadata: { summary: record.summary, ...record.details, ...(record.changes ? { changes: record.changes } : {}) },
      ...(record.at ? { createdAt: record.at } : {}),
    },
  });
}
