import type { TenantTransaction } from "@fieldops/db";
import { firstPlanWithFeature, planFeatureMessage, type PlanFeature } from "@fieldops/shared/plans";
import { DomainError, planLimitReached } from "../errors.ts";
import { readCompanyFeatures } from "./company-features.ts";

/**
 * Whether the transaction's company's plan includes `feature` (to show or skip something, not to refuse), with the
 * switches platform administrators set for its plan or for it alone.
 */
export async function companyHasPlanFeature(tx: TenantTransaction, feature: PlanFeature): Promise<boolean> {
  return (await readCompanyFeatures(tx)).includes(feature);
}

/** The refusal (403) of a feature a plan lacks: "Invoicing requires the Growth plan or higher.", with that plan. */
export function planFeatureRefusal(feature: PlanFeature, label?: string): DomainError {
  return planLimitReached(planFeatureMessage(feature, label), firstPlanWithFeature(feature).id);
}

/**
 * The one check of a plan feature: refuses (403, naming the cheapest plan that has it) when the transaction's
 * company's plan lacks `feature`. `label` names the feature in the message when the default word is not the one
 * the user knows (an integration's full name, a module's title).
 */
export async function requirePlanFeature(tx: TenantTransaction, feature: PlanFeature, label?: string): Promise<void> {
  if (!(await companyHasPlanFeature(tx, feature))) throw planFeatureRefusal(feature, label);
}
