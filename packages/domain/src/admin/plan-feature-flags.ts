import { withSystem, type Database } from "@fieldops/db";
import { MAX_ADMIN_TENANT_PAGE, type PlanFeatureFlags } from "@fieldops/shared/admin";
import {
  PLAN_FEATURE_LABELS,
  PLANS,
  planFeatureSchema,
  planIdSchema,
  type PlanFeature,
  type PlanId,
} from "@fieldops/shared/plans";
import { parseCompanySwitches, readPlanSwitches } from "../plans/company-features.ts";
import type { PlatformAdminActor } from "./platform-admin-actor.ts";

/**
 * Every plan's features as they apply now (built in, or switched by a platform administrator), and the companies that
 * have switches of their own (plan features, or tenant features other than their vertical's).
 */
export async function listFeatureFlags(db: Database): Promise<PlanFeatureFlags> {
  return withSystem(db, async (tx) => {
    const plans = [];
    for (const plan of planIdSchema.options) {
      const switches = await readPlanSwitches(tx, plan);
      plans.push({
        plan,
        planName: PLANS[plan].name,
        features: planFeatureSchema.options.map((feature) => {
          const builtIn = PLANS[plan].features.includes(feature);
          return { feature, label: PLAN_FEATURE_LABELS[feature], builtIn, enabled: switches[feature] ?? builtIn };
        }),
      });
    }
    const companies = await tx.company.findMany({
      where: { NOT: { featureOverrides: { equals: {} } } },
      orderBy: { name: "asc" },
      take: MAX_ADMIN_TENANT_PAGE,
      select: { id: true, name: true, planId: true, features: true, featureOverrides: true },
    });
    return {
      plans,
      tenants: companies.map((company) => ({
        id: company.id,
        name: company.name,
        plan: planIdSchema.parse(company.planId),
        tenantFeatures: company.features,
        planFeatureOverrides: parseCompanySwitches(company.featureOverrides),
      })),
    };
  });
}

/**
 * Turns a feature on or off for every company on `plan`. Setting it back to what the plan has built in removes the
 * switch, so the plan follows its built-in list again.
 */
export async function setPlanFeature(
  db: Database,
  input: { plan: PlanId; feature: PlanFeature; enabled: boolean; actor: PlatformAdminActor },
): Promise<PlanFeatureFlags> {
  await withSystem(db, async (tx) => {
    const key = { planId_feature: { planId: input.plan, feature: input.feature } };
    if (PLANS[input.plan].features.includes(input.feature) === input.enabled)
      await tx.planFeatureFlag.deleteMany({ where: { planId: input.plan, feature: input.feature } });
    else
      await tx.planFeatureFlag.upsert({
        where: key,
        create: {
          planId: input.plan,
          feature: input.feature,
          enabled: input.enabled,
          updatedByUserId: input.actor.userId,
        },
        update: { enabled: input.enabled, updatedByUserId: input.actor.userId },
      });
  });
  return listFeatureFlags(db);
}
