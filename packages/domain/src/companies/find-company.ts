import type { Company } from "@fieldops/shared/company";
import { brandingSchema } from "@fieldops/shared/company";
import { planIdSchema } from "@fieldops/shared/plans";
import { terminologySchema, verticalIdSchema } from "@fieldops/shared/verticals";
import { readCompanyFeatures } from "../plans/company-features.ts";
import type { TenantScope } from "../tenant-scope.ts";

export async function findCompany({ tx, companyId }: Pick<TenantScope, "tx" | "companyId">): Promise<Company | null> {
  const row = await tx.company.findUnique({ where: { id: companyId }, include: { plan: true, vertical: true } });
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    industry: row.industry,
    verticalId: verticalIdSchema.parse(row.verticalId),
    planId: planIdSchema.parse(row.planId),
    planName: row.plan.name,
    branding: brandingSchema.parse(row.branding),
    features: row.features,
    planFeatures: await readCompanyFeatures(tx),
    betaMode: row.betaMode,
    homePath: row.homePath,
    hipaaMode: row.hipaaMode,
    timeZone: row.timeZone,
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
    onboardingState: row.onboardingState,
    terminology: terminologySchema.parse(row.vertical.terminology),
  };
}
