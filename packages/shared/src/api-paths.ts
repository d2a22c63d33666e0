/**
 * Every path of the API, defined once: the server registers its routes with these and the web app calls them, so a
 * renamed route cannot leave a caller behind. Parameters are written `:name`, as the server registers them; callers
 * fill them with `apiPath`.
 */
export const API_PATHS = {
  socket: "/api/ws",
  docs: "/api/docs",
  /** The public API of the customer's pages (no session: a link's token in the x-review-token header). */
  reviewPrefix: "/api/review/",
} as const;

export type ApiPath = (typeof API_PATHS)[keyof typeof API_PATHS];

/** A path with its `:name` parameters filled in, each value encoded (the endpoints' `fillPath`). */
export { fillPath as apiPath } from "./endpoint";
