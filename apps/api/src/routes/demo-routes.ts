import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getAssistantUserContext } from "@fieldops/domain/companies/get-assistant-user-context";
import { getDemoStatus } from "@fieldops/domain/demo/get-demo-status";
import { switchDemoTier } from "@fieldops/domain/demo/switch-demo-tier";
import { demoEndpoints } from "@fieldops/shared/demo";
import type { AppContext } from "../context.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

/** The signed-in company's demo status and tier, and the context the assistant is given. */
export const demoRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, demoEndpoints.status, ({ tx }) => getDemoStatus(tx));

  tenantEndpoint(
    app,
    context,
    demoEndpoints.switchTier,
    (scope, { body }) => switchDemoTier(scope, { tier: body.tier }),
    // Switching the tier is how a demo leaves an ended trial too.
    { readOnlyAllowed: true },
  );

  tenantEndpoint(app, context, demoEndpoints.assistantUserContext, ({ tx, user }) => getAssistantUserContext(tx, user));
};
