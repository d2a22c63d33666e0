import type { TenantTransaction } from "@fieldops/db";
import { dayInTimeZone } from "@fieldops/shared/company-time";
import { isInvoicePastDue } from "@fieldops/shared/invoices";
import { MAX_REVIEW_FAILED_BANK_PAYMENTS, type ReviewInvoice } from "@fieldops/shared/invoice-review";
import { cardProviderName, type PaymentsEnv } from "../payments/payments-env.ts";
import { toInvoiceLine } from "../invoices/to-invoice.ts";
import { readCompanySettings } from "../settings/company-settings.ts";
import { findReviewedInvoice } from "./invoice-review-access.ts";
import { reviewBranding, type ReviewAccess } from "./review-access.ts";

/**
 * What the customer's page shows: the invoice (lines, sums, balance, bank payments processing or refused, due day, the
 * refunds given), the company's branding and how a card (or a bank debit) is taken. Nothing else of the company: no other invoice, customer, job or user.
 */
export async function getReviewInvoice(
  tx: TenantTransaction,
  input: { invoiceId: string; access: ReviewAccess; env: PaymentsEnv; now?: Date },
): Promise<ReviewInvoice> {
  const invoice = await findReviewedInvoice(tx, input.invoiceId, input.access);
  const timeZone = invoice.company.timeZone;
  const dueDate = invoice.dueAt ? dayInTimeZone(invoice.dueAt, timeZone) : null;
  const provider = cardProviderName(input.env);
  // The newest refusals only: a customer whose bank refuses debit after debit does not make the page read them all.
  const failedBankPayments = await tx.payment.findMany({
    where: { invoiceId: invoice.id, status: "failed" },
    orderBy: [{ receivedAt: "desc" }, { id: "desc" }],
    take: MAX_REVIEW_FAILED_BANK_PAYMENTS,
    select: { amountCents: true, failureMessage: true, receivedAt: true },
  });
  const { bankDebits } = await readCompanySettings(tx, input.access.companyId);
  const refunds = await tx.refund.findMany({
    where: { invoiceId: invoice.id },
    orderBy: { createdAt: "asc" },
    select: { amountCents: true, reopenedBalance: true, disputeId: true, createdAt: true },
  });
  return {
    company: reviewBranding(invoice.company),
    invoice: {
      id: invoice.id,
      number: invoice.number,
      status: invoice.status,
      pastDue: isInvoicePastDue(invoice.status, dueDate, dayInTimeZone(input.now ?? new Date(), timeZone)),
      customerName: invoice.customer.name,
      // Which visit a line bills is the office's business.
      lines: invoice.lines.map((line) => {
        const { visitId: _visitId, ...shown } = toInvoiceLine(line);
        return shown;
      }),
      subtotalCents: invoice.subtotalCents,
      discountCents: invoice.discountCents,
      taxRateBasisPoints: invoice.taxRateBasisPoints,
      taxCents: invoice.taxCents,
      totalCents: invoice.totalCents,
      paidCents: invoice.paidCents,
      balanceCents: invoice.status === "void" ? 0 : invoice.totalCents - invoice.paidCents,
      processingCents:
        (
          await tx.payment.aggregate({
            where: { invoiceId: invoice.id, status: "pending" },
            _sum: { amountCents: true },
          })
        )._sum.amountCents ?? 0,
      failedBankPayments: failedBankPayments.map((payment) => ({
        amountCents: payment.amountCents,
        reason: payment.failureMessage,
        date: dayInTimeZone(payment.receivedAt, timeZone),
      })),
      dueDate,
      issuedAt: invoice.issuedAt?.toISOString() ?? null,
      notes: invoice.notes,
      refunds: refunds.map((refund) => ({
        amountCents: refund.amountCents,
        reopenedBalance: refund.reopenedBalance,
        disputeLost: refund.disputeId !== null,
        date: dayInTimeZone(refund.createdAt, timeZone),
      })),
    },
    review: invoice.review
      ? {
          rating: invoice.review.rating,
          comment: invoice.review.comment,
          createdAt: invoice.review.createdAt.toISOString(),
        }
      : null,
    payment: {
      provider,
      publishableKey: provider === "stripe" ? (input.env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
      bankDebits: provider === "stripe" && bankDebits,
    },
  };
}
