import { formatCents } from "@fieldops/shared/money";
import { recordAudit } from "../audit/record-audit.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { lockInvoice } from "./apply-payment.ts";
import { storeRefund } from "./store-refund.ts";
import { FIELDOPS_REFUND_METADATA, type StripeRefund } from "./stripe-client.ts";

/**
 * A refund made at Stripe itself (the company's Stripe dashboard) of one of its Stripe payments: recorded as a refund
 * once (keyed by Stripe's refund id), as a credit: nobody chose to make the customer owe it again, so the invoice stays
 * as settled as it was (the office reopens a balance only through its own refund dialog). A refund this app
 * made (its metadata says so) is recorded by the use case that made it, never a second time here; nor is more than
 * what is left of the payment. Pushed to QuickBooks as any refund.
 */
export async function recordStripeRefund(scope: TenantScope, refund: StripeRefund, now: Date) {
  const { tx, companyId } = scope;
  if (refund.status !== "succeeded" || refund.metadata?.[FIELDOPS_REFUND_METADATA.key]) return;
  const intentId = typeof refund.payment_intent === "string" ? refund.payment_intent : refund.payment_intent?.id;
  if (!intentId) return;
  const found = await tx.payment.findFirst({ where: { providerReference: intentId }, select: { invoiceId: true } });
  if (!found) return;
  const invoice = await lockInvoice(tx, found.invoiceId);
  const payment = await tx.payment.findFirstOrThrow({ where: { providerReference: intentId } });
  const idempotencyKey = `stripe:${refund.id}`;
  const earlier = await tx.refund.findFirst({
    where: { OR: [{ idempotencyKey }, { providerReference: refund.id }] },
    select: { id: true },
  });
  const amountCents = Math.min(refund.amount, payment.amountCents - payment.refundedCents);
  if (earlier || payment.status !== "succeeded" || amountCents <= 0) return;
  await storeRefund(scope, {
    invoice,
    payment,
    amountCents,
    reason: "Refunded in Stripe",
    reopenBalance: false,
    providerReference: refund.id,
    createdByUserId: null,
    idempotencyKey,
    createdAt: now,
  });
  await recordAudit(tx, {
    companyId,
    actorUserId: null,
    action: "payment.refunded_at_provider",
    entityType: "invoice",
    entityId: invoice.id,
    summary: `A refund of ${formatCents(amountCents)} of a card payment on invoice #${invoice.number} was made in Stripe's dashboard and recorded as a credit`,
    details: { paymentId: payment.id, refundId: refund.id, amountCents },
    at: now,
  });
}
