import type { TenantTransaction } from "@fieldops/db";
import { PLANS, UNLIMITED, planIdSchema, type PlanId } from "@fieldops/shared/plans";
import { terminologySchema } from "@fieldops/shared/verticals";
import { planLimitReached } from "../errors.ts";

const PLAN_ORDER: PlanId[] = ["starter", "growth", "pro", "suite"];

/** The cheapest plan above `planId` whose customer limit is higher, for the message that asks to upgrade. */
export function planAllowingMoreCustomers(planId: PlanId): PlanId | null {
  const limit = PLANS[planId].limits.customers;
  if (limit === UNLIMITED) return null;
  const higher = PLAN_ORDER.slice(PLAN_ORDER.indexOf(planId) + 1);
  return higher.find((id) => PLANS[id].limits.customers === UNLIMITED || PLANS[id].limits.customers > limit) ?? null;
}

/**
 * Refuses when adding `adding` customers would pass the company's plan limit. The company row is locked first, so two
 * concurrent creations cannot both take the last place.
 */
export async function assertCustomerCapacity(tx: TenantTransaction, companyId: string, adding: number): Promise<void> {
  await tx.$queryRaw`SELECT id FROM companies WHERE id = ${companyId}::uuid FOR UPDATE`;
  const company = await tx.company.findUniqueOrThrow({ where: { id: companyId }, include: { vertical: true } });
  const planId = planIdSchema.parse(company.planId);
  const limit = PLANS[planId].limits.customers;
  if (limit === UNLIMITED) return;
  const used = await tx.customer.count();
  if (used + adding <= limit) return;
  const term = terminologySchema.parse(company.vertical.terminology).customers.toLowerCase();
  const better = planAllowingMoreCustomers(planId);
  const upgrade = better
    ? ` The ${PLANS[better].name} plan allows ${PLANS[better].limits.customers === UNLIMITED ? "unlimited" : `up to ${PLANS[better].limits.customers}`} ${term}.`
    : "";
  throw planLimitReached(`Your ${PLANS[planId].name} plan allows up to ${limit} ${term} and you have ${used}.${upgrade}`);
}
