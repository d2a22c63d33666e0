import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createApiKey, listApiKeys, revokeApiKey } from "@fieldops/domain/api-keys/manage-api-keys";
import { apiKeyEndpoints } from "@fieldops/shared/api-keys";
import type { AppContext } from "../context.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

/** Owners manage the company's API keys; no key reaches these routes (a key cannot make or revoke keys). */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, apiKeyEndpoints.list, (scope) => listApiKeys(scope));
  tenantEndpoint(app, context, apiKeyEndpoints.create, (scope, { body }) => createApiKey(scope, body));
  tenantEndpoint(app, context, apiKeyEndpoints.revoke, (scope, { params }) => revokeApiKey(scope, params));
};
