import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getReviewInvoice } from "@fieldops/domain/review/get-review-invoice";
import { leaveInvoiceReview } from "@fieldops/domain/review/leave-invoice-review";
import { payWithTestCard } from "@fieldops/domain/review/pay-with-test-card";
import { renderReviewInvoicePdf } from "@fieldops/domain/review/review-pdf";
import { resolveReviewAccess } from "@fieldops/domain/review/review-access";
import { confirmReviewPaymentIntent, createReviewPaymentIntent } from "@fieldops/domain/review/stripe-payment-intents";
import { invoiceReviewEndpoints } from "@fieldops/shared/invoice-review";
import { REVIEW_TOKEN_HEADER } from "@fieldops/shared/review";
import type { AppContext } from "../context.ts";
import { appOrigin } from "../http/app-origin.ts";
import { registerEndpoint } from "../http/endpoint-route.ts";
import { sendPdf } from "../http/pdf-reply.ts";
import { publicLinkRateLimit, withPublicLink, type PublicLinkScope } from "../http/public-link-route.ts";

const rateLimited = { config: publicLinkRateLimit };

/**
 * The customer's invoice page (/review/{invoiceId}#<token>), without signing in: every route takes the invoice link's
 * token, or the customer's portal credential, in the x-review-token header and reaches that one invoice only.
 */
export const invoiceReviewRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const invoiceLink = (invoiceId: string) => (token: string | undefined) =>
    resolveReviewAccess(context.db, "invoice_review", invoiceId, token);
  const review = ({ tx, access }: PublicLinkScope, invoiceId: string) =>
    getReviewInvoice(tx, { invoiceId, access, env: context.env });
  /** A customer's change to the invoice (which announces itself): answered with the page's new view. */
  const changeForCustomer = (
    request: FastifyRequest,
    reply: FastifyReply,
    invoiceId: string,
    work: (scope: PublicLinkScope) => Promise<unknown>,
  ) =>
    withPublicLink(context, request, reply, invoiceLink(invoiceId), async (scope) => {
      await work(scope);
      return review(scope, invoiceId);
    });

  registerEndpoint(
    app,
    invoiceReviewEndpoints.get,
    ({ params }, request, reply) =>
      withPublicLink(context, request, reply, invoiceLink(params.invoiceId), (scope) =>
        review(scope, params.invoiceId),
      ),
    rateLimited,
  );
  registerEndpoint(
    app,
    invoiceReviewEndpoints.pdf,
    ({ params, headers }, request, reply) =>
      withPublicLink(context, request, reply, invoiceLink(params.invoiceId), ({ tx, access }) =>
        renderReviewInvoicePdf(tx, {
          invoiceId: params.invoiceId,
          access,
          credential: headers[REVIEW_TOKEN_HEADER] ?? "",
          origin: appOrigin(context, request),
        }),
      ),
    { ...rateLimited, send: sendPdf },
  );
  registerEndpoint(
    app,
    invoiceReviewEndpoints.payWithTestCard,
    ({ params: { invoiceId }, headers, body }, request, reply) =>
      changeForCustomer(request, reply, invoiceId, (scope) =>
        payWithTestCard(scope, {
          invoiceId,
          access: scope.access,
          card: body,
          idempotencyKey: headers["idempotency-key"],
          env: context.env,
        }),
      ),
    rateLimited,
  );
  registerEndpoint(
    app,
    invoiceReviewEndpoints.createPaymentIntent,
    ({ params: { invoiceId }, headers }, request, reply) =>
      withPublicLink(context, request, reply, invoiceLink(invoiceId), ({ tx, access }) =>
        createReviewPaymentIntent(tx, {
          invoiceId,
          access,
          idempotencyKey: headers["idempotency-key"],
          env: context.env,
        }),
      ),
    rateLimited,
  );
  registerEndpoint(
    app,
    invoiceReviewEndpoints.confirmPaymentIntent,
    ({ params: { invoiceId }, body }, request, reply) =>
      changeForCustomer(request, reply, invoiceId, (scope) =>
        confirmReviewPaymentIntent(scope, {
          invoiceId,
          access: scope.access,
          paymentIntentId: body.paymentIntentId,
          env: context.env,
        }),
      ),
    rateLimited,
  );
  registerEndpoint(
    app,
    invoiceReviewEndpoints.leaveReview,
    ({ params: { invoiceId }, body }, request, reply) =>
      changeForCustomer(request, reply, invoiceId, (scope) =>
        leaveInvoiceReview(scope, { ...body, invoiceId, access: scope.access }),
      ),
    rateLimited,
  );
};
