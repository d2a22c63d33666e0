import Stripe from "stripe";
import { declined, unavailable } from "../errors.ts";
import type { PaymentsEnv } from "./payments-env.ts";

export type StripePaymentIntent = Stripe.PaymentIntent;
export type StripeRefund = Stripe.Refund;
export type StripeAccount = Stripe.Account;
export type StripeEvent = Stripe.Event;

/**
 * The metadata of every refund this app makes at Stripe: its refund.* webhooks are then known as already recorded
 * (by the use case that made the refund), while a refund made in Stripe's dashboard is recorded from its webhook.
 */
export const FIELDOPS_REFUND_METADATA = { key: "made_by", value: "fieldops" } as const;

/**
 * One SDK per key and API base for the process: building one costs about a millisecond of CPU (its resources and
 * HTTP agent), which every webhook event and customer payment paid again. Keyed by both, so a test's stand-in or a
 * rotated key gets its own.
 */
const sdks = new Map<string, Stripe>();

/** The official SDK, pointed at STRIPE_API_BASE (Stripe itself, or the stand-in in tests). */
export function stripeSdk(env: PaymentsEnv & { STRIPE_SECRET_KEY: string }): Stripe {
  const key = `${env.STRIPE_API_BASE}\n${env.STRIPE_SECRET_KEY}`;
  let sdk = sdks.get(key);
  if (!sdk) {
    sdk = newStripeSdk(env);
    sdks.set(key, sdk);
  }
  return sdk;
}

function newStripeSdk(env: PaymentsEnv & { STRIPE_SECRET_KEY: string }): Stripe {
  const base = new URL(env.STRIPE_API_BASE);
  return new Stripe(env.STRIPE_SECRET_KEY, {
    host: base.hostname,
    port: base.port || (base.protocol === "http:" ? 80 : 443),
    protocol: base.protocol === "http:" ? "http" : "https",
    timeout: 15_000,
    maxNetworkRetries: 1,
    telemetry: false,
  });
}

/** Stripe's refusals as the domain's: a card's is the customer's to fix, any other is the provider's. */
async function calling<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) throw declined(error.message || "Your card was declined.");
    if (error instanceof Stripe.errors.StripeConnectionError)
      throw unavailable("The payment provider could not be reached. Try again in a moment.", 5);
    if (error instanceof Stripe.errors.StripeError)
      throw unavailable(`The payment provider refused the request${error.message ? `: ${error.message}` : ""}`);
    throw error;
  }
}

/**
 * The payment methods a customer's PaymentIntent may offer, named (`allowed_payment_method_types`) rather than left to
 * Stripe's dynamic payment methods (`automatic_payment_methods`: whatever the Dashboard of the account charged has
 * on). The company's own setting decides whether a bank debit is offered, on whichever account the charge is made
 * (the platform's, or a connected account whose Dashboard the platform does not manage): with dynamic methods a
 * company that never chose bank debits could get payments that settle days later, and one that chose them could find
 * them missing. `payment_method_types` can no longer be written since API version 2026-09-30.endive (the SDK's is
 * 2026-10-28.endive); the allowed list is filtered by Stripe to what the account, currency and amount support. A card
 * brings Apple Pay and Google Pay with it; methods this product does not handle (redirects, vouchers) stay off.
 */
export const allowedPaymentMethodTypes = (
  bankDebits: boolean,
): Stripe.PaymentIntentCreateParams.AllowedPaymentMethodType[] => (bankDebits ? ["card", "us_bank_account"] : ["card"]);

/**
 * Stripe's PaymentIntents, Refunds and connected accounts through the official SDK. Every request that moves money
 * carries an Idempotency-Key, so a retry is answered with the first result by Stripe. A charge of a company with its
 * own connected account is a direct charge on that account (`stripeAccount`: the Stripe-Account header), with the
 * platform's fee when one is set; its refund is made on the same account.
 */
export function createStripeClient(env: PaymentsEnv & { STRIPE_SECRET_KEY: string }) {
  const stripe = stripeSdk(env);
  const on = (account: string | null | undefined) => (account ? { stripeAccount: account } : {});
  return {
    createPaymentIntent: (input: {
      amountCents: number;
      metadata: Record<string, string>;
      description: string;
      idempotencyKey: string;
      account?: string | null;
      applicationFeeCents?: number | null;
      /** The company offers a bank debit (ACH) beside the card. */
      bankDebits: boolean;
    }) =>
      calling(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: "usd",
            description: input.description,
            allowed_payment_method_types: allowedPaymentMethodTypes(input.bankDebits),
            metadata: input.metadata,
            ...(input.account && input.applicationFeeCents
              ? { application_fee_amount: input.applicationFeeCents }
              : {}),
          },
          { idempotencyKey: input.idempotencyKey, ...on(input.account) },
        ),
      ),
    retrievePaymentIntent: (id: string, account?: string | null) =>
      calling(() => stripe.paymentIntents.retrieve(id, {}, on(account))),
    /** What kind of PaymentMethod it is: "card", "us_bank_account", … */
    retrievePaymentMethodType: async (id: string, account?: string | null) =>
      (await calling(() => stripe.paymentMethods.retrieve(id, {}, on(account)))).type,
    createRefund: (input: {
      paymentIntentId: string;
      amountCents: number;
      idempotencyKey: string;
      account?: string | null;
    }) =>
      calling(() =>
        stripe.refunds.create(
          {
            payment_intent: input.paymentIntentId,
            amount: input.amountCents,
            metadata: { [FIELDOPS_REFUND_METADATA.key]: FIELDOPS_REFUND_METADATA.value },
          },
          { idempotencyKey: input.idempotencyKey, ...on(input.account) },
        ),
      ),
    createAccount: (input: { email: string | null; companyId: string; idempotencyKey: string }) =>
      calling(() =>
        stripe.accounts.create(
          {
            ...(input.email ? { email: input.email } : {}),
            metadata: { company_id: input.companyId },
            controller: {
              fees: { payer: "account" },
              losses: { payments: "stripe" },
              stripe_dashboard: { type: "full" },
            },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      ),
    retrieveAccount: (account: string) => calling(() => stripe.accounts.retrieve(account)),
    createAccountLink: (input: { account: string; refreshUrl: string; returnUrl: string }) =>
      calling(() =>
        stripe.accountLinks.create({
          account: input.account,
          refresh_url: input.refreshUrl,
          return_url: input.returnUrl,
          type: "account_onboarding",
        }),
      ),
  };
}
export type StripeClient = ReturnType<typeof createStripeClient>;
