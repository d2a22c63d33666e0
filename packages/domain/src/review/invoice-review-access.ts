import type { TenantTransaction } from "@fieldops/db";
import { planHasFeature, planIdSchema } from "@fieldops/shared/plans";
import { conflict } from "../errors.ts";
import { assertPortalCustomer, assertPortalInPlan, reviewNotFound, type ReviewAccess } from "./review-access.ts";

/**
 * The invoice a review link opens, as its customer may see it: a draft (never sent) answers like a missing invoice,
 * and so does another customer's invoice asked for from a portal.
 */
export async function findReviewedInvoice(tx: TenantTransaction, invoiceId: string, access: ReviewAccess) {
  const invoice = await tx.invoice.findUnique({
    where: { id: invoiceId },
    include: {
      lines: { orderBy: { position: "asc" } },
      customer: { select: { name: true } },
      company: { select: { name: true, branding: true, timeZone: true, planId: true } },
      review: true,
    },
  });
  if (!invoice || invoice.status === "draft") throw reviewNotFound();
  assertPortalCustomer(access, invoice.customerId);
  assertPortalInPlan(access, invoice.company.planId);
  return invoice;
}

/** Refuses online payment when the company's plan no longer includes payments; the customer is told whom to ask. */
export function assertOnlinePayments(company: { planId: string; name: string }): void {
  if (!planHasFeature(planIdSchema.parse(company.planId), "payments")) {
    throw conflict(`${company.name} does not take payments online. Contact them to pay this invoice.`);
  }
}
