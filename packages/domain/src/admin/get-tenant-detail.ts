import { withSystem, type Database } from "@fieldops/db";
import { MAX_ADMIN_LIST, type TenantDetail } from "@fieldops/shared/admin";
import { brandingSchema } from "@fieldops/shared/company";
import { roleSchema } from "@fieldops/shared/roles";
import { toActivity } from "../activity/to-activity.ts";
import { notFound } from "../errors.ts";
import { parseCompanySwitches, readCompanyFeatures } from "../plans/company-features.ts";
import { lastSeenByCompany, summarizeTenant } from "./list-tenants.ts";
import { COMPANY_NOT_FOUND, inCompany } from "./manage-tenant.ts";

const MAX_USERS = 200;

/**
 * One tenant as its instance page shows it: summary, configuration, users with their last activity, invitations and
 * the latest entries of its audit log (platform administrators' actions among them).
 */
export async function getTenantDetail(db: Database, companyId: string, now: Date = new Date()): Promise<TenantDetail> {
  const found = await withSystem(db, async (tx) => {
    const company = await tx.company.findUnique({ where: { id: companyId } });
    if (!company) return null;
    const users = await tx.user.findMany({
      where: { companyId },
      orderBy: [{ role: "asc" }, { name: "asc" }],
      take: MAX_USERS,
    });
    const seen = await tx.session.groupBy({ by: ["userId"], where: { companyId }, _max: { lastSeenAt: true } });
    const actors = await tx.user.findMany({
      where: { role: "admin", companyId: null },
      select: { id: true, name: true },
    });
    return { company, users, seen, actors, lastSeen: await lastSeenByCompany(tx, [companyId]) };
  });
  if (!found) throw notFound(COMPANY_NOT_FOUND);
  const { company, users, seen, actors } = found;
  const lastSeenOf = new Map(seen.map((row) => [row.userId, row._max.lastSeenAt]));
  const names = new Map([...actors, ...users].map((user) => [user.id, user.name]));
  return inCompany(db, companyId, async (tx) => {
    const [tenant, effectiveFeatures, invitations, audit] = await Promise.all([
      summarizeTenant(tx, company, { now, lastSeenAt: found.lastSeen.get(companyId) ?? null, failedTasks: 0 }),
      readCompanyFeatures(tx),
      tx.invitation.findMany({ orderBy: { createdAt: "desc" }, take: MAX_ADMIN_LIST }),
      tx.auditLog.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: MAX_ADMIN_LIST }),
    ]);
    return {
      tenant,
      config: {
        timeZone: company.timeZone,
        homePath: company.homePath,
        betaMode: company.betaMode,
        primaryColor: brandingSchema.safeParse(company.branding).data?.primaryColor ?? null,
        tenantFeatures: company.features,
        planFeatureOverrides: parseCompanySwitches(company.featureOverrides),
        effectiveFeatures,
      },
      users: users.map((user) => ({
        id: user.id,
        name: user.name,
        email: user.email,
        role: roleSchema.parse(user.role),
        lastSeenAt: lastSeenOf.get(user.id)?.toISOString() ?? null,
      })),
      invitations: invitations.map((invitation) => ({
        id: invitation.id,
        name: invitation.name,
        email: invitation.email,
        role: invitation.role,
        expiresAt: invitation.expiresAt.toISOString(),
        acceptedAt: invitation.acceptedAt?.toISOString() ?? null,
      })),
      recentAudit: audit.map((row) => ({
        ...toActivity(row),
        actorName: row.actorUserId ? (names.get(row.actorUserId) ?? "Former team member") : "System",
      })),
    };
  });
}
