import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { text } from "./text";

/** The header Stripe signs its webhooks in: `t=<timestamp>,v1=<HMAC-SHA256 of "<t>.<body>">`. */
export const STRIPE_SIGNATURE_HEADER = "stripe-signature";

/** Stripe's events are a few kilobytes; an account.updated with its requirements the largest. */
export const STRIPE_WEBHOOK_MAX_BYTES = 256 * 1024;

/** An event as Stripe posts it: the route checks the signature over the raw body and reads the event from it. */
export const stripeEventBodySchema = z.looseObject({
  id: text({ max: 255 }),
  object: z.literal("event"),
  type: text({ max: 100 }),
});

/** The company's own Stripe account (Connect, made through Account Links) as Stripe last reported it. */
export const stripeAccountStatusSchema = z.object({
  accountId: z.string(),
  chargesEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
  /** What Stripe still needs from the company (Stripe's requirement names: `external_account`, …). */
  requirementsDue: z.array(z.string()),
});
export type StripeAccountStatus = z.infer<typeof stripeAccountStatusSchema>;

export const stripeAccountResponseSchema = z.object({
  /** Null: the company has not started onboarding. */
  account: stripeAccountStatusSchema.nullable(),
  /** Stripe (a secret key) is configured on this server: onboarding can start. */
  available: z.boolean(),
});
export type StripeAccountResponse = z.infer<typeof stripeAccountResponseSchema>;

export const stripeOnboardingResponseSchema = z.object({
  /** Stripe's onboarding page (an Account Link: single use, short-lived) to send the browser to. */
  url: z.string(),
});

/** The platform's fee on each charge made on a company's connected account: basis points (250 = 2.5%), at most 20%. */
export const platformPaymentSettingsSchema = z.object({
  applicationFeeBps: z.number().int().min(0).max(2000),
});
export type PlatformPaymentSettings = z.infer<typeof platformPaymentSettingsSchema>;

export const stripeEndpoints = {
  webhook: defineEndpoint({
    method: "POST",
    path: "/api/webhooks/stripe",
    tags: ["webhooks"],
    summary:
      "Stripe's webhook (signed in Stripe-Signature with the secret of the platform's endpoint or of the Connect endpoint): payments, bank debits settling or failing, refunds, disputes, connected accounts' status; each event once",
    headers: z.object({ [STRIPE_SIGNATURE_HEADER]: text({ max: 2000 }).optional() }),
    body: stripeEventBodySchema,
    response: z.object({ received: z.literal(true) }),
  }),
  account: defineEndpoint({
    method: "GET",
    path: "/api/settings/payments/stripe-account",
    tags: ["settings"],
    summary: "The company's own Stripe account (Connect onboarding) and its status",
    response: stripeAccountResponseSchema,
    capability: "integrations.manage",
  }),
  startOnboarding: defineEndpoint({
    method: "POST",
    path: "/api/settings/payments/stripe-account/onboarding",
    tags: ["settings"],
    summary:
      "Make the company's Stripe account (once) and answer Stripe's onboarding link (an Account Link) to send the browser to",
    status: 201,
    response: stripeOnboardingResponseSchema,
    capability: "integrations.manage",
  }),
  platformSettings: defineEndpoint({
    method: "GET",
    path: "/api/admin/payment-settings",
    tags: ["admin"],
    summary: "The platform's fee on charges made on companies' connected Stripe accounts (platform administrators)",
    response: platformPaymentSettingsSchema,
  }),
  updatePlatformSettings: defineEndpoint({
    method: "PUT",
    path: "/api/admin/payment-settings",
    tags: ["admin"],
    summary: "Set the platform's fee (basis points of each charge on a connected account; 0: none)",
    body: platformPaymentSettingsSchema,
    response: platformPaymentSettingsSchema,
  }),
} as const;
