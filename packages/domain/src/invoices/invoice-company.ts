import type { TenantTransaction } from "@fieldops/db";
import { requirePlanFeature } from "../companies/plan-feature-access.ts";

/** The company of an invoicing use case, after checking that its plan includes invoicing (Growth and above). */
export function invoicingCompany(tx: TenantTransaction, companyId: string) {
  return requirePlanFeature(tx, companyId, "invoicing", "Invoicing");
}

/** The company of a payments use case, after checking that its plan includes payments (Growth and above). */
export function paymentsCompany(tx: TenantTransaction, companyId: string) {
  return requirePlanFeature(tx, companyId, "payments", "Payments");
}
