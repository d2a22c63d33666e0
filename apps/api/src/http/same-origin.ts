import type { FastifyRequest } from "fastify";

/**
 * Where a browser says a request comes from: "same" (a page of this app), "foreign" (a page of another site, or an
 * opaque `null` origin), or "unknown" (no browser header: a script, a native client, a test).
 * `Sec-Fetch-Site` is trusted first; otherwise the `Origin` header's host must be the host the request was sent
 * to (`Host`, or `X-Forwarded-Host` behind a trusted proxy). The scheme is not compared: behind a TLS-terminating
 * proxy the API sees http while the page is https.
 */
export function requestOrigin(request: FastifyRequest): "same" | "foreign" | "unknown" {
  const site = request.headers["sec-fetch-site"];
  if (site === "same-origin") return "same";
  if (site === "same-site" || site === "cross-site") return "foreign";
  const origin = request.headers.origin;
  if (origin === undefined) return "unknown";
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return "foreign";
  }
  return originHost !== "" && originHost === normalizeHost(request.host, request.protocol) ? "same" : "foreign";
}

/** `Host` as URL.host writes it: lower case, without the scheme's default port. */
function normalizeHost(host: string, protocol: string): string {
  try {
    return new URL(`${protocol}://${host}`).host;
  } catch {
    return "";
  }
}
