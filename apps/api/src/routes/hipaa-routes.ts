import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { hipaaEndpoints } from "@fieldops/shared/hipaa";
import { modelConfigFromEnv } from "@fieldops/domain/assistant/model-config";
import { getHipaaSettings, setHipaaMode, setModelBaa } from "@fieldops/domain/hipaa/manage-hipaa-mode";
import type { AppContext } from "../context.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

/** Settings → HIPAA: the office reads it; owners turn it on or off and record the model provider's BAA. */
export const hipaaRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const options = { modelConfigured: modelConfigFromEnv(context.env) !== null };
  tenantEndpoint(app, context, hipaaEndpoints.get, (scope) => getHipaaSettings(scope, options));
  tenantEndpoint(app, context, hipaaEndpoints.set, (scope, { body }) => setHipaaMode(scope, body, options));
  tenantEndpoint(app, context, hipaaEndpoints.setModelBaa, (scope, { body }) => setModelBaa(scope, body, options));
};
