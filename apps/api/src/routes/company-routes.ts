import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listActivity } from "@fieldops/domain/activity/list-activity";
import { findCompany } from "@fieldops/domain/companies/find-company";
import { notFound } from "@fieldops/domain/errors";
import { companyEndpoints } from "@fieldops/shared/company";
import { activityEndpoints } from "@fieldops/shared/events";
import type { AppContext } from "../context.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

export const companyRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, companyEndpoints.get, async (scope) => {
    const company = await findCompany(scope);
    if (!company) throw notFound("Company not found");
    return company;
  });

  tenantEndpoint(app, context, activityEndpoints.list, async ({ tx }, { query }) => ({
    items: await listActivity(tx, { limit: query.limit }),
  }));
};
