import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyReply, FastifyRequest } from "fastify";
import { getPortal } from "@fieldops/domain/portal/get-portal";
import { getPortalConversation, sendPortalMessage } from "@fieldops/domain/portal/portal-conversation";
import { resolvePortalAccess, resolveReviewAccess } from "@fieldops/domain/review/review-access";
import { answerReviewEstimate, getReviewEstimate, type ReviewAnswer } from "@fieldops/domain/review/review-estimate";
import { renderReviewEstimatePdf } from "@fieldops/domain/review/review-pdf";
import { REVIEW_TOKEN_HEADER, reviewEndpoints } from "@fieldops/shared/review";
import type { AppContext } from "../context.ts";
import { appOrigin } from "../http/app-origin.ts";
import { registerEndpoint } from "../http/endpoint-route.ts";
import { sendPdf } from "../http/pdf-reply.ts";
import { publicLinkRateLimit, withPublicLink } from "../http/public-link-route.ts";

const rateLimited = { config: publicLinkRateLimit };

/**
 * The customer's estimate pages and portal: no session, the link's token in a header (never in the URL), each request
 * confined to the one estimate or customer the token opens. A missing estimate and a wrong token answer the same 404.
 */
export const reviewRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const estimateAccess = (estimateId: string) => (token: string | undefined) =>
    resolveReviewAccess(context.db, "estimate", estimateId, token);

  registerEndpoint(
    app,
    reviewEndpoints.getEstimate,
    ({ params }, request, reply) =>
      withPublicLink(context, request, reply, estimateAccess(params.id), ({ tx, access }) =>
        getReviewEstimate(tx, { estimateId: params.id, access }),
      ),
    rateLimited,
  );

  registerEndpoint(
    app,
    reviewEndpoints.estimatePdf,
    ({ params, headers }, request, reply) =>
      withPublicLink(context, request, reply, estimateAccess(params.id), ({ tx, access }) =>
        renderReviewEstimatePdf(tx, {
          estimateId: params.id,
          access,
          credential: headers[REVIEW_TOKEN_HEADER] ?? "",
          origin: appOrigin(context, request),
        }),
      ),
    { ...rateLimited, send: sendPdf },
  );

  const answer = (request: FastifyRequest, reply: FastifyReply, estimateId: string, answered: ReviewAnswer) =>
    withPublicLink(context, request, reply, estimateAccess(estimateId), (scope) =>
      answerReviewEstimate(scope, { estimateId, access: scope.access, answer: answered }),
    );

  registerEndpoint(
    app,
    reviewEndpoints.approveEstimate,
    ({ params, body }, request, reply) => answer(request, reply, params.id, { kind: "approve", ...body }),
    rateLimited,
  );
  registerEndpoint(
    app,
    reviewEndpoints.requestEstimateChanges,
    ({ params, body }, request, reply) =>
      answer(request, reply, params.id, { kind: "request_changes", message: body.message }),
    rateLimited,
  );
  registerEndpoint(
    app,
    reviewEndpoints.declineEstimate,
    ({ params, body }, request, reply) =>
      answer(request, reply, params.id, { kind: "decline", reason: body.reason ?? null }),
    rateLimited,
  );
  registerEndpoint(
    app,
    reviewEndpoints.getPortal,
    ({ params }, request, reply) =>
      withPublicLink(
        context,
        request,
        reply,
        (token) => resolvePortalAccess(context.db, params.id, token),
        ({ tx, access }) => getPortal(tx, { access }),
      ),
    rateLimited,
  );
  const portalAccess = (customerId: string) => (token: string | undefined) =>
    resolvePortalAccess(context.db, customerId, token);
  registerEndpoint(
    app,
    reviewEndpoints.portalConversation,
    ({ params }, request, reply) =>
      withPublicLink(context, request, reply, portalAccess(params.id), ({ tx, access }) =>
        getPortalConversation(tx, { access }),
      ),
    rateLimited,
  );
  registerEndpoint(
    app,
    reviewEndpoints.sendPortalMessage,
    ({ params, body }, request, reply) =>
      withPublicLink(context, request, reply, portalAccess(params.id), (scope) =>
        sendPortalMessage(scope, { access: scope.access, ...body, appOrigin: appOrigin(context, request) }),
      ),
    rateLimited,
  );
};
