import type { TenantTransaction } from "@fieldops/db";
import type { PlanFeature } from "@fieldops/shared/plans";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";

/** The company of a billing use case (its plan, name, time zone, branding), after `requirePlanFeature(feature)`. */
async function billingCompany(tx: TenantTransaction, companyId: string, feature: PlanFeature) {
  await requirePlanFeature(tx, feature);
  return tx.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { planId: true, name: true, timeZone: true, branding: true },
  });
}

/** The company of an invoicing use case, after checking that its plan includes invoicing (Growth and above). */
export function invoicingCompany(tx: TenantTransaction, companyId: string) {
  return billingCompany(tx, companyId, "invoicing");
}

/** The company of a payments use case, after checking that its plan includes payments (Growth and above). */
export function paymentsCompany(tx: TenantTransaction, companyId: string) {
  return billingCompany(tx, companyId, "payments");
}
