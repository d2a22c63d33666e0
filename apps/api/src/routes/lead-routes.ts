import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { convertLeadToEstimate } from "@fieldops/domain/leads/convert-lead-to-estimate";
import { createLead } from "@fieldops/domain/leads/create-lead";
import { listLeads } from "@fieldops/domain/leads/list-leads";
import { updateLead } from "@fieldops/domain/leads/update-lead";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import { estimateDetailSchema } from "@fieldops/shared/estimates";
import { idParamsSchema } from "@fieldops/shared/jobs";
import {
  createLeadRequestSchema,
  leadListResponseSchema,
  leadSchema,
  listLeadsQuerySchema,
  updateLeadRequestSchema,
} from "@fieldops/shared/leads";
import type { AppContext } from "../context.ts";
import { estimatesChanged } from "@fieldops/domain/estimates/estimates-events";
import { leadsChanged } from "@fieldops/domain/leads/leads-events";
import { withCompanyUser } from "../http/tenant-route.ts";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const writeErrors = { ...errors, 409: errorResponseSchema };

export const leadRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    API_PATHS.leads,
    {
      schema: {
        tags: ["leads"],
        summary: "Leads, newest first, by status or customer",
        querystring: listLeadsQuerySchema,
        response: { 200: leadListResponseSchema, ...errors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, ({ tx }) => listLeads(tx, request.query), { capability: "sales.manage" }),
  );

  app.post(
    API_PATHS.leads,
    {
      schema: {
        tags: ["leads"],
        summary: "Record a lead: a prospect's or a customer's request",
        body: createLeadRequestSchema,
        response: { 201: leadSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await withCompanyUser(
          context,
          request,
          ({ tx, user }) => createLead(tx, { ...request.body, companyId: user.companyId }),
          {
            capability: "sales.manage",
            publish: (lead) => leadsChanged([lead.id]),
          },
        ),
      ),
  );

  app.patch(
    API_PATHS.lead,
    {
      schema: {
        tags: ["leads"],
        summary: "Edit a lead, mark it lost or reopen it",
        params: idParamsSchema,
        body: updateLeadRequestSchema,
        response: { 200: leadSchema, ...writeErrors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, ({ tx }) => updateLead(tx, { ...request.body, leadId: request.params.id }), {
        capability: "sales.manage",
        publish: (lead) => leadsChanged([lead.id]),
      }),
  );

  app.post(
    API_PATHS.leadEstimate,
    {
      schema: {
        tags: ["leads"],
        summary: "Make the lead's draft estimate (and its customer, for a prospect)",
        params: idParamsSchema,
        response: { 201: estimateDetailSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await withCompanyUser(
          context,
          request,
          ({ tx, user }) =>
            convertLeadToEstimate(tx, {
              leadId: request.params.id,
              companyId: user.companyId,
              actor: { userId: user.id, role: user.role },
            }),
          {
            capability: "sales.manage",
            publish: (estimate) => [...estimatesChanged([estimate.id]), ...leadsChanged([request.params.id])],
          },
        ),
      ),
  );
};
