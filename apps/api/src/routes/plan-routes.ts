import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { changePlan } from "@fieldops/domain/plans/change-plan";
import { getPlanOverview } from "@fieldops/domain/plans/get-plan-overview";
import { planEndpoints } from "@fieldops/shared/plans";
import type { AppContext } from "../context.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

export const planRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, planEndpoints.overview, ({ tx }) => getPlanOverview(tx));

  tenantEndpoint(app, context, planEndpoints.change, (scope, { body }) => changePlan(scope, { planId: body.planId }), {
    // Choosing a plan is what ends a lapsed trial's read-only state.
    readOnlyAllowed: true,
    send: (reply, changed) => reply.send(changed.overview),
  });
};
