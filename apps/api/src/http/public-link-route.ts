import type { FastifyReply, FastifyRequest } from "fastify";
import { withTenant, type TenantTransaction } from "@fieldops/db";
import { notFound } from "@fieldops/domain/errors";
import { resolvePublicLink, type PublicLinkKind } from "@fieldops/domain/public-links/public-link-tokens";
import type { AppEvent } from "@fieldops/shared/events";
import { PUBLIC_LINK_NOT_FOUND, PUBLIC_LINK_TOKEN_HEADER } from "@fieldops/shared/review";
import type { AppContext } from "../context.ts";
import { publishCommitted } from "./tenant-route.ts";

/** Each public route's allowance per client address and minute: enough for a customer, too little to guess links. */
export const PUBLIC_READS_PER_MINUTE = 60;
export const PUBLIC_WRITES_PER_MINUTE = 12;

/** What a public route's handler is given: the link's company and a transaction bound to it. */
export interface PublicLinkScope {
  companyId: string;
  tx: TenantTransaction;
}

/**
 * Runs a public route (the customer's pages under /api/review) for the holder of a link: the token in the
 * x-review-token header must be one of the subject's live tokens, and a wrong, missing or unknown one is the same 404
 * as a missing subject. The work runs in a transaction bound to the link's company; it must reach only the link's
 * subject. The session cookie, if the browser sends one, plays no part. Answers are never cached.
 */
export async function withPublicLink<Result>(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  link: { kind: PublicLinkKind; subjectId: string },
  work: (scope: PublicLinkScope) => Promise<Result>,
  options: { publish?: (result: Result) => readonly AppEvent[] } = {},
): Promise<Result> {
  reply.header("cache-control", "no-store");
  const header = request.headers[PUBLIC_LINK_TOKEN_HEADER];
  const token = typeof header === "string" ? header : undefined;
  const resolved = await resolvePublicLink(context.db, { ...link, token });
  if (!resolved) throw notFound(PUBLIC_LINK_NOT_FOUND);
  const result = await withTenant(context.db, resolved.companyId, (tx) => work({ companyId: resolved.companyId, tx }));
  if (options.publish) await publishCommitted(context, request, resolved.companyId, options.publish(result));
  return result;
}
