import type { z } from "zod";
import type { Capability } from "./permissions";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The statuses a route answers with when it succeeds (a redirect sends itself, through the route's `send`). */
export type SuccessStatus = 200 | 201 | 202 | 204 | 302 | 303;

/**
 * One endpoint of the API, defined once: the server registers its route from it (`apps/api/src/http/endpoint-route.ts`)
 * and the web app calls it and caches its answer by it (`apps/web/src/lib/endpoints.ts`); the OpenAPI document is
 * generated from the same schemas. `path` writes its parameters `:name`, as Fastify registers them.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
  /** One line for the OpenAPI document: what the endpoint does, in the product's words. */
  readonly summary: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Request headers the route reads (an Idempotency-Key, a customer link's token), their names in lower case. */
  readonly headers?: z.ZodType;
  /** The success answer's status; 200 when omitted. A 204's response is `z.null()`. */
  readonly status?: SuccessStatus;
  readonly response: z.ZodType;
  /** The media type of a response that is not JSON (a CSV export). */
  readonly produces?: string;
  /**
   * What the caller must be allowed to do (`./permissions`). The server refuses everyone else with 403; the web app
   * shows the endpoint's button only to who may. Omitted: everyone the route's authentication admits.
   */
  readonly capability?: Capability;
  /** Error answers whose body is not the usual `{ message }` (an import's row errors). */
  readonly errors?: Readonly<Partial<Record<400 | 402 | 403 | 404 | 409 | 413 | 422 | 429 | 503, z.ZodType>>>;
}

/** Keeps the literal types of a definition (its path, method and schemas) while checking it is an endpoint. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type Part<E, K extends "params" | "query" | "headers" | "body", Side extends "input" | "output"> =
  E extends Record<K, infer S extends z.ZodType>
    ? Side extends "input"
      ? Record<never, never> extends z.input<S>
        ? { [P in K]?: z.input<S> }
        : { [P in K]: z.input<S> }
      : { [P in K]: z.output<S> }
    : Record<never, never>;

/**
 * What a caller passes: the path's parameters, the query, the headers and the body, each only where the endpoint has
 * one.
 */
export type EndpointInput<E extends Endpoint> = Part<E, "params", "input"> &
  Part<E, "query", "input"> &
  Part<E, "headers", "input"> &
  Part<E, "body", "input">;

/** What the server's handler receives, as validated by the endpoint's schemas. */
export type EndpointRequest<E extends Endpoint> = Part<E, "params", "output"> &
  Part<E, "query", "output"> &
  Part<E, "headers", "output"> &
  Part<E, "body", "output">;

/** The success answer, as the caller reads it. */
export type EndpointResponse<E extends Endpoint> = z.output<E["response"]>;

/** The success answer, as the server's handler gives it (before the response schema's defaults and transforms). */
export type EndpointResult<E extends Endpoint> = z.input<E["response"]>;

/** The endpoint's path with its `:name` parameters filled in, each value encoded: `fillPath("/api/crews/:id", { id })`. */
export function fillPath(template: string, params: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/:([A-Za-z]+)/g, (placeholder, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${template} needs a value for ${placeholder}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The query string of a query object (with its "?"), or "" when it has nothing to say: undefined and null values are
 * left out, arrays repeat their key, everything else is written as a string.
 */
export function queryString(query: Readonly<Record<string, unknown>> | undefined): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value])
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`);
  }
  return pairs.length === 0 ? "" : `?${pairs.join("&")}`;
}
