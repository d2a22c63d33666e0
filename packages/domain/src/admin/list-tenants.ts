import { withSystem, withTenant, type Company, type Database, type Prisma, type TenantTransaction } from "@fieldops/db";
import type { AdminTenant, AdminTenantList, TenantHealth, TenantStatus } from "@fieldops/shared/admin";
import { PLANS, planIdSchema, trialState, UNLIMITED, type PlanLimitName } from "@fieldops/shared/plans";
import { readPlanUsage } from "../plans/plan-usage.ts";

/** How far back failed module runs count against a tenant's health. */
const HEALTH_WINDOW_MS = 7 * 24 * 3600 * 1000;
/** Usage at or above this share of a limit is worth a warning. */
const NEAR_LIMIT = 0.9;

const LIMIT_WORDS: Record<PlanLimitName, string> = {
  jobsPerMonth: "jobs this month",
  teamMembers: "team seats",
  customers: "customers",
  storageGb: "storage",
};

export function tenantStatus(company: Pick<Company, "suspendedAt" | "trialEndsAt">, now: Date): TenantStatus {
  if (company.suspendedAt) return "suspended";
  const trial = trialState(company.trialEndsAt, now);
  return trial === "active" ? "trial" : trial === "ended" ? "trial_ended" : "active";
}

/**
 * One tenant as the admin portal lists it. Runs in a transaction bound to that company, so that its usage is counted
 * by the plans' own code, under row-level security; `failedTasks` are the platform's failed tasks of the company.
 */
export async function summarizeTenant(
  tx: TenantTransaction,
  company: Company,
  input: { now: Date; lastSeenAt: Date | null; failedTasks: number },
): Promise<AdminTenant> {
  const { now } = input;
  const plan = PLANS[planIdSchema.parse(company.planId)];
  const since = new Date(now.getTime() - HEALTH_WINDOW_MS);
  const [usage, failedRuns, pendingApprovals, lastChange] = await Promise.all([
    readPlanUsage(tx, { now, timeZone: company.timeZone }),
    tx.moduleRun.count({ where: { status: "failed", updatedAt: { gte: since } } }),
    tx.moduleRun.count({
      where: { status: "awaiting_approval", OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    }),
    tx.auditLog.findFirst({ orderBy: { createdAt: "desc" }, select: { createdAt: true } }),
  ]);
  const status = tenantStatus(company, now);
  const critical: string[] = [];
  const warnings: string[] = [];
  if (status === "suspended") critical.push(`Suspended: ${company.suspendedReason ?? "no reason given"}`);
  if (status === "trial_ended") critical.push("Free trial ended without a plan");
  if (failedRuns > 0) warnings.push(`${failedRuns} failed module run${failedRuns === 1 ? "" : "s"} in the last 7 days`);
  if (input.failedTasks > 0)
    warnings.push(`${input.failedTasks} failed background task${input.failedTasks === 1 ? "" : "s"}`);
  for (const limit of Object.keys(LIMIT_WORDS) as PlanLimitName[]) {
    const allowed = plan.limits[limit];
    if (allowed !== UNLIMITED && usage[limit] >= allowed * NEAR_LIMIT)
      warnings.push(`Near the plan's limit of ${LIMIT_WORDS[limit]}`);
  }
  const health: TenantHealth = {
    level: critical.length > 0 ? "critical" : warnings.length > 0 ? "warning" : "healthy",
    issues: [...critical, ...warnings].slice(0, 10),
  };
  const times = [input.lastSeenAt, lastChange?.createdAt ?? null].filter((time): time is Date => time !== null);
  const lastActivityAt = times.length > 0 ? new Date(Math.max(...times.map((time) => time.getTime()))) : null;
  return {
    id: company.id,
    name: company.name,
    slug: company.slug,
    industry: company.industry,
    plan: plan.id,
    planName: plan.name,
    status,
    suspendedAt: company.suspendedAt?.toISOString() ?? null,
    suspendedReason: company.suspendedReason,
    usage: { ...usage, storageGb: Math.round(usage.storageGb * 1000) / 1000 },
    limits: plan.limits,
    health,
    pendingApprovals,
    lastActivityAt: lastActivityAt?.toISOString() ?? null,
    createdAt: company.createdAt.toISOString(),
  };
}

/** The latest session activity of each company's users. */
export async function lastSeenByCompany(tx: TenantTransaction, companyIds: string[]): Promise<Map<string, Date>> {
  const rows = await tx.session.groupBy({
    by: ["companyId"],
    where: { companyId: { in: companyIds } },
    _max: { lastSeenAt: true },
  });
  return new Map(
    rows.flatMap((row) =>
      row.companyId && row._max.lastSeenAt ? [[row.companyId, row._max.lastSeenAt] as const] : [],
    ),
  );
}

/**
 * A page of the platform's tenants, by name, with plan, usage, health and last activity. For platform administrators
 * only (the caller checks): the companies are found in the system context, and each one's figures are read in a
 * transaction bound to it.
 */
export async function listTenants(
  db: Database,
  query: { q?: string; offset: number; limit: number },
  input: { now?: Date; failedTasksByCompany?: ReadonlyMap<string, number> } = {},
): Promise<AdminTenantList> {
  const now = input.now ?? new Date();
  const where: Prisma.CompanyWhereInput = query.q
    ? { OR: [{ name: { contains: query.q, mode: "insensitive" } }, { slug: { contains: query.q.toLowerCase() } }] }
    : {};
  const { companies, total, lastSeen } = await withSystem(db, async (tx) => {
    const [companies, total] = await Promise.all([
      tx.company.findMany({ where, orderBy: [{ name: "asc" }, { id: "asc" }], skip: query.offset, take: query.limit }),
      tx.company.count({ where }),
    ]);
    return {
      companies,
      total,
      lastSeen: await lastSeenByCompany(
        tx,
        companies.map((company) => company.id),
      ),
    };
  });
  const items: AdminTenant[] = [];
  // One after another: a page of tenants must not take the whole connection pool.
  for (const company of companies) {
    items.push(
      await withTenant(db, company.id, (tx) =>
        summarizeTenant(tx, company, {
          now,
          lastSeenAt: lastSeen.get(company.id) ?? null,
          failedTasks: input.failedTasksByCompany?.get(company.id) ?? 0,
        }),
      ),
    );
  }
  return { items, total };
}
