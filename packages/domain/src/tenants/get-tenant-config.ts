import { withSystem, type Database } from "@fieldops/db";
import { brandingSchema } from "@fieldops/shared/company";
import { effectivePlanFeatures } from "@fieldops/shared/admin";
import { isHostName } from "@fieldops/shared/custom-domain";
import { planHasFeature, planIdSchema } from "@fieldops/shared/plans";
import { TENANT_NOT_FOUND, tenantFeaturesForPlan, type TenantConfig } from "@fieldops/shared/tenants";
import { notFound } from "../errors.ts";
import { parseCompanySwitches, readPlanSwitches } from "../plans/company-features.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The brand colour of a company whose stored branding is missing or malformed. */
export const DEFAULT_PRIMARY_COLOR = "#16a34a";

/**
 * Who reads a tenant's config: nobody (a visitor), or a signed-in user with their company (the impersonated one while
 * impersonating) and whether they are a platform admin on their own session.
 */
export type TenantConfigReader = { companyId: string | null; platformAdmin: boolean } | null;

/** Which company a tenant id names: a UUID its id, a host name its verified custom domain, anything else its slug. */
export function companyWhereOfTenantId(tenantId: string) {
  if (UUID.test(tenantId)) return { id: tenantId };
  if (isHostName(tenantId)) return { customDomain: tenantId.toLowerCase(), customDomainVerifiedAt: { not: null } };
  return { slug: tenantId };
}

/**
 * The config of the tenant named by its id, slug or verified custom domain. The system context finds the company,
 * since which company it is is what the caller asks. The account's details (plan, features, beta mode) go only to the company's own users and
 * platform admins; a visitor or another company's user gets what the tenant's login page shows.
 */
export async function getTenantConfig(
  db: Database,
  tenantId: string,
  reader: TenantConfigReader,
): Promise<TenantConfig> {
  const config = await findTenantConfig(db, tenantId, reader);
  if (!config) throw notFound(TENANT_NOT_FOUND);
  return config;
}

/** The config of the tenant `tenantId` names, as getTenantConfig, or null when it names none. */
export async function findTenantConfig(
  db: Database,
  tenantId: string,
  reader: TenantConfigReader,
): Promise<TenantConfig | null> {
  const found = await withSystem(db, async (tx) => {
    const company = await tx.company.findFirst({
      where: companyWhereOfTenantId(tenantId),
      select: {
        id: true,
        slug: true,
        name: true,
        industry: true,
        branding: true,
        homePath: true,
        planId: true,
        features: true,
        featureOverrides: true,
        betaMode: true,
        plan: { select: { name: true } },
      },
    });
    // The switches platform administrators set for the company's plan, for its own users' view of its features.
    return company && { row: company, planSwitches: await readPlanSwitches(tx, planIdSchema.parse(company.planId)) };
  });
  if (!found) return null;
  const { row, planSwitches } = found;
  const branding = brandingSchema.safeParse(row.branding).data;
  const planId = planIdSchema.parse(row.planId);
  const publicPart = {
    id: row.id,
    slug: row.slug,
    branding: {
      name: branding?.name || row.name,
      logo: branding?.logo ?? null,
      primaryColor: branding?.primaryColor ?? DEFAULT_PRIMARY_COLOR,
    },
    industry: row.industry,
    homePath: row.homePath,
    whiteLabel: planHasFeature(planId, "white_label"),
  };
  const insider = reader !== null && (reader.companyId === row.id || reader.platformAdmin);
  if (!insider) return { ...publicPart, plan: null, planName: null, features: null, betaMode: null };
  const planFeatures = effectivePlanFeatures(planId, planSwitches, parseCompanySwitches(row.featureOverrides));
  return {
    ...publicPart,
    plan: planId,
    planName: row.plan.name,
    features: tenantFeaturesForPlan(row.features, planFeatures),
    betaMode: row.betaMode,
  };
}
