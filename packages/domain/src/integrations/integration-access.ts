import type { TenantTransaction } from "@fieldops/db";
import { INTEGRATION_INFO, type IntegrationProvider } from "@fieldops/shared/integrations";
import { planHasFeature, planIdSchema, type PlanId } from "@fieldops/shared/plans";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";

export async function companyPlan(tx: TenantTransaction, companyId: string): Promise<{ planId: PlanId; name: string }> {
  const company = await tx.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { planId: true, name: true },
  });
  return { planId: planIdSchema.parse(company.planId), name: company.name };
}

export function integrationAvailable(planId: PlanId, provider: IntegrationProvider): boolean {
  return planHasFeature(planId, INTEGRATION_INFO[provider].feature);
}

/** Refuses (403, naming the plan that has it) when the company's plan does not include the integration. */
export async function assertIntegrationAvailable(
  tx: TenantTransaction,
  _companyId: string,
  provider: IntegrationProvider,
): Promise<void> {
  const info = INTEGRATION_INFO[provider];
  await requirePlanFeature(tx, info.feature, info.name);
}
