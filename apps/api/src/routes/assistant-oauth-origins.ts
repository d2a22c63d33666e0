import type { FastifyRequest } from "fastify";

/** The providers' standard authorization origins (QuickBooks, Stripe Connect, Twilio Connect). */
const PROVIDER_AUTHORIZE_ORIGINS = ["https://appcenter.intuit.com", "https://connect.stripe.com", "https://www.twilio.com"];

/**
 * Where a startOAuth action may send the browser: the app's own origin (its simulated connections and callbacks)
 * and the providers' authorization pages. The integrations' configured authorization servers replace this list.
 */
export function assistantOAuthOrigins(request: FastifyRequest): string[] {
  return [`${request.protocol}://${request.host}`, ...PROVIDER_AUTHORIZE_ORIGINS];
}
