import { withSystem, withTenant, type Database, type Prisma } from "@fieldops/db";
import type { FeatureOverrides, TenantFeaturesRequest } from "@fieldops/shared/admin";
import type { PlanId } from "@fieldops/shared/plans";
import { recordAudit } from "../audit/record-audit.ts";
import { notFound } from "../errors.ts";
import { applyPlanChange } from "../plans/change-plan.ts";
import { parseCompanySwitches } from "../plans/company-features.ts";
import { byAdmin, type PlatformAdminActor } from "./platform-admin-actor.ts";

export const COMPANY_NOT_FOUND = "Company not found";

/** Runs `work` bound to the company, after making sure it exists (a tenant transaction would just see no row). */
export async function inCompany<T>(
  db: Database,
  companyId: string,
  work: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  const exists = await withSystem(db, (tx) =>
    tx.company.findUnique({ where: { id: companyId }, select: { id: true } }),
  );
  if (!exists) throw notFound(COMPANY_NOT_FOUND);
  return withTenant(db, companyId, work);
}

/** Changes a company's plan for it, with the plans' own rules (a downgrade its usage does not fit in is refused). */
export async function changeTenantPlan(
  db: Database,
  input: { companyId: string; planId: PlanId; actor: PlatformAdminActor },
): Promise<void> {
  await inCompany(db, input.companyId, (tx) =>
    applyPlanChange(tx, {
      planId: input.planId,
      companyId: input.companyId,
      actorUserId: input.actor.userId,
      platformAdminName: input.actor.name,
    }),
  );
}

const sameSwitches = (a: FeatureOverrides, b: FeatureOverrides) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * Sets a company's own switches: the tenant features its pages and sidebar show, and plan features turned on or off
 * over its plan's. Recorded in its audit log with what changed; the same settings again record nothing.
 */
export async function setTenantFeatures(
  db: Database,
  input: { companyId: string; actor: PlatformAdminActor } & TenantFeaturesRequest,
): Promise<void> {
  await inCompany(db, input.companyId, async (tx) => {
    const before = await tx.company.findFirstOrThrow({ select: { features: true, featureOverrides: true } });
    const tenantFeatures = [...new Set(input.tenantFeatures)];
    const overrides = parseCompanySwitches(before.featureOverrides);
    const changes: Record<string, { from: Prisma.InputJsonValue; to: Prisma.InputJsonValue }> = {};
    if ([...before.features].sort().join() !== [...tenantFeatures].sort().join())
      changes.tenantFeatures = { from: before.features, to: tenantFeatures };
    if (!sameSwitches(overrides, input.planFeatureOverrides))
      changes.planFeatureOverrides = { from: overrides, to: input.planFeatureOverrides };
    if (Object.keys(changes).length === 0) return;
    await tx.company.update({
      where: { id: input.companyId },
      data: { features: tenantFeatures, featureOverrides: input.planFeatureOverrides },
    });
    await recordAudit(tx, {
      companyId: input.companyId,
      actorUserId: input.actor.userId,
      action: "company.features_changed",
      entityType: "company",
      entityId: input.companyId,
      summary: `${byAdmin(input.actor)} changed the company's features`,
      changes,
    });
  });
}

/**
 * Suspends a company: from now its users cannot sign in and their sessions end (the ids returned, for the caller to
 * drop from every process's cache). Suspending a suspended company changes nothing.
 */
export async function suspendTenant(
  db: Database,
  input: { companyId: string; reason: string; actor: PlatformAdminActor; now?: Date },
): Promise<{ endedSessionIds: string[] }> {
  await inCompany(db, input.companyId, async (tx) => {
    const company = await tx.company.findFirstOrThrow({ select: { name: true, suspendedAt: true } });
    if (company.suspendedAt) return;
    await tx.company.update({
      where: { id: input.companyId },
      data: { suspendedAt: input.now ?? new Date(), suspendedReason: input.reason },
    });
    await recordAudit(tx, {
      companyId: input.companyId,
      actorUserId: input.actor.userId,
      action: "company.suspended",
      entityType: "company",
      entityId: input.companyId,
      summary: `${byAdmin(input.actor)} suspended ${company.name}: ${input.reason}`,
    });
  });
  // Ended in every case: a session begun while the suspension was being written ends too. Ended, not deleted: a page
  // still open with one is told that its company is suspended (sessionRefusal) rather than only that it is signed out.
  const endedSessionIds = await withSystem(db, async (tx) => {
    const sessions = await tx.session.findMany({
      where: { user: { companyId: input.companyId }, endedAt: null },
      select: { id: true },
    });
    await tx.session.updateMany({
      where: { id: { in: sessions.map((session) => session.id) } },
      data: { endedAt: input.now ?? new Date() },
    });
    return sessions.map((session) => session.id);
  });
  return { endedSessionIds };
}

/**
 * Lifts a suspension: the company's users can sign in again, and the sessions the suspension ended are forgotten.
 * Restoring an active company changes nothing.
 */
export async function restoreTenant(
  db: Database,
  input: { companyId: string; actor: PlatformAdminActor },
): Promise<void> {
  await inCompany(db, input.companyId, async (tx) => {
    const company = await tx.company.findFirstOrThrow({ select: { name: true, suspendedAt: true } });
    if (!company.suspendedAt) return;
    await tx.company.update({ where: { id: input.companyId }, data: { suspendedAt: null, suspendedReason: null } });
    await recordAudit(tx, {
      companyId: input.companyId,
      actorUserId: input.actor.userId,
      action: "company.restored",
      entityType: "company",
      entityId: input.companyId,
      summary: `${byAdmin(input.actor)} restored ${company.name}`,
    });
  });
  await withSystem(db, (tx) =>
    tx.session.deleteMany({
      where: { user: { companyId: input.companyId }, isImpersonation: false, endedAt: { not: null } },
    }),
  );
}
