import type { FastifyInstance } from "fastify";
import { SESSION_COOKIE } from "@fieldops/shared/auth";
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
 */
export function installCrossSiteGuard(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (request.headers.authorization?.startsWith("Bearer ")) return;
    const origin = requestOrigin(request);
    if (origin === "same") return;
    if (origin === "foreign" || request.cookies[SESSION_COOKIE] !== undefined) throw forbidden(CROSS_SITE_REFUSED);
  });
}
