/**
 * The API's paths that are not endpoints of `@fieldops/shared/endpoint` (each endpoint carries its own path): the
 * WebSocket, the OpenAPI page, and the prefix of the customer's pages that the cross-site guard lets through.
 */
export const API_PATHS = {
  socket: "/api/ws",
  docs: "/api/docs",
  /** The public API of the customer's pages (no session: a link's token in the x-review-token header). */
  reviewPrefix: "/api/review/",
} as const;
