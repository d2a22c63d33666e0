import { invoiceStatusForPaid } from "@fieldops/shared/invoices";
import { recordAudit } from "../audit/record-audit.ts";
import { invoicesChanged } from "../invoices/invoices-events.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { lockInvoice } from "./apply-payment.ts";
import { FIELDOPS_REFUND_METADATA, type StripeRefund } from "./stripe-client.ts";

/**
 * A refund made at Stripe itself (the company's Stripe dashboard) of one of its Stripe payments: recorded as a refund
 * once (keyed by Stripe's refund id), the invoice's paid amount dropping as with a refund made here. A refund this app
 * made (its metadata says so) is recorded by the use case that made it, never a second time here; nor is more than
 * what is left of the payment.
 */
export async function recordStripeRefund({ tx, companyId, emit }: TenantScope, refund: StripeRefund, now: Date) {
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
  await tx.refund.create({
    data: {
      companyId,
      paymentId: payment.id,
      invoiceId: invoice.id,
      amountCents,
      reason: "Refunded in Stripe",
      providerReference: refund.id,
      createdByUserId: null,
      idempotencyKey,
      createdAt: now,
    },
  });
  await tx.payment.update({
    where: { id: payment.id },
    data: { refundedCents: payment.refundedCents + amountCents },
  });
  const paidCents = invoice.paidCents - amountCents;
  const status = invoice.status === "void" ? "void" : invoiceStatusForPaid(paidCents, invoice.totalCents);
  await tx.invoice.update({
    where: { id: invoice.id },
    data: { paidCents, status, paidAt: status === "paid" ? undefined : null },
  });
  await recordAudit(tx, {
    companyId,
    actorUserId: null,
    action: "payment.refunded_at_provider",
    entityType: "invoice",
    entityId: invoice.id,
    summary: `A refund of a card payment was made in Stripe's dashboard and recorded on the invoice`,
    details: { paymentId: payment.id, refundId: refund.id, amountCents },
    at: now,
  });
  emit(invoicesChanged({ id: invoice.id, customerId: invoice.customerId }));
}
