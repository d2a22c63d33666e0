import { formatCents } from "@fieldops/shared/money";
import { PAYMENT_METHOD_WORDS, type RefundPaymentInput } from "@fieldops/shared/invoices";
import { recordAudit } from "../audit/record-audit.ts";
import { conflict, notFound } from "../errors.ts";
import { paymentsCompany } from "../invoices/invoice-company.ts";
import { invoicesChanged } from "../invoices/invoices-events.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { lockInvoice } from "./apply-payment.ts";
import type { StripeClient } from "./stripe-client.ts";
import { storeRefund } from "./store-refund.ts";
import { refundTestCharge } from "./test-card-provider.ts";

/**
 * Gives back all or part of a payment, never more than what is left of it, once per Idempotency-Key. A payment taken
 * on the customer's page is refunded at its provider (Stripe with the same key, so a retry refunds once there too; a
 * card or a bank debit alike); one the office recorded (cash, a check, a bank transfer) is recorded as given back. A refund is a credit: the invoice stays as settled as it was, so its link never asks the
 * customer to pay their own refund again; only when the office chooses to reopen the balance does the paid amount
 * drop and the status follow (partially paid, back to sent). Audited; announces the invoice (a repeated key too).
 */
export async function refundPayment(
  scope: TenantScope<UserActor>,
  input: RefundPaymentInput & { paymentId: string; idempotencyKey: string; stripe: StripeClient | null },
): Promise<{ invoiceId: string; customerId: string; replayed: boolean }> {
  const { tx, companyId, actor, emit } = scope;
  await paymentsCompany(tx, companyId);
  const found = await tx.payment.findUnique({ where: { id: input.paymentId }, select: { invoiceId: true } });
  if (!found) throw notFound("Payment not found");
  const invoice = await lockInvoice(tx, found.invoiceId);
  const earlier = await tx.refund.findUnique({
    where: { companyId_idempotencyKey: { companyId, idempotencyKey: input.idempotencyKey } },
  });
  if (earlier) {
    if (
      earlier.paymentId !== input.paymentId ||
      earlier.amountCents !== input.amountCents ||
      earlier.reopenedBalance !== input.reopenBalance
    ) {
      throw conflict("This Idempotency-Key was already used for a different refund", "Idempotency-Key");
    }
    emit(invoicesChanged({ id: invoice.id, customerId: invoice.customerId }));
    return { invoiceId: invoice.id, customerId: invoice.customerId, replayed: true };
  }
  const payment = await tx.payment.findUniqueOrThrow({ where: { id: input.paymentId } });
  const left = payment.amountCents - payment.refundedCents;
  if (left <= 0) throw conflict("This payment is already refunded in full");
  if (input.amountCents > left)
    throw conflict(`At most ${formatCents(left)} of this payment can be refunded`, "amountCents");

  let providerReference: string | null = null;
  if (payment.provider === "stripe") {
    if (!input.stripe || !payment.providerReference)
      throw conflict("This payment was taken through Stripe, which is not configured now");
    providerReference = (
      await input.stripe.createRefund({
        paymentIntentId: payment.providerReference,
        amountCents: input.amountCents,
        idempotencyKey: `fieldops-refund-${input.idempotencyKey}`,
        account: payment.providerAccount,
      })
    ).id;
  } else if (payment.provider === "test") {
    providerReference = refundTestCharge().providerReference;
  }
  await storeRefund(scope, {
    invoice,
    payment,
    amountCents: input.amountCents,
    reason: input.reason ?? null,
    reopenBalance: input.reopenBalance,
    providerReference,
    createdByUserId: actor.userId,
    idempotencyKey: input.idempotencyKey,
  });
  const method = `${PAYMENT_METHOD_WORDS[payment.method]} payment`;
  await recordAudit(tx, {
    companyId,
    actorUserId: actor.userId,
    action: "payment.refunded",
    entityType: "invoice",
    entityId: invoice.id,
    summary:
      `${actor.name} refunded ${formatCents(input.amountCents)} of a ${method} on invoice #${invoice.number}` +
      (input.reopenBalance ? ", reopening the balance" : " as a credit"),
    details: { paymentId: payment.id, amountCents: input.amountCents, reopenedBalance: input.reopenBalance },
  });
  return { invoiceId: invoice.id, customerId: invoice.customerId, replayed: false };
}
