import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { applyRoutePlan } from "@fieldops/domain/dispatch/apply-route-plan";
import { findBestSlots } from "@fieldops/domain/dispatch/find-best-slots";
import { getRoutePlan } from "@fieldops/domain/dispatch/get-route-plan";
import { requestRoutePlan } from "@fieldops/domain/dispatch/request-route-plan";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import {
  applyRoutePlanRequestSchema,
  bestSlotsQuerySchema,
  bestSlotsResponseSchema,
  optimizeDayRequestSchema,
  replanDayRequestSchema,
  routePlanQueuedSchema,
  routePlanSchema,
} from "@fieldops/shared/dispatch";
import { idParamsSchema } from "@fieldops/shared/jobs";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context.ts";
import { withCompanyUser } from "../http/tenant-route.ts";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const writeErrors = { ...errors, 409: errorResponseSchema };

export const dispatchRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const mapTiles = context.env.MAP_TILE_URL
    ? { tileUrl: context.env.MAP_TILE_URL, attribution: context.env.MAP_TILE_ATTRIBUTION }
    : null;
  const queuePlan = async (
    request: FastifyRequest,
    kind: "optimize" | "replan",
    body: typeof optimizeDayRequestSchema._zod.output,
  ) => {
    return withCompanyUser(context, request, (scope) => requestRoutePlan(scope, { ...body, kind }), {
      capability: "schedule.manage",
    });
  };

  app.post(
    API_PATHS.scheduleOptimize,
    {
      schema: {
        tags: ["dispatch"],
        summary: "Optimize a day's routes for all crews or some (Pro): a proposal computed by a worker",
        body: optimizeDayRequestSchema,
        response: { 202: routePlanQueuedSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(202).send(await queuePlan(request, "optimize", request.body)),
  );

  app.post(
    API_PATHS.scheduleReplan,
    {
      schema: {
        tags: ["dispatch"],
        summary: "Re-plan the rest of today from the crews' current positions (Pro)",
        body: replanDayRequestSchema,
        response: { 202: routePlanQueuedSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(202).send(await queuePlan(request, "replan", request.body)),
  );

  app.get(
    API_PATHS.routePlan,
    {
      schema: {
        tags: ["dispatch"],
        summary: "A route plan: its status and, once ready, the proposal against the current plan",
        params: idParamsSchema,
        response: { 200: routePlanSchema, ...errors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, ({ tx }) => getRoutePlan(tx, { planId: request.params.id, map: mapTiles }), {
        capability: "schedule.manage",
      }),
  );

  app.post(
    API_PATHS.routePlanApply,
    {
      schema: {
        tags: ["dispatch"],
        summary: "Apply a route plan, all of it or some crews' parts, in one transaction",
        params: idParamsSchema,
        body: applyRoutePlanRequestSchema,
        response: { 200: routePlanSchema, ...writeErrors },
      },
    },
    async (request) => {
      const applied = await withCompanyUser(
        context,
        request,
        (scope) => applyRoutePlan(scope, { planId: request.params.id, crewIds: request.body.crewIds, map: mapTiles }),
        { capability: "schedule.manage" },
      );
      return applied.plan;
    },
  );

  app.get(
    API_PATHS.visitBestSlots,
    {
      schema: {
        tags: ["dispatch"],
        summary: "The cheapest crews and times for a visit on a day (Pro)",
        params: idParamsSchema,
        querystring: bestSlotsQuerySchema,
        response: { 200: bestSlotsResponseSchema, ...writeErrors },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        ({ tx }) =>
          findBestSlots(tx, { visitId: request.params.id, date: request.query.date, osrmUrl: context.env.OSRM_URL }),
        { capability: "schedule.manage" },
      ),
  );
};
