import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getSchedule } from "@fieldops/domain/schedule/get-schedule";
import { scheduleEndpoints } from "@fieldops/shared/schedule";
import type { AppContext } from "../context.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

export const scheduleRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, scheduleEndpoints.get, ({ tx }, { query }) => getSchedule(tx, query));
};
