import type { TenantTransaction } from "@fieldops/db";
import { PLANS, UNLIMITED, planAllowingMore, planIdSchema } from "@fieldops/shared/plans";
import { terminologySchema } from "@fieldops/shared/verticals";
import { planLimitReached } from "../errors.ts";

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
  const better = planAllowingMore(planId, "customers");
  const upgrade = better
    ? ` The ${better.name} plan allows ${better.limits.customers === UNLIMITED ? "unlimited" : `up to ${better.limits.customers}`} ${term}.`
    : "";
  throw planLimitReached(`Your ${PLANS[planId].name} plan allows up to ${limit} ${term} and you have ${used}.${upgrade}`);
}
