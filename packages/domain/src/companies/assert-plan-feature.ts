import type { TenantTransaction } from "@fieldops/db";
import { firstPlanWithFeature, planHasFeature, planIdSchema, type PlanFeature, type PlanId } from "@fieldops/shared/plans";
import { planLimitReached } from "../errors.ts";

/** The plan of the transaction's company. */
export async function currentPlanId(tx: TenantTransaction): Promise<PlanId> {
  const company = await tx.company.findFirstOrThrow({ select: { planId: true } });
  return planIdSchema.parse(company.planId);
}

/** Refuses (403) when the company's plan lacks `feature`, naming the cheapest plan that has it. */
export async function assertPlanFeature(tx: TenantTransaction, feature: PlanFeature, what: string): Promise<void> {
  if (!planHasFeature(await currentPlanId(tx), feature)) {
    throw planLimitReached(`${what} is part of the ${firstPlanWithFeature(feature).name} plan and above`);
  }
}
