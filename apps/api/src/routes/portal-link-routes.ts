import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendCustomerLinkTask } from "@fieldops/domain/notifications/send-customer-link.task";
import { getPortalLinkStatus, revokePortalLink, rotatePortalLink } from "@fieldops/domain/portal/portal-link";
import { publicLinkUrl } from "@fieldops/domain/public-links/public-link-token";
import { portalLinkEndpoints, reviewPortalPath } from "@fieldops/shared/review";
import type { AppContext } from "../context.ts";
import { appOrigin } from "../http/app-origin.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

/** The office's side of a customer's portal link: whether it is live, make a new one (and send it), revoke it. */
export const portalLinkRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, portalLinkEndpoints.get, ({ tx }, { params }) => getPortalLinkStatus(tx, params.id));

  tenantEndpoint(app, context, portalLinkEndpoints.create, async ({ tx, user }, { params }, request) => {
    const origin = appOrigin(context, request);
    const token = await rotatePortalLink(tx, { customerId: params.id, companyId: user.companyId, userId: user.id });
    return { url: publicLinkUrl(origin, reviewPortalPath(params.id), token) };
  });

  tenantEndpoint(app, context, portalLinkEndpoints.send, async (scope, { params, body }, request) => {
    const origin = appOrigin(context, request);
    const token = await rotatePortalLink(scope.tx, {
      customerId: params.id,
      companyId: scope.companyId,
      userId: scope.actor.userId,
      send: body,
    });
    const sendId = randomUUID();
    scope.enqueue(
      sendCustomerLinkTask,
      {
        companyId: scope.companyId,
        kind: "customer_portal",
        subjectId: params.id,
        token,
        origin,
        email: body.email,
        sms: body.sms,
        sendId,
        requestId: scope.requestId,
      },
      `${params.id}_${sendId}`,
    );
    return { url: publicLinkUrl(origin, reviewPortalPath(params.id), token) };
  });

  tenantEndpoint(app, context, portalLinkEndpoints.revoke, async ({ tx }, { params }) => {
    await revokePortalLink(tx, params.id);
    return null;
  });
};
