import type { TenantTransaction } from "@fieldops/db";
import { effectivePlanFeatures, featureOverridesSchema, type FeatureOverrides } from "@fieldops/shared/admin";
import { planFeatureSchema, planIdSchema, type PlanFeature, type PlanId } from "@fieldops/shared/plans";

/** The switches of a plan's features that platform administrators set for every company on the plan. */
export async function readPlanSwitches(tx: TenantTransaction, plan: PlanId): Promise<FeatureOverrides> {
  const rows = await tx.planFeatureFlag.findMany({ where: { planId: plan } });
  const switches: FeatureOverrides = {};
  for (const row of rows) {
    const feature = planFeatureSchema.safeParse(row.feature);
    if (feature.success) switches[feature.data] = row.enabled;
  }
  return switches;
}

/** A company's own switches as stored; a malformed value counts as none. */
export function parseCompanySwitches(stored: unknown): FeatureOverrides {
  return featureOverridesSchema.safeParse(stored).data ?? {};
}

/** The plan features the transaction's company can use now (its plan's, with the plan's and its own switches). */
export async function readCompanyFeatures(tx: TenantTransaction): Promise<PlanFeature[]> {
  const company = await tx.company.findFirstOrThrow({ select: { planId: true, featureOverrides: true } });
  const plan = planIdSchema.parse(company.planId);
  return effectivePlanFeatures(plan, await readPlanSwitches(tx, plan), parseCompanySwitches(company.featureOverrides));
}
