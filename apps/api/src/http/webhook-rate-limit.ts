/**
 * Requests a single client address may make to the providers' webhooks (Twilio's, the inbound e-mail provider's) in
 * a minute, across them all. A provider calls from a pool of addresses and at most a few times a second from one, so
 * this never holds back real traffic; it stops a flood of forged requests, each of which would otherwise cost a
 * signature check and a database lookup. Counted before the body is read.
 */
export const WEBHOOK_REQUESTS_PER_MINUTE = 600;

export const webhookRateLimit = {
  rateLimit: {
    max: WEBHOOK_REQUESTS_PER_MINUTE,
    timeWindow: 60_000,
    hook: "onRequest" as const,
    groupId: "webhooks",
  },
};

/**
 * Requests a single client address may make to Stripe's webhook in a minute. Stripe calls for every company's connected
 * account from one published pool of about a dozen addresses, so the platform's whole payment traffic arrives from
 * them: at Twilio's limit a busy month-end would be turned away and paid late by Stripe's retries. A forged request
 * costs one HMAC here (the platform's one signing secret is checked before anything is read), so the limit only stops
 * a flood. Counted apart from the other providers' webhooks.
 */
export const STRIPE_WEBHOOK_REQUESTS_PER_MINUTE = 6000;

export const stripeWebhookRateLimit = {
  rateLimit: {
    max: STRIPE_WEBHOOK_REQUESTS_PER_MINUTE,
    timeWindow: 60_000,
    hook: "onRequest" as const,
    groupId: "stripe-webhooks",
  },
};
