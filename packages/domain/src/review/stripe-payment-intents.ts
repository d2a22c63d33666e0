import type { TenantTransaction } from "@fieldops/db";
import { conflict, invalidInput, unavailable } from "../errors.ts";
import { createStripeClient, type StripeClient } from "../payments/stripe-client.ts";
import { cardProviderName, type PaymentsEnv } from "../payments/payments-env.ts";
import { recordStripeIntent } from "../payments/record-stripe-charge.ts";
import { applicationFeeCents, companyChargeAccount } from "../payments/stripe-account.ts";
import { readCompanySettings } from "../settings/company-settings.ts";
import { assertOnlinePayments, findReviewedInvoice } from "./invoice-review-access.ts";
import type { TenantScope } from "../tenant-scope.ts";
import type { ReviewAccess } from "./review-access.ts";

function stripeOf(env: PaymentsEnv): StripeClient {
  if (cardProviderName(env) !== "stripe" || !env.STRIPE_SECRET_KEY)
    throw conflict("Card payments use the built-in test provider here");
  return createStripeClient({ ...env, STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY });
}

/**
 * A Stripe PaymentIntent for the invoice's balance, which the page confirms with Stripe.js. It is made on the
 * company's own Stripe account when it has one (a direct charge, with the platform's fee when one is set), and offers a
 * bank debit beside the card when the company turned bank debits on (`allowedPaymentMethodTypes`). The
 * caller's Idempotency-Key goes to Stripe with it, so a repeated request gets the same intent.
 */
export async function createReviewPaymentIntent(
  tx: TenantTransaction,
  input: { invoiceId: string; access: ReviewAccess; idempotencyKey: string; env: PaymentsEnv },
): Promise<{ paymentIntentId: string; clientSecret: string; amountCents: number; stripeAccount: string | null }> {
  const stripe = stripeOf(input.env);
  const invoice = await findReviewedInvoice(tx, input.invoiceId, input.access);
  assertOnlinePayments(invoice.company);
  if (invoice.status === "void") throw conflict("This invoice is void: it cannot be paid");
  const processing = await tx.payment.aggregate({
    where: { invoiceId: invoice.id, status: "pending" },
    _sum: { amountCents: true },
  });
  const balance = invoice.totalCents - invoice.paidCents - (processing._sum.amountCents ?? 0);
  if (balance <= 0)
    throw conflict(
      processing._sum.amountCents ? "A payment of this invoice is processing" : "This invoice is already paid",
    );
  const { account, applicationFeeBps } = await companyChargeAccount(tx);
  const { bankDebits } = await readCompanySettings(tx, input.access.companyId);
  const intent = await stripe.createPaymentIntent({
    amountCents: balance,
    description: `Invoice #${invoice.number} from ${invoice.company.name}`,
    metadata: { invoice_id: invoice.id, company_id: input.access.companyId },
    idempotencyKey: `fieldops-pi-${invoice.id}-${input.idempotencyKey}`,
    account,
    applicationFeeCents: applicationFeeCents(balance, applicationFeeBps),
    bankDebits,
  });
  if (!intent.client_secret) throw unavailable("The payment provider gave no client secret for the payment");
  return {
    paymentIntentId: intent.id,
    clientSecret: intent.client_secret,
    amountCents: intent.amount,
    stripeAccount: account,
  };
}

/**
 * Records a PaymentIntent the customer confirmed, after asking Stripe itself (the page's word is not taken): it must
 * be for this invoice of this company, in dollars, and have succeeded (or be processing: a bank debit, recorded as a
 * pending payment). It is the same payment as its webhook's, however often and in whatever order both arrive. A
 * charge that arrives when the invoice no longer owes it is refunded at Stripe. A recorded payment is announced.
 */
export async function confirmReviewPaymentIntent(
  scope: TenantScope,
  input: { invoiceId: string; access: ReviewAccess; paymentIntentId: string; env: PaymentsEnv; now?: Date },
) {
  const stripe = stripeOf(input.env);
  await findReviewedInvoice(scope.tx, input.invoiceId, input.access);
  const { account } = await companyChargeAccount(scope.tx);
  const intent = await stripe.retrievePaymentIntent(input.paymentIntentId, account);
  if (intent.metadata.invoice_id !== input.invoiceId || intent.metadata.company_id !== input.access.companyId)
    throw invalidInput("This payment is not for this invoice", "paymentIntentId");
  if (intent.status !== "succeeded" && intent.status !== "processing")
    throw conflict("The payment has not gone through yet");
  const recorded = await recordStripeIntent(scope, { intent, stripe, account, now: input.now ?? new Date() });
  if (!recorded) throw invalidInput("This payment is not for this invoice", "paymentIntentId");
  return recorded;
}
