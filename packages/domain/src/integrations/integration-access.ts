import type { TenantTransaction } from "@fieldops/db";
import { INTEGRATION_INFO, type IntegrationProvider } from "@fieldops/shared/integrations";
import { firstPlanWithFeature, planHasFeature, planIdSchema, type PlanId } from "@fieldops/shared/plans";
import { planLimitReached } from "../errors.ts";

export async function companyPlan(tx: TenantTransaction, companyId: string): Promise<{ planId: PlanId; name: string }> {
  const company = await tx.company.findUniqueOrThrow({ where: { id: companyId }, select: { planId: true, name: true } });
  return { planId: planIdSchema.parse(company.planId), name: company.name };
}

export function integrationAvailable(planId: PlanId, provider: IntegrationProvider): boolean {
  return planHasFeature(planId, INTEGRATION_INFO[provider].feature);
}

/** Refuses (403) when the company's plan does not include the integration. */
export async function assertIntegrationAvailable(tx: TenantTransaction, companyId: string, provider: IntegrationProvider): Promise<void> {
  const { planId } = await companyPlan(tx, companyId);
  if (!integrationAvailable(planId, provider)) {
    const info = INTEGRATION_INFO[provider];
    throw planLimitReached(`${info.name} is part of the ${firstPlanWithFeature(info.feature).name} plan and above`);
  }
}
