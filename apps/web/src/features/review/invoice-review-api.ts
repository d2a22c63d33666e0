import {
  invoiceReviewEndpoints,
  type LeaveReviewRequest,
  type TestCardPaymentRequest,
} from "@fieldops/shared/invoice-review";
import { callReviewEndpoint } from "./review-api";

/** The invoice page's calls of the public API, each with the link's token (see `callReviewEndpoint`). */
export const payWithTestCard = (
  invoiceId: string,
  token: string,
  card: TestCardPaymentRequest,
  idempotencyKey: string,
) =>
  callReviewEndpoint(invoiceReviewEndpoints.payWithTestCard, token, {
    params: { invoiceId },
    body: card,
    headers: { "idempotency-key": idempotencyKey },
  });

export const leaveReview = (invoiceId: string, token: string, review: LeaveReviewRequest) =>
  callReviewEndpoint(invoiceReviewEndpoints.leaveReview, token, { params: { invoiceId }, body: review });

/** Stripe: a PaymentIntent for the balance (the same key gets the same intent). */
export const createPaymentIntent = (invoiceId: string, token: string, idempotencyKey: string) =>
  callReviewEndpoint(invoiceReviewEndpoints.createPaymentIntent, token, {
    params: { invoiceId },
    headers: { "idempotency-key": idempotencyKey },
  });

/** Stripe: records the PaymentIntent Stripe.js confirmed (the server asks Stripe before it believes it). */
export const confirmPaymentIntent = (invoiceId: string, token: string, paymentIntentId: string) =>
  callReviewEndpoint(invoiceReviewEndpoints.confirmPaymentIntent, token, {
    params: { invoiceId },
    body: { paymentIntentId },
  });
