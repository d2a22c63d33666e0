import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { placeEndpoints } from "@fieldops/shared/places";
import type { AppContext } from "../context.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

export const placeRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, placeEndpoints.settings, async () => ({
    geocoder: context.geocoder.kind,
    map: context.mapTiles,
  }));
};
