import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { convertLeadToEstimate } from "@fieldops/domain/leads/convert-lead-to-estimate";
import { createLead } from "@fieldops/domain/leads/create-lead";
import { listLeads } from "@fieldops/domain/leads/list-leads";
import { updateLead } from "@fieldops/domain/leads/update-lead";
import { leadEndpoints } from "@fieldops/shared/leads";
import type { AppContext } from "../context.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

export const leadRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, leadEndpoints.list, ({ tx }, { query }) => listLeads(tx, query));
  tenantEndpoint(app, context, leadEndpoints.create, (scope, { body }) => createLead(scope, body, context));
  tenantEndpoint(app, context, leadEndpoints.update, (scope, { params, body }) =>
    updateLead(scope, { ...body, leadId: params.id }, context),
  );
  tenantEndpoint(app, context, leadEndpoints.createEstimate, (scope, { params }) =>
    convertLeadToEstimate(scope, { leadId: params.id }, context),
  );
};
