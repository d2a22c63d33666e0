import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listActivity } from "@fieldops/domain/activity/list-activity";
import { findCompany } from "@fieldops/domain/companies/find-company";
import { notFound } from "@fieldops/domain/errors";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import { companySchema } from "@fieldops/shared/company";
import { activityListResponseSchema } from "@fieldops/shared/events";
import type { AppContext } from "../context.ts";
import { withCompanyUser } from "../http/tenant-route.ts";

const tenantErrors = { 401: errorResponseSchema, 404: errorResponseSchema };

export const companyRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    API_PATHS.company,
    {
      schema: {
        tags: ["company"],
        summary: "The signed-in user's company",
        response: { 200: companySchema, ...tenantErrors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, async ({ tx, user }) => {
        const company = await findCompany(tx, user.companyId);
        if (!company) throw notFound("Company not found");
        return company;
      }),
  );

  app.get(
    API_PATHS.activity,
    {
      schema: {
        tags: ["company"],
        summary: "The company's recent activity, newest first",
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: activityListResponseSchema, ...tenantErrors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, async ({ tx }) => ({
        items: await listActivity(tx, { limit: request.query.limit }),
      })),
  );
};
