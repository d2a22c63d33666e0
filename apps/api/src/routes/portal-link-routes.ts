import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendCustomerLinkTask } from "@fieldops/domain/notifications/send-customer-link.task";
import { getPortalLinkStatus, revokePortalLink, rotatePortalLink } from "@fieldops/domain/portal/portal-link";
import { publicLinkUrl } from "@fieldops/domain/public-links/public-link-token";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import { sendChannelsRequestSchema, publicLinkResponseSchema } from "@fieldops/shared/estimates";
import { idParamsSchema } from "@fieldops/shared/jobs";
import { portalLinkStatusSchema, reviewPortalPath } from "@fieldops/shared/review";
import type { AppContext } from "../context.ts";
import { appOrigin } from "../http/app-origin.ts";
import { withCompanyUser } from "../http/tenant-route.ts";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** The office's side of a customer's portal link: whether it is live, make a new one (and send it), revoke it. */
export const portalLinkRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    API_PATHS.customerPortalLink,
    {
      schema: {
        tags: ["portal"],
        summary: "Whether the customer has a live portal link",
        params: idParamsSchema,
        response: { 200: portalLinkStatusSchema, ...errors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, ({ tx }) => getPortalLinkStatus(tx, request.params.id), {
        capability: "sales.manage",
      }),
  );

  app.post(
    API_PATHS.customerPortalLink,
    {
      schema: {
        tags: ["portal"],
        summary: "A new portal link for the customer (the one before stops working); Growth plan and above",
        params: idParamsSchema,
        response: { 201: publicLinkResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const origin = appOrigin(context, request);
      const token = await withCompanyUser(
        context,
        request,
        ({ tx, user }) =>
          rotatePortalLink(tx, { customerId: request.params.id, companyId: user.companyId, userId: user.id }),
        {
          capability: "sales.manage",
        },
      );
      return reply.status(201).send({ url: publicLinkUrl(origin, reviewPortalPath(request.params.id), token) });
    },
  );

  app.post(
    API_PATHS.customerPortalLinkSend,
    {
      schema: {
        tags: ["portal"],
        summary: "Send the customer a new portal link by e-mail and text message (the one before stops working)",
        params: idParamsSchema,
        body: sendChannelsRequestSchema,
        response: { 201: publicLinkResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const origin = appOrigin(context, request);
      const token = await withCompanyUser(
        context,
        request,
        async (scope) => {
          const token = await rotatePortalLink(scope.tx, {
            customerId: request.params.id,
            companyId: scope.companyId,
            userId: scope.actor.userId,
            send: request.body,
          });
          const sendId = randomUUID();
          scope.enqueue(
            sendCustomerLinkTask,
            {
              companyId: scope.companyId,
              kind: "customer_portal",
              subjectId: request.params.id,
              token,
              origin,
              email: request.body.email,
              sms: request.body.sms,
              sendId,
              requestId: scope.requestId,
            },
            `${request.params.id}_${sendId}`,
          );
          return token;
        },
        { capability: "sales.manage" },
      );
      return reply.status(201).send({ url: publicLinkUrl(origin, reviewPortalPath(request.params.id), token) });
    },
  );

  app.delete(
    API_PATHS.customerPortalLink,
    {
      schema: {
        tags: ["portal"],
        summary: "Revoke the customer's portal link",
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await withCompanyUser(context, request, ({ tx }) => revokePortalLink(tx, request.params.id), {
        capability: "sales.manage",
      });
      return reply.status(204).send(null);
    },
  );
};
