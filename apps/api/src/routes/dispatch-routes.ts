import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { applyRoutePlan } from "@fieldops/domain/dispatch/apply-route-plan";
import { findBestSlots } from "@fieldops/domain/dispatch/find-best-slots";
import { getRoutePlan } from "@fieldops/domain/dispatch/get-route-plan";
import { requestRoutePlan } from "@fieldops/domain/dispatch/request-route-plan";
import { dispatchEndpoints } from "@fieldops/shared/dispatch";
import type { AppContext } from "../context.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

export const dispatchRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, dispatchEndpoints.optimize, (scope, { body }) =>
    requestRoutePlan(scope, { ...body, kind: "optimize" }),
  );
  tenantEndpoint(app, context, dispatchEndpoints.replan, (scope, { body }) =>
    requestRoutePlan(scope, { ...body, kind: "replan" }),
  );
  tenantEndpoint(app, context, dispatchEndpoints.getPlan, ({ tx }, { params }) =>
    getRoutePlan(tx, { planId: params.id, map: context.mapTiles }),
  );
  tenantEndpoint(
    app,
    context,
    dispatchEndpoints.applyPlan,
    async (scope, { params, body }) =>
      (await applyRoutePlan(scope, { planId: params.id, crewIds: body.crewIds, map: context.mapTiles })).plan,
  );
  tenantEndpoint(app, context, dispatchEndpoints.bestSlots, ({ tx }, { params, query }) =>
    findBestSlots(tx, { visitId: params.id, date: query.date, osrmUrl: context.env.OSRM_URL }),
  );
};
