import { declined, unavailable } from "../errors.ts";
import type { PaymentsEnv } from "./payments-env.ts";

export interface StripePaymentIntent {
  id: string;
  status: string;
  amount: number;
  amount_received: number;
  currency: string;
  client_secret: string;
  metadata: Record<string, string>;
  latest_charge?: string | null;
}

export interface StripeRefund {
  id: string;
  status: string;
  amount: number;
}

/** Stripe's form encoding: nested objects as `metadata[key]=value`. */
function formBody(fields: Record<string, string | number | Record<string, string>>): string {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === "object")
      for (const [inner, innerValue] of Object.entries(value)) body.append(`${key}[${inner}]`, innerValue);
    else body.append(key, String(value));
  }
  return body.toString();
}

/**
 * A client of Stripe's PaymentIntents and Refunds API (form-encoded requests, the secret key as bearer, an
 * Idempotency-Key on every request that moves money, so a retry is answered with the first result by Stripe).
 */
export function createStripeClient(env: PaymentsEnv & { STRIPE_SECRET_KEY: string }) {
  const base = env.STRIPE_API_BASE.replace(/\/$/, "");
  async function call<T>(
    method: "GET" | "POST",
    path: string,
    fields?: Parameters<typeof formBody>[0],
    idempotencyKey?: string,
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${env.STRIPE_SECRET_KEY}`,
          ...(fields ? { "content-type": "application/x-www-form-urlencoded" } : {}),
          ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
        },
        body: fields ? formBody(fields) : undefined,
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw unavailable("The payment provider could not be reached. Try again in a moment.", 5);
    }
    const body = (await response.json().catch(() => ({}))) as T & { error?: { message?: string; type?: string } };
    if (!response.ok) {
      if (body.error?.type === "card_error") throw declined(body.error.message ?? "Your card was declined.");
      throw unavailable(
        `The payment provider refused the request${body.error?.message ? `: ${body.error.message}` : ""}`,
      );
    }
    return body;
  }
  return {
    createPaymentIntent: (input: {
      amountCents: number;
      metadata: Record<string, string>;
      description: string;
      idempotencyKey: string;
    }) =>
      call<StripePaymentIntent>(
        "POST",
        "/v1/payment_intents",
        {
          amount: input.amountCents,
          currency: "usd",
          description: input.description,
          "automatic_payment_methods[enabled]": "true",
          metadata: input.metadata,
        },
        input.idempotencyKey,
      ),
    retrievePaymentIntent: (id: string) =>
      call<StripePaymentIntent>("GET", `/v1/payment_intents/${encodeURIComponent(id)}`),
    createRefund: (input: { paymentIntentId: string; amountCents: number; idempotencyKey: string }) =>
      call<StripeRefund>(
        "POST",
        "/v1/refunds",
        { payment_intent: input.paymentIntentId, amount: input.amountCents },
        input.idempotencyKey,
      ),
  };
}
export type StripeClient = ReturnType<typeof createStripeClient>;
