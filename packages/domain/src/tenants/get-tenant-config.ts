import { withSystem, type Database } from "@fieldops/db";
import { brandingSchema } from "@fieldops/shared/company";
import { planIdSchema } from "@fieldops/shared/plans";
import { TENANT_NOT_FOUND, type TenantConfig } from "@fieldops/shared/tenants";
import { notFound } from "../errors.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A tenant named in a path, by its company's id or its slug. */
export const companyWhereOfTenantId = (tenantId: string) => (UUID.test(tenantId) ? { id: tenantId } : { slug: tenantId });

/** The brand colour of a company whose stored branding is missing or malformed. */
export const DEFAULT_PRIMARY_COLOR = "#16a34a";

/**
 * Who reads a tenant's config: nobody (a visitor), or a signed-in user with their company (the impersonated one while
 * impersonating) and whether they are a platform admin on their own session.
 */
export type TenantConfigReader = { companyId: string | null; platformAdmin: boolean } | null;

/**
 * The config of the tenant named by its id or slug. The system context finds the company, since which company it is
 * is what the caller asks. The account's details (plan, features, beta mode) go only to the company's own users and
 * platform admins; a visitor or another company's user gets what the tenant's login page shows.
 */
export async function getTenantConfig(db: Database, tenantId: string, reader: TenantConfigReader): Promise<TenantConfig> {
  const where = companyWhereOfTenantId(tenantId);
  const row = await withSystem(db, (tx) =>
    tx.company.findUnique({
      where,
      select: { id: true, slug: true, name: true, industry: true, branding: true, homePath: true, planId: true, features: true, betaMode: true, plan: { select: { name: true } } },
    }),
  );
  if (!row) throw notFound(TENANT_NOT_FOUND);
  const branding = brandingSchema.safeParse(row.branding).data;
  const publicPart = {
    id: row.id,
    slug: row.slug,
    branding: { name: branding?.name || row.name, logo: branding?.logo ?? null, primaryColor: branding?.primaryColor ?? DEFAULT_PRIMARY_COLOR },
    industry: row.industry,
    homePath: row.homePath,
  };
  const insider = reader !== null && (reader.companyId === row.id || reader.platformAdmin);
  if (!insider) return { ...publicPart, plan: null, planName: null, features: null, betaMode: null };
  return { ...publicPart, plan: planIdSchema.parse(row.planId), planName: row.plan.name, features: row.features, betaMode: row.betaMode };
}
