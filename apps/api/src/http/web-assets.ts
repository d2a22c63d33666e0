import type { FastifyStaticOptions } from "@fastify/static";
import type { FastifyRequest } from "fastify";

/** Vite's folder of content-hashed files: a name there always means the same bytes. */
const HASHED_ASSETS_PREFIX = "/assets/";

/**
 * How the built web app's files are served: the brotli or gzip variant written at build (scripts/build/precompress.ts)
 * when the client accepts it, hashed assets cached for a year, everything else (index.html, favicon) revalidated on
 * each use.
 */
export function webAssetOptions(root: string): FastifyStaticOptions {
  return {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The variants are reached through their file, never by their own URL.
    globIgnore: ["**/*.br", "**/*.gz"],
    cacheControl: false,
    // Since @fastify/static 10 this is given the reply (it sets `Vary: Accept-Encoding` itself for a compressed variant).
    setHeaders(reply, path) {
      const hashed = path.slice(root.length).replaceAll("\\", "/").startsWith(HASHED_ASSETS_PREFIX);
      reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      reply.header("vary", "accept-encoding");
    },
  };
}

/** A request the web app's page answers: a GET or HEAD of any path but the API's and a missing hashed asset. */
export function wantsWebPage(request: FastifyRequest): boolean {
  const path = request.url.split("?")[0]!;
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    !path.startsWith("/api") &&
    !path.startsWith(HASHED_ASSETS_PREFIX)
  );
}
