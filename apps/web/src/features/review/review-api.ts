import { API_PATHS, apiPath } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import { resolveUrl } from "../../lib/api";
import { PUBLIC_LINK_TOKEN_HEADER, reviewInvoiceSchema, reviewPaymentIntentSchema, type LeaveReviewRequest, type ReviewInvoice, type TestCardPaymentRequest } from "@fieldops/shared/review";

/** A refusal of the public API: its status and the server's message. */
export class ReviewApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Calls the public API for the holder of the link: the token goes in its header, never in a URL; no cookie and no
 * stored sign-in go with it (the page acts for the customer, whoever else uses this browser).
 */
async function call(method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}): Promise<ReviewInvoice> {
  const response = await fetch(resolveUrl(path), {
    method,
    credentials: "omit",
    headers: { [PUBLIC_LINK_TOKEN_HEADER]: token, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    let message = `${response.status}: ${text || response.statusText}`;
    try {
      const parsed = errorResponseSchema.safeParse(JSON.parse(text));
      if (parsed.success) message = parsed.data.message;
    } catch {
      // Not JSON: the status line says enough.
    }
    throw new ReviewApiError(response.status, message);
  }
  return reviewInvoiceSchema.parse(JSON.parse(text));
}

export const getReviewInvoice = (invoiceId: string, token: string) => call("GET", apiPath(API_PATHS.reviewInvoice, { invoiceId }), token);

export const payWithTestCard = (invoiceId: string, token: string, card: TestCardPaymentRequest, idempotencyKey: string) =>
  call("POST", apiPath(API_PATHS.reviewInvoicePayments, { invoiceId }), token, card, { "Idempotency-Key": idempotencyKey });

export const leaveReview = (invoiceId: string, token: string, review: LeaveReviewRequest) =>
  call("POST", apiPath(API_PATHS.reviewInvoiceReview, { invoiceId }), token, review);

/** Stripe: a PaymentIntent for the balance (the same key gets the same intent). */
export async function createPaymentIntent(invoiceId: string, token: string, idempotencyKey: string) {
  const response = await fetch(resolveUrl(apiPath(API_PATHS.reviewInvoicePaymentIntents, { invoiceId })), {
    method: "POST",
    credentials: "omit",
    headers: { [PUBLIC_LINK_TOKEN_HEADER]: token, "Idempotency-Key": idempotencyKey },
  });
  if (!response.ok) {
    const body = errorResponseSchema.safeParse(await response.json().catch(() => null));
    throw new ReviewApiError(response.status, body.success ? body.data.message : `${response.status}: ${response.statusText}`);
  }
  return reviewPaymentIntentSchema.parse(await response.json());
}

/** Stripe: records the PaymentIntent Stripe.js confirmed (the server asks Stripe before it believes it). */
export const confirmPaymentIntent = (invoiceId: string, token: string, paymentIntentId: string) =>
  call("POST", apiPath(API_PATHS.reviewInvoicePaymentIntentConfirm, { invoiceId }), token, { paymentIntentId });
