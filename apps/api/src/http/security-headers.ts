import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import { API_PATHS } from "@fieldops/shared/api-paths";

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/**
 * The web app's Content-Security-Policy: scripts only from this origin (the Vite build has no inline script), no
 * plugins, never framed by another page. Inline styles are allowed because UI libraries set them at run time (a
 * dialog's scroll lock injects a <style> element); a style cannot run script.
 */
export function appCspDirectives(
  production: boolean,
  imageOrigins: readonly string[] = [],
  stripeJs = false,
): Record<string, string[]> {
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...(stripeJs ? STRIPE_JS.script : [])],
    "style-src": ["'self'", "'unsafe-inline'"],
    // A configured map tile server's images; blob: for the field app's photos waiting on the device to sync.
    "img-src": ["'self'", "data:", "blob:", ...imageOrigins],
    "font-src": ["'self'", "data:"],
    // 'self' covers the WebSocket on the same host (ws:/wss:).
    "connect-src": ["'self'", ...(stripeJs ? STRIPE_JS.connect : [])],
    ...(stripeJs ? { "frame-src": STRIPE_JS.frame } : {}),
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    // Over plain http (development, tests) there is nothing to upgrade to.
    ...(production ? { "upgrade-insecure-requests": [] } : {}),
  };
}

/**
 * What Stripe.js needs when Stripe takes the review page's card payments: its script, its card fields' frames and its
 * API. The card number is typed into Stripe's frame and never reaches this app.
 */
const STRIPE_JS = {
  script: ["https://js.stripe.com"],
  frame: ["https://js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
};

/** Swagger UI at /api/docs: its own scripts only, with the inline styles and data: images it renders. */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Headers on every response: CSP, nosniff, no framing, Referrer-Policy, and HSTS in production (https only). */
export function securityHeaderOptions(
  production: boolean,
  imageOrigins: readonly string[] = [],
  stripeJs = false,
): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: appCspDirectives(production, imageOrigins, stripeJs) },
    frameguard: { action: "deny" },
    // Full referrer inside the app; other sites learn nothing of its paths (tenant slugs, record ids).
    referrerPolicy: { policy: "same-origin" },
    strictTransportSecurity: production ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: false } : false,
    xContentTypeOptions: true,
  };
}

/**
 * The headers helmet sets with these options, worked out once. Helmet's middleware (and @fastify/helmet, which built a
 * new one on every request) re-parses the policy for each response; ours is the same for every response. A directive
 * given as a function (a per-request nonce) would be called once here, so none is.
 */
function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(Object.fromEntries(headers));
}

/**
 * The API's JSON answers are never rendered as a page, so they carry what protects data rather than a document (as
 * OWASP's REST security guidance has it): a policy that allows nothing and no framing, no MIME sniffing, the referrer
 * policy, cross-origin reads refused, and HSTS where the pages have it. The document-only headers (the page's script
 * policy, COOP, origin isolation, DNS prefetch, the old IE and Flash switches) are the pages' alone.
 */
function apiHeaders(page: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const kept = ["x-content-type-options", "x-frame-options", "referrer-policy", "cross-origin-resource-policy"];
  return Object.freeze({
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    ...Object.fromEntries(kept.filter((name) => page[name]).map((name) => [name, page[name]!])),
    ...(page["strict-transport-security"] ? { "strict-transport-security": page["strict-transport-security"] } : {}),
  });
}

/** An API answer (JSON), as opposed to a page: the web app, its assets, and the API's documentation page. */
const isApiAnswer = (url: string) => url.startsWith("/api/") && !url.startsWith(API_PATHS.docs);

/** Every response, answered or refused, carries the security headers (a route may replace one, as /api/docs does). */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const pageHeaders = securityHeaders(options);
  const answerHeaders = apiHeaders(pageHeaders);
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? answerHeaders : pageHeaders);
    done();
  });
}
