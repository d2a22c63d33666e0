import type { FastifyReply, FastifyRequest } from "fastify";
import { withTenant, type TenantTransaction } from "@fieldops/db";
import type { ReviewAccess } from "@fieldops/domain/review/review-access";
import type { AppEvent } from "@fieldops/shared/events";
import { REVIEW_REQUESTS_PER_MINUTE, REVIEW_TOKEN_HEADER } from "@fieldops/shared/review";
import type { AppContext } from "../context.ts";
import { publishCommitted } from "./tenant-route.ts";

/**
 * Per client address, across all the customer's pages' routes, counted before the body is read: a person reads and
 * answers, a guesser is stopped.
 */
export const publicLinkRateLimit = {
  rateLimit: { max: REVIEW_REQUESTS_PER_MINUTE, timeWindow: 60_000, hook: "onRequest" as const, groupId: "review" },
};

/** What a public route's handler is given: who the link acts for and a transaction bound to its company. */
export interface PublicLinkScope {
  access: ReviewAccess;
  tx: TenantTransaction;
}

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
  options: { publish?: (result: Result) => readonly AppEvent[] } = {},
): Promise<Result> {
  reply.header("cache-control", "no-store");
  const header = request.headers[REVIEW_TOKEN_HEADER];
  const access = await resolve(typeof header === "string" ? header : undefined);
  const result = await withTenant(context.db, access.companyId, (tx) => work({ access, tx }));
  if (options.publish) await publishCommitted(context, request, access.companyId, options.publish(result));
  return result;
}
