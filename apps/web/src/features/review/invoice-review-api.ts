import { API_PATHS, apiPath } from "@fieldops/shared/api-paths";
import {
  reviewInvoiceSchema,
  reviewPaymentIntentSchema,
  type LeaveReviewRequest,
  type TestCardPaymentRequest,
} from "@fieldops/shared/invoice-review";
import { reviewRequest } from "./review-api";

/** The invoice page's calls of the public API, each with the link's token (see `reviewRequest`). */
export const getReviewInvoice = (invoiceId: string, token: string) =>
  reviewRequest(reviewInvoiceSchema, "GET", apiPath(API_PATHS.reviewInvoice, { invoiceId }), token);

export const payWithTestCard = (
  invoiceId: string,
  token: string,
  card: TestCardPaymentRequest,
  idempotencyKey: string,
) =>
  reviewRequest(reviewInvoiceSchema, "POST", apiPath(API_PATHS.reviewInvoicePayments, { invoiceId }), token, card, {
    "Idempotency-Key": idempotencyKey,
  });

export const leaveReview = (invoiceId: string, token: string, review: LeaveReviewRequest) =>
  reviewRequest(reviewInvoiceSchema, "POST", apiPath(API_PATHS.reviewInvoiceReview, { invoiceId }), token, review);

/** Stripe: a PaymentIntent for the balance (the same key gets the same intent). */
export const createPaymentIntent = (invoiceId: string, token: string, idempotencyKey: string) =>
  reviewRequest(
    reviewPaymentIntentSchema,
    "POST",
    apiPath(API_PATHS.reviewInvoicePaymentIntents, { invoiceId }),
    token,
    undefined,
    { "Idempotency-Key": idempotencyKey },
  );

/** Stripe: records the PaymentIntent Stripe.js confirmed (the server asks Stripe before it believes it). */
export const confirmPaymentIntent = (invoiceId: string, token: string, paymentIntentId: string) =>
  reviewRequest(
    reviewInvoiceSchema,
    "POST",
    apiPath(API_PATHS.reviewInvoicePaymentIntentConfirm, { invoiceId }),
    token,
    { paymentIntentId },
  );
