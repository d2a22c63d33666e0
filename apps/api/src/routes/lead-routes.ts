import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { estimatesChanged } from "@fieldops/domain/estimates/estimates-events";
import { convertLeadToEstimate } from "@fieldops/domain/leads/convert-lead-to-estimate";
import { createLead } from "@fieldops/domain/leads/create-lead";
import { leadsChanged } from "@fieldops/domain/leads/leads-events";
import { listLeads } from "@fieldops/domain/leads/list-leads";
import { updateLead } from "@fieldops/domain/leads/update-lead";
import { leadEndpoints } from "@fieldops/shared/leads";
import type { AppContext } from "../context.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

const announceLead = { publish: (lead: { id: string }) => leadsChanged([lead.id]) };

export const leadRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, leadEndpoints.list, ({ tx }, { query }) => listLeads(tx, query));
  tenantEndpoint(
    app,
    context,
    leadEndpoints.create,
    ({ tx, companyId }, { body }) => createLead(tx, { ...body, companyId }),
    announceLead,
  );
  tenantEndpoint(
    app,
    context,
    leadEndpoints.update,
    ({ tx }, { params, body }) => updateLead(tx, { ...body, leadId: params.id }),
    announceLead,
  );
  tenantEndpoint(app, context, leadEndpoints.createEstimate, async (scope, { params }) => {
    const { user } = scope;
    const estimate = await convertLeadToEstimate(scope.tx, {
      leadId: params.id,
      companyId: user.companyId,
      actor: { userId: user.id, role: user.role },
    });
    scope.emit([...estimatesChanged([estimate.id]), ...leadsChanged([params.id])]);
    return estimate;
  });
};
