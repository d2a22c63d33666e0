import type { FastifyReply, FastifyRequest } from "fastify";
import { runInScope } from "@fieldops/domain/effects/run-in-scope";
import type { ReviewAccess } from "@fieldops/domain/review/review-access";
import { systemActor, type SystemActor, type TenantScope } from "@fieldops/domain/tenant-scope";
import { REVIEW_REQUESTS_PER_MINUTE, REVIEW_TOKEN_HEADER } from "@fieldops/shared/review";
import type { AppContext } from "../context.ts";
import { effectsOf } from "./tenant-route.ts";

/**
 * Per client address, across all the customer's pages' routes, counted before the body is read: a person reads and
 * answers, a guesser is stopped.
 */
export const publicLinkRateLimit = {
  rateLimit: { max: REVIEW_REQUESTS_PER_MINUTE, timeWindow: 60_000, hook: "onRequest" as const, groupId: "review" },
};

/** What a public route's handler is given: who the link acts for, and the scope of its company (the link acts). */
export interface PublicLinkScope extends TenantScope<SystemActor> {
  access: ReviewAccess;
}

const LINK_ACTOR = systemActor("customer link");

/**
 * Runs a public route (the customer's pages under /api/review) for the holder of a link: `resolve` reads the token of
 * the x-review-token header and answers whom it acts for, or throws the same 404 for a wrong, missing or unknown token
 * as for a missing subject. The work runs in a transaction bound to the link's company; it must reach only what the
 * link opens. The session cookie, if the browser sends one, plays no part. Answers are never cached.
 */
export async function withPublicLink<Result>(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  resolve: (token: string | undefined) => Promise<ReviewAccess>,
  work: (scope: PublicLinkScope) => Promise<Result>,
): Promise<Result> {
  reply.header("cache-control", "no-store");
  const header = request.headers[REVIEW_TOKEN_HEADER];
  const access = await resolve(typeof header === "string" ? header : undefined);
  return runInScope(
    effectsOf(context, request),
    { companyId: access.companyId, actor: LINK_ACTOR, requestId: request.id },
    (scope) => work({ ...scope, access }),
  );
}
