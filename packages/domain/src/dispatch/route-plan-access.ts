import type { TenantTransaction } from "@fieldops/db";
import { ROUTE_OPTIMIZATION_UPGRADE_MESSAGE } from "@fieldops/shared/dispatch";
import { planHasFeature, planIdSchema } from "@fieldops/shared/plans";
import { forbidden } from "../errors.ts";

/** Whether the company's plan includes route optimization. */
export async function hasRouteOptimization(tx: TenantTransaction): Promise<boolean> {
  const company = await tx.company.findFirstOrThrow({ select: { planId: true } });
  const planId = planIdSchema.safeParse(company.planId);
  return planId.success && planHasFeature(planId.data, "route_optimization");
}

/** Refuses (403, naming the plan that has it) a company whose plan lacks route optimization. */
export async function assertRouteOptimization(tx: TenantTransaction): Promise<void> {
  if (!(await hasRouteOptimization(tx))) throw forbidden(ROUTE_OPTIMIZATION_UPGRADE_MESSAGE);
}
