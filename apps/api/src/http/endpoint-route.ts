import { apiKeyAreaOf } from "@fieldops/shared/api-keys";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import type { z } from "zod";
import { errorResponseSchema } from "@fieldops/shared/auth";
import type { Endpoint, EndpointRequest, EndpointResult } from "@fieldops/shared/endpoint";
import type { AppContext } from "../context.ts";
import { withCompanyUser, type TenantRouteOptions, type TenantScope } from "./tenant-route.ts";

/** The error answers every route may give: a bad request, no session, not allowed, not found. */
const READ_ERRORS = [400, 401, 403, 404] as const;
/** A write may also meet an ended trial (402) or a conflict (409). */
const WRITE_ERRORS = [...READ_ERRORS, 402, 409] as const;

type ErrorStatus = keyof NonNullable<Endpoint["errors"]>;

function responseSchemas(endpoint: Endpoint): Record<number, z.ZodType> {
  const errors: Record<number, z.ZodType> = {};
  for (const status of endpoint.method === "GET" ? READ_ERRORS : WRITE_ERRORS) errors[status] = errorResponseSchema;
  for (const [status, schema] of Object.entries(endpoint.errors ?? {}) as [`${ErrorStatus}`, z.ZodType][]) {
    // The framework's own refusals (a malformed body, a missing session) keep the usual shape beside the endpoint's.
    errors[Number(status)] = schema.or(errorResponseSchema);
  }
  return { [endpoint.status ?? 200]: endpoint.response, ...errors };
}

function requestOf<E extends Endpoint>(endpoint: E, request: FastifyRequest): EndpointRequest<E> {
  // Fastify has validated each part against the endpoint's schema (the zod type provider's validator) before the
  // handler runs, so the parts are the schemas' outputs.
  return {
    ...(endpoint.params ? { params: request.params } : {}),
    ...(endpoint.query ? { query: request.query } : {}),
    ...(endpoint.headers ? { headers: request.headers } : {}),
    ...(endpoint.body ? { body: request.body } : {}),
  } as EndpointRequest<E>;
}

/**
 * A route's handler: the validated request's parts in, the success answer out (or what `send` makes of it). The reply
 * is there for a header every answer must carry, errors included (a customer link's `no-store`).
 */
export type EndpointHandler<E extends Endpoint, Result> = (
  input: EndpointRequest<E>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<Result>;

export interface EndpointRouteOptions<Result> extends Pick<RouteOptions, "config" | "onRequest"> {
  /** For a body bigger than the server's default limit (a CSV import). */
  bodyLimit?: number;
  /**
   * Sends the answer when it is not the endpoint's JSON as is: a file with its headers, a refusal with a body of its
   * own. Without it the handler's result is sent with the endpoint's status.
   */
  send?: (reply: FastifyReply, result: Result) => FastifyReply;
}

type SendRequired<Result> = EndpointRouteOptions<Result> & Required<Pick<EndpointRouteOptions<Result>, "send">>;

/**
 * Registers the route of an endpoint defined in `@fieldops/shared`: its method and path, its schemas for validation,
 * serialization and the OpenAPI document, the usual error answers. Authentication is the handler's: most routes use
 * {@link tenantEndpoint}; public, platform-admin and customer-link routes call their own guard.
 */
export function registerEndpoint<E extends Endpoint, Result>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E, Result>,
  options: SendRequired<Result>,
): void;
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E, EndpointResult<E>>,
  options?: EndpointRouteOptions<EndpointResult<E>>,
): void;
export function registerEndpoint<E extends Endpoint, Result>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E, Result>,
  options: EndpointRouteOptions<Result> = {},
): void {
  addRoute(app, endpoint, handler, options);
}

function addRoute<E extends Endpoint, Result>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E, Result>,
  options: EndpointRouteOptions<Result>,
): void {
  const { send, bodyLimit, config, onRequest } = options;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(bodyLimit ? { bodyLimit } : {}),
    // A route's rate limit (`config.rateLimit`) or its own early check.
    ...(config ? { config } : {}),
    ...(onRequest ? { onRequest } : {}),
    schema: {
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      ...(endpoint.produces ? { produces: [endpoint.produces] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: responseSchemas(endpoint),
    },
    handler: async (request, reply) => {
      const result = await handler(requestOf(endpoint, request), request, reply);
      if (send) return send(reply, result);
      return reply.status(endpoint.status ?? 200).send(endpoint.status === 204 ? null : result);
    },
  });
}

/** A tenant route's handler: the use case's call, given the company's scope and the validated request. */
export type TenantEndpointHandler<E extends Endpoint, Result> = (
  scope: TenantScope,
  input: EndpointRequest<E>,
  request: FastifyRequest,
) => Promise<Result>;

export type TenantEndpointOptions<Result> = EndpointRouteOptions<Result> &
  Pick<TenantRouteOptions, "readOnlyAllowed"> & {
    /**
     * Completes the answer once the company's transaction has committed: for a call to another service (a road
     * distance server) that must not hold the transaction, and its database connection, open while it waits.
     */
    afterCommit?: (result: Result) => Promise<Result>;
  };

/**
 * Registers the route of an endpoint that acts for the signed-in user's company: `withCompanyUser` checks the session
 * and the endpoint's capability, runs the handler in the company's transaction, and relays its effects once committed.
 *
 * `tenantEndpoint(app, context, customerEndpoints.create, (scope, { body }) => createCustomer(scope, body))`
 */
export function tenantEndpoint<E extends Endpoint, Result>(
  app: FastifyInstance,
  context: AppContext,
  endpoint: E,
  handler: TenantEndpointHandler<E, Result>,
  options: TenantEndpointOptions<Result> & SendRequired<Result>,
): void;
export function tenantEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  context: AppContext,
  endpoint: E,
  handler: TenantEndpointHandler<E, EndpointResult<E>>,
  options?: TenantEndpointOptions<EndpointResult<E>>,
): void;
export function tenantEndpoint<E extends Endpoint, Result>(
  app: FastifyInstance,
  context: AppContext,
  endpoint: E,
  handler: TenantEndpointHandler<E, Result>,
  options: TenantEndpointOptions<Result> = {},
): void {
  const { readOnlyAllowed, afterCommit, ...routeOptions } = options;
  addRoute(
    app,
    endpoint,
    async (input, request) => {
      const result = await withCompanyUser(context, request, (scope) => handler(scope, input, request), {
        apiKeyArea: apiKeyAreaOf(endpoint.tags),
        ...(endpoint.capability ? { capability: endpoint.capability } : {}),
        ...(readOnlyAllowed ? { readOnlyAllowed } : {}),
      });
      return afterCommit ? afterCommit(result) : result;
    },
    routeOptions,
  );
}
