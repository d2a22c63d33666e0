import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getReviewInvoice } from "@fieldops/domain/review/get-review-invoice";
import { resolveReviewAccess } from "@fieldops/domain/review/review-access";
import { leaveInvoiceReview } from "@fieldops/domain/review/leave-invoice-review";
import { payWithTestCard } from "@fieldops/domain/review/pay-with-test-card";
import { confirmReviewPaymentIntent, createReviewPaymentIntent } from "@fieldops/domain/review/stripe-payment-intents";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import { idempotencyHeadersSchema } from "@fieldops/shared/invoices";
import {
  confirmPaymentIntentRequestSchema,
  leaveReviewRequestSchema,
  reviewInvoiceParamsSchema,
  reviewInvoiceSchema,
  reviewPaymentIntentSchema,
  testCardPaymentRequestSchema,
} from "@fieldops/shared/invoice-review";
import { reviewHeadersSchema } from "@fieldops/shared/review";
import type { AppContext } from "../context.ts";
import { invoicesChanged } from "@fieldops/domain/invoices/invoices-events";
import { publicLinkRateLimit, withPublicLink, type PublicLinkScope } from "../http/public-link-route.ts";

const errors = { 400: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };
const writeErrors = { ...errors, 402: errorResponseSchema, 409: errorResponseSchema, 503: errorResponseSchema };
const writeHeaders = reviewHeadersSchema.extend(idempotencyHeadersSchema.shape);

/**
 * The customer's invoice page (/review/{invoiceId}#<token>), without signing in: every route takes the invoice link's
 * token, or the customer's portal credential, in the x-review-token header and reaches that one invoice only.
 */
export const invoiceReviewRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const invoiceLink = (invoiceId: string) => (token: string | undefined) =>
    resolveReviewAccess(context.db, "invoice_review", invoiceId, token);
  const review = ({ tx, access }: PublicLinkScope, invoiceId: string) =>
    getReviewInvoice(tx, { invoiceId, access, env: context.env });
  /** A customer's change to the invoice: answered with the page's new view, announced to the office's screens. */
  const changeForCustomer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    invoiceId: string,
    work: (scope: PublicLinkScope) => Promise<{ customerId: string }>,
  ) => {
    const answer = await withPublicLink(
      context,
      request,
      reply,
      invoiceLink(invoiceId),
      async (scope) => ({ customerId: (await work(scope)).customerId, view: await review(scope, invoiceId) }),
      { publish: ({ customerId }) => invoicesChanged({ id: invoiceId, customerId }) },
    );
    return reply.status(201).send(answer.view);
  };

  app.get(
    API_PATHS.reviewInvoice,
    {
      config: publicLinkRateLimit,
      schema: {
        tags: ["review"],
        summary: "The invoice a review link opens, with the company's branding (token in x-review-token)",
        params: reviewInvoiceParamsSchema,
        headers: reviewHeadersSchema,
        response: { 200: reviewInvoiceSchema, ...errors },
      },
    },
    async (request, reply) =>
      withPublicLink(context, request, reply, invoiceLink(request.params.invoiceId), (scope) =>
        review(scope, request.params.invoiceId),
      ),
  );

  app.post(
    API_PATHS.reviewInvoicePayments,
    {
      config: publicLinkRateLimit,
      schema: {
        tags: ["review"],
        summary:
          "Pay the balance with a card at the built-in test provider (while Stripe is not configured), once per Idempotency-Key",
        params: reviewInvoiceParamsSchema,
        headers: writeHeaders,
        body: testCardPaymentRequestSchema,
        response: { 201: reviewInvoiceSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { invoiceId } = request.params;
      return changeForCustomer(request, reply, invoiceId, ({ tx, access }) =>
        payWithTestCard(tx, {
          invoiceId,
          access,
          card: request.body,
          idempotencyKey: request.headers["idempotency-key"],
          env: context.env,
        }),
      );
    },
  );

  app.post(
    API_PATHS.reviewInvoicePaymentIntents,
    {
      config: publicLinkRateLimit,
      schema: {
        tags: ["review"],
        summary:
          "Stripe: a PaymentIntent for the balance, to confirm with Stripe.js (the same Idempotency-Key gets the same intent)",
        params: reviewInvoiceParamsSchema,
        headers: writeHeaders,
        response: { 201: reviewPaymentIntentSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { invoiceId } = request.params;
      const intent = await withPublicLink(context, request, reply, invoiceLink(invoiceId), ({ tx, access }) =>
        createReviewPaymentIntent(tx, {
          invoiceId,
          access,
          idempotencyKey: request.headers["idempotency-key"],
          env: context.env,
        }),
      );
      return reply.status(201).send(intent);
    },
  );

  app.post(
    API_PATHS.reviewInvoicePaymentIntentConfirm,
    {
      config: publicLinkRateLimit,
      schema: {
        tags: ["review"],
        summary: "Stripe: record a PaymentIntent the customer confirmed, after checking it with Stripe (recorded once)",
        params: reviewInvoiceParamsSchema,
        headers: reviewHeadersSchema,
        body: confirmPaymentIntentRequestSchema,
        response: { 201: reviewInvoiceSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { invoiceId } = request.params;
      return changeForCustomer(request, reply, invoiceId, ({ tx, access }) =>
        confirmReviewPaymentIntent(tx, {
          invoiceId,
          access,
          paymentIntentId: request.body.paymentIntentId,
          env: context.env,
        }),
      );
    },
  );

  app.post(
    API_PATHS.reviewInvoiceReview,
    {
      config: publicLinkRateLimit,
      schema: {
        tags: ["review"],
        summary: "Leave a rating (1–5) and a comment on the invoice: one per invoice",
        params: reviewInvoiceParamsSchema,
        headers: reviewHeadersSchema,
        body: leaveReviewRequestSchema,
        response: { 201: reviewInvoiceSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { invoiceId } = request.params;
      return changeForCustomer(request, reply, invoiceId, ({ tx, access }) =>
        leaveInvoiceReview(tx, { ...request.body, invoiceId, access }),
      );
    },
  );
};
