import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { can } from "@fieldops/shared/permissions";
import { webhookEndpoints } from "@fieldops/shared/webhooks";
import { forbidden } from "@fieldops/domain/errors";
import { integrationsEncryptionKey } from "@fieldops/domain/integrations/token-encryption";
import {
  createWebhookSubscription,
  deleteWebhookSubscription,
  listWebhookDeliveries,
  listWebhookSubscriptions,
  replayWebhookDelivery,
  setWebhookSubscriptionEnabled,
  type WebhookSettings,
} from "@fieldops/domain/webhooks/manage-webhook-subscriptions";
import { carriesApiKey } from "../auth/api-key-auth.ts";
import type { AppContext } from "../context.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

/**
 * Settings → Webhooks (owners; no key reaches these), and the REST hooks a Zapier app calls with an API key of the
 * `hooks:write` scope. An owner signed in may call the REST hooks too; a member or field user may not.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const settings: WebhookSettings = {
    allowPrivateUrls: context.env.WEBHOOK_ALLOW_PRIVATE_URLS,
    encryptionKey: integrationsEncryptionKey(context.env),
  };
  tenantEndpoint(app, context, webhookEndpoints.list, (scope) => listWebhookSubscriptions(scope));
  tenantEndpoint(app, context, webhookEndpoints.create, (scope, { body }) =>
    createWebhookSubscription(scope, body, settings),
  );
  tenantEndpoint(app, context, webhookEndpoints.update, (scope, { params, body }) =>
    setWebhookSubscriptionEnabled(scope, { id: params.id, enabled: body.enabled }),
  );
  tenantEndpoint(app, context, webhookEndpoints.remove, (scope, { params }) =>
    deleteWebhookSubscription(scope, params),
  );
  tenantEndpoint(app, context, webhookEndpoints.deliveries, (scope, { params }) =>
    listWebhookDeliveries(scope, params),
  );
  tenantEndpoint(app, context, webhookEndpoints.replay, (scope, { params }) => replayWebhookDelivery(scope, params));

  tenantEndpoint(app, context, webhookEndpoints.subscribeHook, async (scope, { body }, request) => {
    if (!carriesApiKey(request) && !can(scope.actor, "settings.manage")) throw forbidden();
    const created = await createWebhookSubscription(
      scope,
      { url: body.target_url, events: [body.event], source: "rest_hook" },
      settings,
    );
    return { id: created.id };
  });
  tenantEndpoint(app, context, webhookEndpoints.unsubscribeHook, (scope, { params }, request) => {
    if (!carriesApiKey(request) && !can(scope.actor, "settings.manage")) throw forbidden();
    return deleteWebhookSubscription(scope, params);
  });
};
