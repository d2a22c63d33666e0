import type { TenantTransaction } from "@fieldops/db";
import { conflict, invalidInput } from "../errors.ts";
import { invoicesChanged } from "../invoices/invoices-events.ts";
import { applyPayment } from "../payments/apply-payment.ts";
import { createStripeClient, type StripeClient } from "../payments/stripe-client.ts";
import { cardProviderName, type PaymentsEnv } from "../payments/payments-env.ts";
import { assertOnlinePayments, findReviewedInvoice } from "./invoice-review-access.ts";
import type { TenantScope } from "../tenant-scope.ts";
import type { ReviewAccess } from "./review-access.ts";

function stripeOf(env: PaymentsEnv): StripeClient {
  if (cardProviderName(env) !== "stripe" || !env.STRIPE_SECRET_KEY)
    throw conflict("Card payments use the built-in test provider here");
  return createStripeClient({ ...env, STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY });
}

/**
 * A Stripe PaymentIntent for the invoice's balance, which the page confirms with Stripe.js. The caller's
 * Idempotency-Key goes to Stripe with it, so a repeated request gets the same intent.
 */
export async function createReviewPaymentIntent(
  tx: TenantTransaction,
  input: { invoiceId: string; access: ReviewAccess; idempotencyKey: string; env: PaymentsEnv },
): Promise<{ paymentIntentId: string; clientSecret: string; amountCents: number }> {
  const stripe = stripeOf(input.env);
  const invoice = await findReviewedInvoice(tx, input.invoiceId, input.access);
  assertOnlinePayments(invoice.company);
  if (invoice.status === "void") throw conflict("This invoice is void: it cannot be paid");
  const balance = invoice.totalCents - invoice.paidCents;
  if (balance <= 0) throw conflict("This invoice is already paid");
  const intent = await stripe.createPaymentIntent({
    amountCents: balance,
    description: `Invoice #${invoice.number} from ${invoice.company.name}`,
    metadata: { invoice_id: invoice.id, company_id: input.access.companyId },
    idempotencyKey: `fieldops-pi-${invoice.id}-${input.idempotencyKey}`,
  });
  return { paymentIntentId: intent.id, clientSecret: intent.client_secret, amountCents: intent.amount };
}

/**
 * Records a PaymentIntent the customer confirmed, after asking Stripe itself (the page's word is not taken): it must
 * have succeeded, in dollars, for this invoice of this company. It is recorded once however often it is reported. A
 * charge that arrives when the invoice no longer owes it (paid meanwhile another way) is refunded at Stripe. A recorded
 * payment is announced to the office's screens.
 */
export async function confirmReviewPaymentIntent(
  scope: TenantScope,
  input: { invoiceId: string; access: ReviewAccess; paymentIntentId: string; env: PaymentsEnv; now?: Date },
) {
  const { tx, emit } = scope;
  const stripe = stripeOf(input.env);
  await findReviewedInvoice(tx, input.invoiceId, input.access);
  const intent = await stripe.retrievePaymentIntent(input.paymentIntentId);
  if (
    intent.metadata.invoice_id !== input.invoiceId ||
    intent.metadata.company_id !== input.access.companyId ||
    intent.currency !== "usd"
  ) {
    throw invalidInput("This payment is not for this invoice", "paymentIntentId");
  }
  if (intent.status !== "succeeded") throw conflict("The payment has not gone through yet");
  const paid = {
    companyId: input.access.companyId,
    invoiceId: input.invoiceId,
    method: "card" as const,
    amountCents: intent.amount_received,
    idempotencyKey: `stripe:${intent.id}`,
    providerReference: intent.id,
    provider: "stripe",
    receivedAt: input.now ?? new Date(),
    recordedByUserId: null,
  };
  let applied: Awaited<ReturnType<typeof applyPayment>>;
  try {
    applied = await applyPayment(scope, paid);
  } catch (error) {
    const owed = await tx.invoice.findUniqueOrThrow({
      where: { id: input.invoiceId },
      select: { totalCents: true, paidCents: true, status: true },
    });
    if (owed.status === "void" || owed.totalCents - owed.paidCents < intent.amount_received) {
      await stripe.createRefund({
        paymentIntentId: intent.id,
        amountCents: intent.amount_received,
        idempotencyKey: `fieldops-unowed-${intent.id}`,
      });
      throw conflict("This invoice no longer owes this amount: your card payment was refunded");
    }
    throw error;
  }
  emit(invoicesChanged({ id: input.invoiceId, customerId: applied.customerId }));
  return applied;
}
