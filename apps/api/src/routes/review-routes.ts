import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { withTenant } from "@fieldops/db";
import { getPortal } from "@fieldops/domain/portal/get-portal";
import { resolveEstimateAccess, resolvePortalAccess, type ReviewAccess } from "@fieldops/domain/review/review-access";
import { answerReviewEstimate, getReviewEstimate, type ReviewAnswer } from "@fieldops/domain/review/review-estimate";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import { idParamsSchema } from "@fieldops/shared/jobs";
import {
  approveEstimateRequestSchema,
  declineEstimateRequestSchema,
  portalSchema,
  requestEstimateChangesRequestSchema,
  REVIEW_REQUESTS_PER_MINUTE,
  REVIEW_TOKEN_HEADER,
  reviewEstimateSchema,
} from "@fieldops/shared/review";
import type { AppContext } from "../context.ts";
import { estimatesChanged } from "../http/live-changes.ts";
import { publishCommitted } from "../http/tenant-route.ts";

const errors = { 400: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };
const writeErrors = { ...errors, 409: errorResponseSchema };
/** Per client address, across the customer's pages' routes: a person reads and answers, a guesser is stopped. */
const rateLimit = { max: REVIEW_REQUESTS_PER_MINUTE, timeWindow: 60_000, hook: "onRequest" as const, groupId: "review" };

function reviewToken(request: FastifyRequest): string | undefined {
  const value = request.headers[REVIEW_TOKEN_HEADER];
  return typeof value === "string" ? value : undefined;
}

/**
 * The customer's pages' API: no session, the link's token in a header (never in the URL), each request confined to
 * the one estimate or customer the token opens. A missing estimate and a wrong token answer the same 404.
 */
export const reviewRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const inEstimate = async <T>(request: FastifyRequest, estimateId: string, work: (access: ReviewAccess) => Promise<T>) => work(await resolveEstimateAccess(context.db, estimateId, reviewToken(request)));

  app.get(
    API_PATHS.reviewEstimate,
    {
      config: { rateLimit },
      schema: { tags: ["review"], summary: "An estimate as its customer sees it (token in the x-review-token header)", params: idParamsSchema, response: { 200: reviewEstimateSchema, ...errors } },
    },
    async (request) =>
      inEstimate(request, request.params.id, (access) => withTenant(context.db, access.companyId, (tx) => getReviewEstimate(tx, { estimateId: request.params.id, access }))),
  );

  const answer = (request: FastifyRequest, estimateId: string, reply: ReviewAnswer) =>
    inEstimate(request, estimateId, async (access) => {
      const result = await withTenant(context.db, access.companyId, (tx) => answerReviewEstimate(tx, { estimateId, access, answer: reply }));
      await publishCommitted(context, request, access.companyId, estimatesChanged([estimateId]));
      return result;
    });

  app.post(
    API_PATHS.reviewEstimateApprove,
    {
      config: { rateLimit },
      schema: { tags: ["review"], summary: "The customer approves one option, signing with their name", params: idParamsSchema, body: approveEstimateRequestSchema, response: { 200: reviewEstimateSchema, ...writeErrors } },
    },
    async (request) => answer(request, request.params.id, { kind: "approve", ...request.body }),
  );

  app.post(
    API_PATHS.reviewEstimateRequestChanges,
    {
      config: { rateLimit },
      schema: { tags: ["review"], summary: "The customer asks for changes", params: idParamsSchema, body: requestEstimateChangesRequestSchema, response: { 200: reviewEstimateSchema, ...writeErrors } },
    },
    async (request) => answer(request, request.params.id, { kind: "request_changes", message: request.body.message }),
  );

  app.post(
    API_PATHS.reviewEstimateDecline,
    {
      config: { rateLimit },
      schema: { tags: ["review"], summary: "The customer declines the estimate", params: idParamsSchema, body: declineEstimateRequestSchema, response: { 200: reviewEstimateSchema, ...writeErrors } },
    },
    async (request) => answer(request, request.params.id, { kind: "decline", reason: request.body.reason ?? null }),
  );

  app.get(
    API_PATHS.reviewPortal,
    {
      config: { rateLimit },
      schema: { tags: ["review"], summary: "A customer's portal: upcoming visits, estimates to approve, unpaid invoices", params: idParamsSchema, response: { 200: portalSchema, ...errors } },
    },
    async (request) => {
      const access = await resolvePortalAccess(context.db, request.params.id, reviewToken(request));
      return withTenant(context.db, access.companyId, (tx) => getPortal(tx, { access }));
    },
  );
};
