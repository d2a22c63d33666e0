import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getReviewInvoice } from "@fieldops/domain/review/get-review-invoice";
import { leaveInvoiceReview } from "@fieldops/domain/review/leave-invoice-review";
import { payWithTestCard } from "@fieldops/domain/review/pay-with-test-card";
import { confirmReviewPaymentIntent, createReviewPaymentIntent } from "@fieldops/domain/review/stripe-payment-intents";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import { idempotencyHeadersSchema } from "@fieldops/shared/invoices";
import {
  confirmPaymentIntentRequestSchema,
  leaveReviewRequestSchema,
  publicLinkHeadersSchema,
  reviewInvoiceParamsSchema,
  reviewInvoiceSchema,
  reviewPaymentIntentSchema,
  testCardPaymentRequestSchema,
} from "@fieldops/shared/review";
import type { AppContext } from "../context.ts";
import { invoicesChanged } from "../http/live-changes.ts";
import { PUBLIC_READS_PER_MINUTE, PUBLIC_WRITES_PER_MINUTE, withPublicLink, type PublicLinkScope } from "../http/public-link-route.ts";

const errors = { 400: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };
const writeErrors = { ...errors, 402: errorResponseSchema, 409: errorResponseSchema, 503: errorResponseSchema };
const reads = { rateLimit: { max: PUBLIC_READS_PER_MINUTE, timeWindow: 60_000 } };
const writes = { rateLimit: { max: PUBLIC_WRITES_PER_MINUTE, timeWindow: 60_000 } };
const writeHeaders = publicLinkHeadersSchema.extend(idempotencyHeadersSchema.shape);

/**
 * The customer's invoice page (/review/{invoiceId}#<token>), without signing in: every route takes the link's token in
 * the x-review-token header and reaches that one invoice only. Rate-limited per client address.
 */
export const reviewRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const invoiceLink = (invoiceId: string) => ({ kind: "invoice_review" as const, subjectId: invoiceId });
  const review = (tx: Parameters<typeof getReviewInvoice>[0], invoiceId: string) => getReviewInvoice(tx, { invoiceId, env: context.env });
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
      async (scope) => ({ customerId: (await work(scope)).customerId, view: await review(scope.tx, invoiceId) }),
      { publish: ({ customerId }) => invoicesChanged({ id: invoiceId, customerId }) },
    );
    return reply.status(201).send(answer.view);
  };

  app.get(
    API_PATHS.reviewInvoice,
    {
      config: reads,
      schema: {
        tags: ["review"],
        summary: "The invoice a review link opens, with the company's branding (token in x-review-token)",
        params: reviewInvoiceParamsSchema,
        headers: publicLinkHeadersSchema,
        response: { 200: reviewInvoiceSchema, ...errors },
      },
    },
    async (request, reply) => withPublicLink(context, request, reply, invoiceLink(request.params.invoiceId), ({ tx }) => review(tx, request.params.invoiceId)),
  );

  app.post(
    API_PATHS.reviewInvoicePayments,
    {
      config: writes,
      schema: {
        tags: ["review"],
        summary: "Pay the balance with a card at the built-in test provider (while Stripe is not configured), once per Idempotency-Key",
        params: reviewInvoiceParamsSchema,
        headers: writeHeaders,
        body: testCardPaymentRequestSchema,
        response: { 201: reviewInvoiceSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { invoiceId } = request.params;
      return changeForCustomer(request, reply, invoiceId, ({ tx, companyId }) =>
        payWithTestCard(tx, { invoiceId, companyId, card: request.body, idempotencyKey: request.headers["idempotency-key"], env: context.env }),
      );
    },
  );

  app.post(
    API_PATHS.reviewInvoicePaymentIntents,
    {
      config: writes,
      schema: {
        tags: ["review"],
        summary: "Stripe: a PaymentIntent for the balance, to confirm with Stripe.js (the same Idempotency-Key gets the same intent)",
        params: reviewInvoiceParamsSchema,
        headers: writeHeaders,
        response: { 201: reviewPaymentIntentSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { invoiceId } = request.params;
      const intent = await withPublicLink(context, request, reply, invoiceLink(invoiceId), ({ tx, companyId }) =>
        createReviewPaymentIntent(tx, { invoiceId, companyId, idempotencyKey: request.headers["idempotency-key"], env: context.env }),
      );
      return reply.status(201).send(intent);
    },
  );

  app.post(
    API_PATHS.reviewInvoicePaymentIntentConfirm,
    {
      config: writes,
      schema: {
        tags: ["review"],
        summary: "Stripe: record a PaymentIntent the customer confirmed, after checking it with Stripe (recorded once)",
        params: reviewInvoiceParamsSchema,
        headers: publicLinkHeadersSchema,
        body: confirmPaymentIntentRequestSchema,
        response: { 201: reviewInvoiceSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { invoiceId } = request.params;
      return changeForCustomer(request, reply, invoiceId, ({ tx, companyId }) =>
        confirmReviewPaymentIntent(tx, { invoiceId, companyId, paymentIntentId: request.body.paymentIntentId, env: context.env }),
      );
    },
  );

  app.post(
    API_PATHS.reviewInvoiceReview,
    {
      config: writes,
      schema: {
        tags: ["review"],
        summary: "Leave a rating (1–5) and a comment on the invoice: one per invoice",
        params: reviewInvoiceParamsSchema,
        headers: publicLinkHeadersSchema,
        body: leaveReviewRequestSchema,
        response: { 201: reviewInvoiceSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { invoiceId } = request.params;
      return changeForCustomer(request, reply, invoiceId, ({ tx, companyId }) => leaveInvoiceReview(tx, { ...request.body, invoiceId, companyId }));
    },
  );
};
