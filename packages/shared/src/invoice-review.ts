/** The customer's invoice page (/review/{invoiceId}#<token>): what it shows and what the customer may send. */
import { z } from "zod";
import { brandingSchema } from "./company";
import { defineEndpoint } from "./endpoint";
import { idempotencyHeadersSchema } from "./idempotency";
import { invoiceLineSchema, invoiceReviewSchema, invoiceStatusSchema } from "./invoices";
import { reviewHeadersSchema } from "./review";
import { text } from "./text";

/** The built-in provider's test cards: one that pays, one that is declined. */
export const TEST_CARD_APPROVED = "4242424242424242";
export const TEST_CARD_DECLINED = "4000000000000002";
export const CARD_DECLINED_MESSAGE = "Your card was declined. Try another card.";
export const TEST_PROVIDER_WARNING =
  "Payments use the built-in test provider: no real card is charged. Configure Stripe to take real payments.";

export const reviewInvoiceParamsSchema = z.object({ invoiceId: z.uuid() });

/** How many of an invoice's refused bank payments its customer's page is sent: the newest (the page tells of one). */
export const MAX_REVIEW_FAILED_BANK_PAYMENTS = 5;

export const reviewInvoiceSchema = z.object({
  company: brandingSchema,
  invoice: z.object({
    id: z.string(),
    number: z.number(),
    status: invoiceStatusSchema,
    pastDue: z.boolean(),
    customerName: z.string(),
    lines: z.array(invoiceLineSchema.omit({ visitId: true })),
    subtotalCents: z.number(),
    discountCents: z.number(),
    taxRateBasisPoints: z.number(),
    taxCents: z.number(),
    totalCents: z.number(),
    paidCents: z.number(),
    balanceCents: z.number(),
    /** Bank payments on their way (processing): not paid yet, but not to be paid again either. */
    processingCents: z.number(),
    /**
     * Bank payments the customer's bank refused after they were processing: their amount is owed again. The page says
     * so of the newest while the invoice owes. The newest first, at most {@link MAX_REVIEW_FAILED_BANK_PAYMENTS}.
     */
    failedBankPayments: z
      .array(
        z.object({
          amountCents: z.number(),
          /** The bank's reason, as Stripe reports it. */
          reason: z.string().nullable(),
          /** The day it was made, on the company's calendar. */
          date: z.string(),
        }),
      )
      .max(MAX_REVIEW_FAILED_BANK_PAYMENTS),
    dueDate: z.string().nullable(),
    issuedAt: z.string().nullable(),
    notes: z.string().nullable(),
    /** Money given back: a credit (the invoice stays settled) or added back to the balance. */
    refunds: z.array(
      z.object({
        amountCents: z.number(),
        reopenedBalance: z.boolean(),
        /** Given back by the customer's bank (a dispute the company lost), not by the company. */
        disputeLost: z.boolean(),
        /** The day it was given, on the company's calendar. */
        date: z.string(),
      }),
    ),
  }),
  review: invoiceReviewSchema.nullable(),
  payment: z.object({
    provider: z.enum(["test", "stripe"]),
    /** Stripe's publishable key, for Stripe.js, when Stripe is the provider. */
    publishableKey: z.string().nullable(),
    /** Stripe's form offers a bank debit (ACH) beside the card: the company's setting, with Stripe as the provider. */
    bankDebits: z.boolean(),
  }),
});
export type ReviewInvoice = z.infer<typeof reviewInvoiceSchema>;

/** The test provider's card form. The number is checked by the provider and never stored (only its last four). */
export const testCardPaymentRequestSchema = z.object({
  cardNumber: text({ max: 30 }).regex(/^[\d ]+$/, "Enter the card number's digits"),
  expiry: text({ max: 7 }).regex(/^\d{2} ?\/ ?\d{2}$/, "Enter the expiry as MM/YY"),
  cvc: text({ max: 4 }).regex(/^\d{3,4}$/, "Enter the 3 or 4 digits on the back"),
});
export type TestCardPaymentRequest = z.infer<typeof testCardPaymentRequestSchema>;

/** Stripe: the PaymentIntent for the balance, which the page confirms with Stripe.js. */
export const reviewPaymentIntentSchema = z.object({
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  amountCents: z.number(),
  /** The company's connected Stripe account the intent was made on (Stripe.js is opened on it), or null: the platform's. */
  stripeAccount: z.string().nullable(),
});
export const confirmPaymentIntentRequestSchema = z.object({
  paymentIntentId: text({ max: 100 }).regex(/^pi_[A-Za-z0-9_]+$/, "Not a PaymentIntent id"),
});

export const leaveReviewRequestSchema = z.object({
  rating: z.number().int().min(1).max(5),
  comment: text({ max: 2000, trim: true }).optional(),
});
export type LeaveReviewRequest = z.infer<typeof leaveReviewRequestSchema>;

/** A customer's payment names an Idempotency-Key beside the link's token. */
const reviewWriteHeadersSchema = reviewHeadersSchema.extend(idempotencyHeadersSchema.shape);

/**
 * The invoice page's calls: public, the invoice link's token (or the customer's portal credential) in the
 * x-review-token header, each reaching that one invoice only.
 */
export const invoiceReviewEndpoints = {
  get: defineEndpoint({
    method: "GET",
    path: "/api/review/invoices/:invoiceId",
    tags: ["review"],
    summary: "The invoice a review link opens, with the company's branding (token in x-review-token)",
    params: reviewInvoiceParamsSchema,
    headers: reviewHeadersSchema,
    response: reviewInvoiceSchema,
  }),
  pdf: defineEndpoint({
    method: "GET",
    path: "/api/review/invoices/:invoiceId/pdf",
    tags: ["review"],
    summary: "The invoice a review link opens, as a PDF to download (token in x-review-token)",
    params: reviewInvoiceParamsSchema,
    headers: reviewHeadersSchema,
    produces: "application/pdf",
    response: z.any(),
  }),
  payWithTestCard: defineEndpoint({
    method: "POST",
    path: "/api/review/invoices/:invoiceId/payments",
    tags: ["review"],
    summary:
      "Pay the balance with a card at the built-in test provider (while Stripe is not configured), once per Idempotency-Key",
    params: reviewInvoiceParamsSchema,
    headers: reviewWriteHeadersSchema,
    body: testCardPaymentRequestSchema,
    status: 201,
    response: reviewInvoiceSchema,
  }),
  createPaymentIntent: defineEndpoint({
    method: "POST",
    path: "/api/review/invoices/:invoiceId/payment-intents",
    tags: ["review"],
    summary:
      "Stripe: a PaymentIntent for the balance, to confirm with Stripe.js (the same Idempotency-Key gets the same intent)",
    params: reviewInvoiceParamsSchema,
    headers: reviewWriteHeadersSchema,
    status: 201,
    response: reviewPaymentIntentSchema,
  }),
  confirmPaymentIntent: defineEndpoint({
    method: "POST",
    path: "/api/review/invoices/:invoiceId/payment-intents/confirm",
    tags: ["review"],
    summary: "Stripe: record a PaymentIntent the customer confirmed, after checking it with Stripe (recorded once)",
    params: reviewInvoiceParamsSchema,
    headers: reviewHeadersSchema,
    body: confirmPaymentIntentRequestSchema,
    status: 201,
    response: reviewInvoiceSchema,
  }),
  leaveReview: defineEndpoint({
    method: "POST",
    path: "/api/review/invoices/:invoiceId/review",
    tags: ["review"],
    summary: "Leave a rating (1–5) and a comment on the invoice: one per invoice",
    params: reviewInvoiceParamsSchema,
    headers: reviewHeadersSchema,
    body: leaveReviewRequestSchema,
    status: 201,
    response: reviewInvoiceSchema,
  }),
} as const;
