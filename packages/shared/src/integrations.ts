import { z } from "zod";
import { emailSchema } from "./auth";
import { defineEndpoint } from "./endpoint";
import type { PlanFeature } from "./plans";
import { text } from "./text";

export const INTEGRATION_PROVIDERS = ["quickbooks", "stripe", "twilio"] as const;
export const integrationProviderSchema = z.enum(INTEGRATION_PROVIDERS);
export type IntegrationProvider = z.infer<typeof integrationProviderSchema>;

/** What each integration is and does for the company; the plan feature of the same name gates it. */
export const INTEGRATION_INFO: Record<
  IntegrationProvider,
  { name: string; feature: PlanFeature; description: string }
> = {
  quickbooks: {
    name: "QuickBooks Online",
    feature: "quickbooks",
    description: "Keeps your books in step: customers, invoices and payments go to QuickBooks Online.",
  },
  stripe: {
    name: "Stripe",
    feature: "stripe",
    description: "Takes card and bank payments on your invoices and pays them out to your Stripe account.",
  },
  twilio: {
    name: "Twilio",
    feature: "twilio",
    description: "Sends appointment reminders, on-my-way texts and payment reminders by SMS from your Twilio account.",
  },
};

export const INTEGRATION_CALLBACK_RESULTS = {
  connected: "Connected.",
  denied: "The connection was not authorized at the provider.",
  invalid_state:
    "This connection link is not valid for you. Start the connection again from this page, signed in as the same user.",
  expired: "This connection link has expired. Start the connection again.",
  used: "This connection link was already used. Start the connection again if the integration is not connected.",
  exchange_failed:
    "The provider did not accept the authorization. Try again; if it keeps failing, check the integration's settings.",
  not_allowed: "You cannot connect integrations: your role or your plan does not allow it.",
} as const;
export type IntegrationCallbackResult = keyof typeof INTEGRATION_CALLBACK_RESULTS;
export const integrationCallbackResultSchema = z.enum(
  Object.keys(INTEGRATION_CALLBACK_RESULTS) as [IntegrationCallbackResult, ...IntegrationCallbackResult[]],
);

/** A company's connection to one provider, as any member of the company may see it (never a token). */
export const integrationConnectionSchema = z.object({
  provider: integrationProviderSchema,
  name: z.string(),
  description: z.string(),
  /** Whether the company's plan includes it. */
  available: z.boolean(),
  /** The cheapest plan that includes it, for the upgrade message. */
  requiredPlan: z.string(),
  connected: z.boolean(),
  /**
   * True when this server has no credentials for the provider: connecting goes through the app's own stand-in page
   * and nothing reaches the provider. A connection made that way stays simulated.
   */
  simulated: z.boolean(),
  accountName: z.string().nullable(),
  connectedAt: z.string().nullable(),
  connectedBy: z.string().nullable(),
  /** The provider refused to renew the app's access (revoked or expired at its end): connect it again. */
  reconnectNeeded: z.boolean(),
});
export type IntegrationConnection = z.infer<typeof integrationConnectionSchema>;

export const integrationListResponseSchema = z.object({
  items: z.array(integrationConnectionSchema).max(INTEGRATION_PROVIDERS.length),
  /** Whether the signed-in user may connect and disconnect (owners and admins). */
  canManage: z.boolean(),
});
export type IntegrationListResponse = z.infer<typeof integrationListResponseSchema>;

export const integrationProviderParamsSchema = z.object({ provider: integrationProviderSchema });

/** POST /api/integrations/:provider/connect: where to send the browser to authorize. */
export const startIntegrationResponseSchema = z.object({
  authorizationUrl: z.string(),
  simulated: z.boolean(),
});
export type StartIntegrationResponse = z.infer<typeof startIntegrationResponseSchema>;

/**
 * What a provider sends back to the callback: `code` (OAuth 2.0), `realmId` (QuickBooks' company), `AccountSid`
 * (Twilio Connect, instead of a code) or `error`.
 */
export const integrationCallbackQuerySchema = z.object({
  state: text({ max: 200 }).optional(),
  code: text({ max: 2000 }).optional(),
  realmId: text({ max: 100 }).optional(),
  AccountSid: text({ max: 100 }).optional(),
  error: text({ max: 200 }).optional(),
  error_description: text({ max: 1000 }).optional(),
});
export type IntegrationCallbackQuery = z.infer<typeof integrationCallbackQuerySchema>;

/** Payment methods a company accepts on its invoices. */
export const PAYMENT_METHODS = ["card", "ach", "check", "cash"] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export const PAYMENT_METHOD_NAMES: Record<(typeof PAYMENT_METHODS)[number], string> = {
  card: "Card",
  ach: "Bank transfer (ACH)",
  check: "Check",
  cash: "Cash",
};
/** Days after the invoice date that a payment is due; 0 is due on receipt. */
export const PAYMENT_TERMS_DAYS = [0, 7, 15, 30, 45, 60] as const;

export const paymentSettingsSchema = z.object({
  acceptedMethods: z
    .array(paymentMethodSchema)
    .min(1, "Accept at least one payment method")
    .max(PAYMENT_METHODS.length),
  defaultTermsDays: z
    .number()
    .int()
    .refine((days) => (PAYMENT_TERMS_DAYS as readonly number[]).includes(days), "Choose one of the offered terms"),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

export const paymentSettingsResponseSchema = paymentSettingsSchema.extend({
  /** The customer's page offers a bank debit (ACH, through Stripe) beside the card: `bankDebitsSchema`. */
  bankDebits: z.boolean(),
  stripe: integrationConnectionSchema,
  canManage: z.boolean(),
});
export type PaymentSettingsResponse = z.infer<typeof paymentSettingsResponseSchema>;

/**
 * Whether the customer's page offers a bank debit (Stripe's us_bank_account, ACH) beside the card. A debit is
 * pending for days (up to 4 business days) and may still fail, so it is off until an owner turns it on.
 */
export const bankDebitsSchema = z.object({ enabled: z.boolean() });
export type BankDebits = z.infer<typeof bankDebitsSchema>;

export const communicationSettingsSchema = z.object({
  /** The name customers see as the sender of the company's e-mails; the company's name when empty. */
  emailSenderName: text({ max: 100, trim: true }),
  /** Where customers' replies go; none when empty. */
  emailReplyTo: z.union([z.literal(""), emailSchema]),
});
export type CommunicationSettings = z.infer<typeof communicationSettingsSchema>;

/**
 * Where the company's texts go: its own connected Twilio account, the platform's, the local text catcher (no Twilio
 * credentials: nothing reaches a phone), or nowhere yet (a production server without Twilio: they wait).
 */
export const SMS_ROUTES = ["your_twilio_account", "platform_twilio", "local_text_catcher", "not_configured"] as const;
export type SmsRoute = (typeof SMS_ROUTES)[number];

export const communicationSettingsResponseSchema = communicationSettingsSchema.extend({
  twilio: integrationConnectionSchema,
  textsGoThrough: z.enum(SMS_ROUTES),
  canManage: z.boolean(),
  /** The sender name used when none is set. */
  companyName: z.string(),
});
export type CommunicationSettingsResponse = z.infer<typeof communicationSettingsResponseSchema>;

export const integrationEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/integrations",
    tags: ["integrations"],
    summary: "QuickBooks, Stripe and Twilio: what each does and whether it is connected",
    response: integrationListResponseSchema,
    capability: "integrations.read",
  }),
  connect: defineEndpoint({
    method: "POST",
    path: "/api/integrations/:provider/connect",
    tags: ["integrations"],
    summary: "Start connecting an integration: answers the authorization URL to send the browser to",
    params: integrationProviderParamsSchema,
    response: startIntegrationResponseSchema,
    capability: "integrations.manage",
  }),
  callback: defineEndpoint({
    method: "GET",
    path: "/api/integrations/:provider/callback",
    tags: ["integrations"],
    summary: "Where the provider sends the browser back; redirects to the integrations settings with the result",
    params: integrationProviderParamsSchema,
    query: integrationCallbackQuerySchema,
    status: 302,
    response: z.null(),
  }),
  disconnect: defineEndpoint({
    method: "DELETE",
    path: "/api/integrations/:provider",
    tags: ["integrations"],
    summary: "Disconnect an integration and delete its stored tokens; disconnecting one that is not connected succeeds",
    params: integrationProviderParamsSchema,
    status: 204,
    response: z.null(),
    capability: "integrations.manage",
  }),
  paymentSettings: defineEndpoint({
    method: "GET",
    path: "/api/settings/payments",
    tags: ["settings"],
    summary: "Accepted payment methods, default terms and Stripe's status",
    response: paymentSettingsResponseSchema,
    capability: "integrations.read",
  }),
  updatePaymentSettings: defineEndpoint({
    method: "PUT",
    path: "/api/settings/payments",
    tags: ["settings"],
    summary: "Change the accepted payment methods and default terms",
    body: paymentSettingsSchema,
    response: paymentSettingsResponseSchema,
    capability: "integrations.manage",
  }),
  updateBankDebits: defineEndpoint({
    method: "PUT",
    path: "/api/settings/payments/bank-debits",
    tags: ["settings"],
    summary: "Offer customers a bank debit (ACH, through Stripe) beside the card on the invoice's page, or stop",
    body: bankDebitsSchema,
    response: paymentSettingsResponseSchema,
    capability: "integrations.manage",
  }),
  communicationSettings: defineEndpoint({
    method: "GET",
    path: "/api/settings/communications",
    tags: ["settings"],
    summary: "The e-mail sender and Twilio's status for SMS",
    response: communicationSettingsResponseSchema,
    capability: "integrations.read",
  }),
  updateCommunicationSettings: defineEndpoint({
    method: "PUT",
    path: "/api/settings/communications",
    tags: ["settings"],
    summary: "Change the e-mail sender name and reply-to address",
    body: communicationSettingsSchema,
    response: communicationSettingsResponseSchema,
    capability: "integrations.manage",
  }),
} as const;
