import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema } from "#shared/auth";
import { companySchema } from "#shared/company";
import { activityListResponseSchema } from "#shared/events";
import { toActivity } from "../../../../packages/activity/src/to-activity.ts";
import { withTenant } from "../../../../packages/db/src/client.ts";
import { findCompany } from "../companies/find-company.ts";
import type { AppContext } from "../context.ts";
import { notFound } from "../http/http-error.ts";

const tenantErrors = { 401: errorResponseSchema, 404: errorResponseSchema };

export const companyRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { db } = context;

  app.get(
    "/api/company",
    { schema: { tags: ["company"], summary: "The signed-in user's company", response: { 200: companySchema, ...tenantErrors } } },
    async (request) => {
      const { companyId } = await context.requireCompanyUser(request);
      const company = await withTenant(db, companyId, (tx) => findCompany(tx, companyId));
      if (!company) throw notFound("Company not found");
      return company;
    },
  );

  app.get(
    "/api/activity",
    {
      schema: {
        tags: ["company"],
        summary: "The company's recent activity, newest first",
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: activityListResponseSchema, ...tenantErrors },
      },
    },
    async (request) => {
      const { companyId } = await context.requireCompanyUser(request);
      const entries = await withTenant(db, companyId, (tx) =>
        tx.auditLog.findMany({ where: { companyId }, orderBy: { createdAt: "desc" }, take: request.query.limit }),
      );
      return { items: entries.map(toActivity) };
    },
  );
};
