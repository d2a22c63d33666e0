import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getUserDashboard } from "@fieldops/domain/dashboard/get-user-dashboard";
import { sendOnMyWay } from "@fieldops/domain/jobs/send-on-my-way";
import { userdashEndpoints } from "@fieldops/shared/userdash";
import type { AppContext } from "../context.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

export const dashboardRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, userdashEndpoints.get, (scope) => getUserDashboard(scope));
  tenantEndpoint(app, context, userdashEndpoints.onMyWay, (scope, { params }) =>
    sendOnMyWay(scope, { visitId: params.id }),
  );
};
