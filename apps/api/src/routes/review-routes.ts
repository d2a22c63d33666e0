import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyReply, FastifyRequest } from "fastify";
import { getPortal } from "@fieldops/domain/portal/get-portal";
import { resolvePortalAccess, resolveReviewAccess } from "@fieldops/domain/review/review-access";
import { answerReviewEstimate, getReviewEstimate, type ReviewAnswer } from "@fieldops/domain/review/review-estimate";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import { idParamsSchema } from "@fieldops/shared/jobs";
import {
  approveEstimateRequestSchema,
  declineEstimateRequestSchema,
  portalSchema,
  requestEstimateChangesRequestSchema,
  reviewEstimateSchema,
  reviewHeadersSchema,
} from "@fieldops/shared/review";
import type { AppContext } from "../context.ts";
import { estimatesChanged } from "@fieldops/domain/estimates/estimates-events";
import { publicLinkRateLimit, withPublicLink } from "../http/public-link-route.ts";

const errors = { 400: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };
const writeErrors = { ...errors, 409: errorResponseSchema };

/**
 * The customer's estimate pages and portal: no session, the link's token in a header (never in the URL), each request
 * confined to the one estimate or customer the token opens. A missing estimate and a wrong token answer the same 404.
 */
export const reviewRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const estimateAccess = (estimateId: string) => (token: string | undefined) =>
    resolveReviewAccess(context.db, "estimate", estimateId, token);

  app.get(
    API_PATHS.reviewEstimate,
    {
      config: publicLinkRateLimit,
      schema: {
        tags: ["review"],
        summary: "An estimate as its customer sees it (token in the x-review-token header)",
        params: idParamsSchema,
        headers: reviewHeadersSchema,
        response: { 200: reviewEstimateSchema, ...errors },
      },
    },
    async (request, reply) =>
      withPublicLink(context, request, reply, estimateAccess(request.params.id), ({ tx, access }) =>
        getReviewEstimate(tx, { estimateId: request.params.id, access }),
      ),
  );

  const answer = (request: FastifyRequest, reply: FastifyReply, estimateId: string, answered: ReviewAnswer) =>
    withPublicLink(
      context,
      request,
      reply,
      estimateAccess(estimateId),
      ({ tx, access }) => answerReviewEstimate(tx, { estimateId, access, answer: answered }),
      {
        publish: () => estimatesChanged([estimateId]),
      },
    );

  app.post(
    API_PATHS.reviewEstimateApprove,
    {
      config: publicLinkRateLimit,
      schema: {
        tags: ["review"],
        summary: "The customer approves one option, signing with their name",
        params: idParamsSchema,
        headers: reviewHeadersSchema,
        body: approveEstimateRequestSchema,
        response: { 200: reviewEstimateSchema, ...writeErrors },
      },
    },
    async (request, reply) => answer(request, reply, request.params.id, { kind: "approve", ...request.body }),
  );

  app.post(
    API_PATHS.reviewEstimateRequestChanges,
    {
      config: publicLinkRateLimit,
      schema: {
        tags: ["review"],
        summary: "The customer asks for changes",
        params: idParamsSchema,
        headers: reviewHeadersSchema,
        body: requestEstimateChangesRequestSchema,
        response: { 200: reviewEstimateSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      answer(request, reply, request.params.id, { kind: "request_changes", message: request.body.message }),
  );

  app.post(
    API_PATHS.reviewEstimateDecline,
    {
      config: publicLinkRateLimit,
      schema: {
        tags: ["review"],
        summary: "The customer declines the estimate",
        params: idParamsSchema,
        headers: reviewHeadersSchema,
        body: declineEstimateRequestSchema,
        response: { 200: reviewEstimateSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      answer(request, reply, request.params.id, { kind: "decline", reason: request.body.reason ?? null }),
  );

  app.get(
    API_PATHS.reviewPortal,
    {
      config: publicLinkRateLimit,
      schema: {
        tags: ["review"],
        summary: "A customer's portal: upcoming visits, estimates to approve, unpaid invoices",
        params: idParamsSchema,
        headers: reviewHeadersSchema,
        response: { 200: portalSchema, ...errors },
      },
    },
    async (request, reply) =>
      withPublicLink(
        context,
        request,
        reply,
        (token) => resolvePortalAccess(context.db, request.params.id, token),
        ({ tx, access }) => getPortal(tx, { access }),
      ),
  );
};
