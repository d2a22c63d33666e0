import type { TenantTransaction } from "@fieldops/db";
import { planHasFeature, planIdSchema } from "@fieldops/shared/plans";
import { PUBLIC_LINK_NOT_FOUND } from "@fieldops/shared/review";
import { conflict, notFound } from "../errors.ts";

/**
 * The invoice a review link opens, as its customer may see it: a draft (never sent) answers like a missing invoice.
 */
export async function findReviewedInvoice(tx: TenantTransaction, invoiceId: string) {
  const invoice = await tx.invoice.findUnique({
    where: { id: invoiceId },
    include: {
      lines: { orderBy: { position: "asc" } },
      customer: { select: { name: true } },
      company: { select: { name: true, branding: true, timeZone: true, planId: true } },
      review: true,
    },
  });
  if (!invoice || invoice.status === "draft") throw notFound(PUBLIC_LINK_NOT_FOUND);
  return invoice;
}

/** Refuses online payment when the company's plan no longer includes payments; the customer is told whom to ask. */
export function assertOnlinePayments(company: { planId: string; name: string }): void {
  if (!planHasFeature(planIdSchema.parse(company.planId), "payments")) {
    throw conflict(`${company.name} does not take payments online. Contact them to pay this invoice.`);
  }
}
