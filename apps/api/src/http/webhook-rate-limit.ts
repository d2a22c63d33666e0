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
