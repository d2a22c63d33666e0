import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getUserDashboard } from "@fieldops/domain/dashboard/get-user-dashboard";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import { userdashResponseSchema } from "@fieldops/shared/userdash";
import type { AppContext } from "../context.ts";
import { withCompanyUser } from "../http/tenant-route.ts";

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

export const dashboardRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    API_PATHS.userdash,
    {
      schema: {
        tags: ["dashboard"],
        summary: "Today's visits by crew, late and unscheduled work (a field user's own crews' visits only)",
        response: { 200: userdashResponseSchema, ...errors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, ({ tx, user }) =>
        getUserDashboard(tx, { actor: { userId: user.id, role: user.role } }),
      ),
  );
};
