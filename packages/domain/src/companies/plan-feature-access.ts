import type { TenantTransaction } from "@fieldops/db";
import { firstPlanWithFeature, planHasFeature, planIdSchema, type PlanFeature } from "@fieldops/shared/plans";
import { planLimitReached } from "../errors.ts";

/**
 * The company's plan, name, branding and time zone, after refusing (403) when its plan lacks `feature`; the message
 * names the cheapest plan that has it ("Invoicing is part of the Growth plan and above").
 */
export async function requirePlanFeature(tx: TenantTransaction, companyId: string, feature: PlanFeature, what: string) {
  const company = await tx.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { planId: true, name: true, timeZone: true, branding: true },
  });
  if (!planHasFeature(planIdSchema.parse(company.planId), feature)) {
    throw planLimitReached(`${what} is part of the ${firstPlanWithFeature(feature).name} plan and above`);
  }
  return company;
}
