import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getSchedule } from "@fieldops/domain/schedule/get-schedule";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import { scheduleQuerySchema, scheduleResponseSchema } from "@fieldops/shared/schedule";
import type { AppContext } from "../context.ts";
import { withCompanyUser } from "../http/tenant-route.ts";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export const scheduleRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    API_PATHS.schedule,
    {
      schema: {
        tags: ["schedule"],
        summary: "The dispatch board of a day or a week (at most 7 days): crews, their visits and the unassigned queue",
        querystring: scheduleQuerySchema,
        response: { 200: scheduleResponseSchema, ...errors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, ({ tx }) => getSchedule(tx, request.query), { capability: "schedule.manage" }),
  );
};
