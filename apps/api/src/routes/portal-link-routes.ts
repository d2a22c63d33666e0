import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  getPortalLinkStatus,
  revokePortalLink,
  rotatePortalLink,
  sendPortalLink,
} from "@fieldops/domain/portal/portal-link";
import { publicLinkUrl } from "@fieldops/domain/public-links/public-link-token";
import { portalLinkEndpoints, reviewPortalPath } from "@fieldops/shared/review";
import type { AppContext } from "../context.ts";
import { appOrigin } from "../http/app-origin.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

/** The office's side of a customer's portal link: whether it is live, make a new one (and send it), revoke it. */
export const portalLinkRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, portalLinkEndpoints.get, ({ tx }, { params }) => getPortalLinkStatus(tx, params.id));

  tenantEndpoint(app, context, portalLinkEndpoints.create, async (scope, { params }, request) => {
    const origin = appOrigin(context, request);
    const token = await rotatePortalLink(scope, { customerId: params.id });
    return { url: publicLinkUrl(origin, reviewPortalPath(params.id), token) };
  });

  tenantEndpoint(app, context, portalLinkEndpoints.send, async (scope, { params, body }, request) => {
    const origin = appOrigin(context, request);
    const token = await sendPortalLink(scope, { ...body, customerId: params.id, origin });
    return { url: publicLinkUrl(origin, reviewPortalPath(params.id), token) };
  });

  tenantEndpoint(app, context, portalLinkEndpoints.revoke, async ({ tx }, { params }) => {
    await revokePortalLink(tx, params.id);
    return null;
  });
};
