import type { Prisma, TenantTransaction } from "@fieldops/db";
import { assertExportAllowed } from "../hipaa/manage-hipaa-mode.ts";
import { MAX_AUDIT_EXPORT, type AuditEntry, type AuditListResponse } from "@fieldops/shared/audit";
import { IMPERSONATION_AUDIT_ACTIONS, impersonatorLabel } from "@fieldops/shared/impersonation";
import { addDays, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import { toActivity } from "../activity/to-activity.ts";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { recordExport } from "./record-export.ts";

export interface AuditFilters {
  actorUserId?: string;
  action?: string;
  from?: string;
  to?: string;
}

/** The filters as a query; the days are read on the company's calendar, `to` included. */
async function whereOf(tx: TenantTransaction, filters: AuditFilters): Promise<Prisma.AuditLogWhereInput> {
  const { timeZone } = await tx.company.findFirstOrThrow({ select: { timeZone: true } });
  const createdAt: Prisma.DateTimeFilter = {};
  if (filters.from) createdAt.gte = startOfDayInTimeZone(filters.from, timeZone);
  if (filters.to) createdAt.lt = startOfDayInTimeZone(addDays(filters.to, 1), timeZone);
  return {
    ...(filters.actorUserId ? { actorUserId: filters.actorUserId } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.from || filters.to ? { createdAt } : {}),
  };
}

async function withNames(
  tx: TenantTransaction,
  rows: Awaited<ReturnType<TenantTransaction["auditLog"]["findMany"]>>,
): Promise<AuditEntry[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.actorUserId ? [row.actorUserId] : [])))];
  const users = await tx.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
  const names = new Map(users.map((user) => [user.id, user.name]));
  // A platform admin who acted while impersonating is no user of the company: their start entry names them.
  const outsiders = ids.filter((id) => !names.has(id));
  if (outsiders.length > 0) {
    const starts = await tx.auditLog.findMany({
      where: { actorUserId: { in: outsiders }, action: IMPERSONATION_AUDIT_ACTIONS.started },
      distinct: ["actorUserId"],
      select: { actorUserId: true, metadata: true },
    });
    for (const start of starts) {
      const email = adminEmailOf(start.metadata);
      if (start.actorUserId && email) names.set(start.actorUserId, impersonatorLabel(email));
    }
  }
  return rows.map((row) => ({
    ...toActivity(row),
    actorName: row.actorUserId ? (names.get(row.actorUserId) ?? "Former team member") : "System",
  }));
}

function adminEmailOf(metadata: Prisma.JsonValue): string | null {
  if (metadata === null || typeof metadata !== "object" || Array.isArray(metadata)) return null;
  return typeof metadata.adminEmail === "string" ? metadata.adminEmail : null;
}

const ORDER: Prisma.AuditLogOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];

/** A page of the company's audit log, newest first, with what its filters can choose from (the audit logs plan feature). */
export async function listAuditLog(
  tx: TenantTransaction,
  input: AuditFilters & { limit: number; after?: string },
): Promise<AuditListResponse> {
  await requirePlanFeature(tx, "audit_logs", "The audit log");
  const where = await whereOf(tx, input);
  const rows = await tx.auditLog.findMany({
    where,
    orderBy: ORDER,
    take: input.limit + 1,
    ...(input.after ? { cursor: { id: input.after }, skip: 1 } : {}),
  });
  const page = rows.slice(0, input.limit);
  const [actions, users] = await Promise.all([
    tx.auditLog.findMany({ distinct: ["action"], select: { action: true }, orderBy: { action: "asc" }, take: 500 }),
    tx.user.findMany({ select: { id: true, name: true }, orderBy: [{ name: "asc" }, { id: "asc" }], take: 1000 }),
  ]);
  return {
    items: await withNames(tx, page),
    nextAfter: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null,
    actions: actions.map((row) => row.action),
    users,
  };
}

const csvCell = (value: string) => {
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** The filtered audit log as CSV (at most MAX_AUDIT_EXPORT rows, newest first); the export itself is audited after. */
export async function exportAuditLog(scope: TenantScope, filters: AuditFilters): Promise<string> {
  const { tx } = scope;
  await requirePlanFeature(tx, "audit_logs", "The audit log");
  await assertExportAllowed(scope);
  const rows = await tx.auditLog.findMany({
    where: await whereOf(tx, filters),
    orderBy: ORDER,
    take: MAX_AUDIT_EXPORT,
  });
  await recordExport(scope, {
    entityType: "audit_log",
    what: `${rows.length} audit log entr${rows.length === 1 ? "y" : "ies"}`,
    details: { rows: rows.length },
  });
  const entries = await withNames(tx, rows);
  const lines = [["When (UTC)", "Who", "Action", "What", "Entity", "Entity id"].join(",")];
  for (const entry of entries) {
    lines.push(
      [entry.createdAt, entry.actorName, entry.action, entry.summary, entry.entityType, entry.entityId ?? ""]
        .map(csvCell)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}
