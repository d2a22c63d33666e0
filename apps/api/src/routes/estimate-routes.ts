import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { convertEstimate } from "@fieldops/domain/estimates/convert-estimate";
import { createEstimate } from "@fieldops/domain/estimates/create-estimate";
import { createEstimateLink } from "@fieldops/domain/estimates/create-estimate-link";
import { declineEstimate } from "@fieldops/domain/estimates/decline-estimate";
import { getEstimate } from "@fieldops/domain/estimates/get-estimate";
import { listEstimates } from "@fieldops/domain/estimates/list-estimates";
import { sendEstimate } from "@fieldops/domain/estimates/send-estimate";
import { updateEstimate } from "@fieldops/domain/estimates/update-estimate";
import { publicLinkUrl } from "@fieldops/domain/public-links/public-link-token";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import {
  convertEstimateResponseSchema,
  createEstimateRequestSchema,
  estimateDetailSchema,
  estimateListResponseSchema,
  listEstimatesQuerySchema,
  publicLinkResponseSchema,
  sendChannelsRequestSchema,
  sendEstimateResponseSchema,
  updateEstimateRequestSchema,
} from "@fieldops/shared/estimates";
import { idParamsSchema } from "@fieldops/shared/jobs";
import { reviewEstimatePath } from "@fieldops/shared/review";
import type { AppContext } from "../context.ts";
import { appOrigin } from "../http/app-origin.ts";
import { estimateChanged } from "@fieldops/domain/estimates/estimates-events";
import { withCompanyUser } from "../http/tenant-route.ts";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const writeErrors = { ...errors, 409: errorResponseSchema };

export const estimateRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    API_PATHS.estimates,
    {
      schema: {
        tags: ["estimates"],
        summary: "Estimates, newest first, by status, customer or search",
        querystring: listEstimatesQuerySchema,
        response: { 200: estimateListResponseSchema, ...errors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, ({ tx }) => listEstimates(tx, request.query), { capability: "sales.manage" }),
  );

  app.post(
    API_PATHS.estimates,
    {
      schema: {
        tags: ["estimates"],
        summary: "Create a draft estimate with options and lines",
        body: createEstimateRequestSchema,
        response: { 201: estimateDetailSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await withCompanyUser(
          context,
          request,
          ({ tx, user }) =>
            createEstimate(tx, {
              ...request.body,
              companyId: user.companyId,
              actor: { userId: user.id, role: user.role },
            }),
          { capability: "sales.manage", publish: estimateChanged },
        ),
      ),
  );

  app.get(
    API_PATHS.estimate,
    {
      schema: {
        tags: ["estimates"],
        summary: "An estimate with its options, totals and the messages sent for it",
        params: idParamsSchema,
        response: { 200: estimateDetailSchema, ...errors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, ({ tx }) => getEstimate(tx, { estimateId: request.params.id }), {
        capability: "sales.manage",
      }),
  );

  app.patch(
    API_PATHS.estimate,
    {
      schema: {
        tags: ["estimates"],
        summary: "Edit an estimate (a sent one goes back to draft; an approved, converted or declined one is refused)",
        params: idParamsSchema,
        body: updateEstimateRequestSchema,
        response: { 200: estimateDetailSchema, ...writeErrors },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        ({ tx, user }) =>
          updateEstimate(tx, { ...request.body, estimateId: request.params.id, companyId: user.companyId }),
        {
          capability: "sales.manage",
          publish: estimateChanged,
        },
      ),
  );

  app.post(
    API_PATHS.estimateSend,
    {
      schema: {
        tags: ["estimates"],
        summary: "Send an estimate to its customer by e-mail and text message, with a new review link",
        params: idParamsSchema,
        body: sendChannelsRequestSchema,
        response: { 200: sendEstimateResponseSchema, ...writeErrors },
      },
    },
    async (request) => {
      const origin = appOrigin(context, request);
      const sent = await withCompanyUser(
        context,
        request,
        (scope) =>
          sendEstimate(scope, { ...request.body, estimateId: request.params.id, origin, requestId: request.id }),
        { capability: "sales.manage" },
      );
      return { estimate: sent.estimate, url: publicLinkUrl(origin, reviewEstimatePath(sent.estimate.id), sent.token) };
    },
  );

  app.post(
    API_PATHS.estimateLink,
    {
      schema: {
        tags: ["estimates"],
        summary: "A new review link to copy (earlier links keep working)",
        params: idParamsSchema,
        response: { 201: publicLinkResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const origin = appOrigin(context, request);
      const token = await withCompanyUser(
        context,
        request,
        ({ tx, user }) =>
          createEstimateLink(tx, { estimateId: request.params.id, companyId: user.companyId, userId: user.id }),
        {
          capability: "sales.manage",
        },
      );
      return reply.status(201).send({ url: publicLinkUrl(origin, reviewEstimatePath(request.params.id), token) });
    },
  );

  app.post(
    API_PATHS.estimateDecline,
    {
      schema: {
        tags: ["estimates"],
        summary: "Mark an estimate declined",
        params: idParamsSchema,
        response: { 200: estimateDetailSchema, ...writeErrors },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        ({ tx }) => declineEstimate(tx, { estimateId: request.params.id, byCustomer: false }),
        { capability: "sales.manage", publish: estimateChanged },
      ),
  );

  app.post(
    API_PATHS.estimateConvert,
    {
      schema: {
        tags: ["estimates"],
        summary:
          "Turn an approved estimate into a job with the chosen option's lines (once: again answers with the same job)",
        params: idParamsSchema,
        response: { 200: convertEstimateResponseSchema, ...writeErrors },
      },
    },
    async (request) => {
      const converted = await withCompanyUser(
        context,
        request,
        (scope) => convertEstimate(scope, { estimateId: request.params.id }),
        { capability: "sales.manage" },
      );
      return { estimate: converted.estimate, jobId: converted.jobId };
    },
  );
};
