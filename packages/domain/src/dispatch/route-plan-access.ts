import type { TenantTransaction } from "@fieldops/db";
import { companyHasPlanFeature, requirePlanFeature } from "../plans/require-plan-feature.ts";

/** Whether the company's plan includes route optimization. */
export async function hasRouteOptimization(tx: TenantTransaction): Promise<boolean> {
  return companyHasPlanFeature(tx, "route_optimization");
}

/** Refuses (403, naming the plan that has it) a company whose plan lacks route optimization. */
export async function assertRouteOptimization(tx: TenantTransaction): Promise<void> {
  await requirePlanFeature(tx, "route_optimization");
}
