import type { TenantTransaction } from "@fieldops/db";
import { firstPlanWithFeature, planHasFeature, planIdSchema, type PlanFeature } from "@fieldops/shared/plans";
import { planLimitReached } from "../errors.ts";

/** Refuses (403) when the company's plan lacks `feature`, naming the first plan that has it. */
export async function assertPlanFeature(tx: TenantTransaction, feature: PlanFeature, what: string): Promise<void> {
  const company = await tx.company.findFirstOrThrow({ select: { planId: true } });
  if (!planHasFeature(planIdSchema.parse(company.planId), feature)) {
    throw planLimitReached(`${what} ${what.endsWith("s") ? "are" : "is"} part of the ${firstPlanWithFeature(feature).name} plan and above`);
  }
}
