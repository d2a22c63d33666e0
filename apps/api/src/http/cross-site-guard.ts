import type { FastifyInstance, FastifyRequest } from "fastify";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { SESSION_COOKIE } from "@fieldops/shared/auth";
import { REVIEW_TOKEN_HEADER } from "@fieldops/shared/review";
import { forbidden } from "./http-error.ts";
import { requestOrigin } from "./same-origin.ts";

export const CROSS_SITE_REFUSED =
  "Cross-site request refused: a request signed in by the session cookie must come from this app's own pages (other clients send a bearer token)";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A page of another site can make the browser send a form or a text/plain POST here with the user's cookie. So a
 * state-changing request is refused (403) when the browser says it comes from another site, and when it carries
 * the session cookie without the browser saying it comes from this app's own pages. A request with a bearer token
 * is exempt: a page of another site cannot add that header without a CORS preflight, which this API never grants.
 * Requests refused here also carry no body the API would parse: only JSON bodies are accepted (see app.ts).
 *
 * The customer's public routes (/api/review/…) never read the session: they act for the holder of a link's token,
 * sent in the x-review-token header, which a page of another site cannot add either. So a cookie the browser happens
 * to send there (a staff member paying a test invoice) does not refuse them; a request a browser says comes from
 * another site still is.
 */
export function installCrossSiteGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: every request passes here, and most (reads) leave at once.
  app.addHook("onRequest", (request, _reply, done) => {
    done(refusesCrossSite(request) ? forbidden(CROSS_SITE_REFUSED) : undefined);
  });
}

function refusesCrossSite(request: FastifyRequest): boolean {
  if (!STATE_CHANGING.has(request.method)) return false;
  if (request.headers.authorization?.startsWith("Bearer ")) return false;
  const origin = requestOrigin(request);
  if (origin === "same") return false;
  if (
    origin === "unknown" &&
    request.url.startsWith(API_PATHS.reviewPrefix) &&
    request.headers[REVIEW_TOKEN_HEADER] !== undefined
  )
    return false;
  return origin === "foreign" || request.cookies[SESSION_COOKIE] !== undefined;
}
