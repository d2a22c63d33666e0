import { INTEGRATIONS_SETTINGS_PATH } from "@fieldops/shared/app-paths";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DomainError } from "@fieldops/domain/errors";
import {
  completeIntegrationConnection,
  type InTenant,
} from "@fieldops/domain/integrations/complete-integration-connection";
import { assertCompanyWritable } from "@fieldops/domain/plans/assert-company-writable";
import { disconnectIntegration } from "@fieldops/domain/integrations/disconnect-integration";
import { listIntegrations } from "@fieldops/domain/integrations/list-integrations";
import { providerSettings } from "@fieldops/domain/integrations/provider-settings";
import { startIntegrationConnection } from "@fieldops/domain/integrations/start-integration-connection";
import { integrationsEncryptionKey } from "@fieldops/domain/integrations/token-encryption";
import { getCommunicationSettings } from "@fieldops/domain/settings/get-communication-settings";
import { getPaymentSettings } from "@fieldops/domain/settings/get-payment-settings";
import { updateCommunicationSettings } from "@fieldops/domain/settings/update-communication-settings";
import { updatePaymentSettings } from "@fieldops/domain/settings/update-payment-settings";
import { updateBankDebits } from "@fieldops/domain/settings/update-bank-debits";
import {
  integrationEndpoints,
  type IntegrationCallbackResult,
  type IntegrationProvider,
} from "@fieldops/shared/integrations";
import type { AppContext } from "../context.ts";
import { appOrigin } from "../http/app-origin.ts";
import { registerEndpoint, tenantEndpoint } from "../http/endpoint-route.ts";
import { withCompanyUser } from "../http/tenant-route.ts";

function callbackRedirect(provider: IntegrationProvider, result: IntegrationCallbackResult): string {
  return `${INTEGRATIONS_SETTINGS_PATH}?${new URLSearchParams({ provider, result }).toString()}`;
}

export const integrationRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const key = integrationsEncryptionKey(context.env, (message) => app.log.warn(message));

  tenantEndpoint(app, context, integrationEndpoints.list, (scope) => listIntegrations(scope, { env: context.env }));

  tenantEndpoint(app, context, integrationEndpoints.connect, (scope, { params }, request) =>
    startIntegrationConnection(scope, {
      settings: providerSettings(context.env, params.provider),
      appOrigin: appOrigin(context, request),
      key,
    }),
  );

  // The browser arrives from the provider: every outcome, a refusal too, is a redirect to the settings page.
  registerEndpoint(
    app,
    integrationEndpoints.callback,
    async ({ params, query }, request) => {
      const { provider } = params;
      let result: IntegrationCallbackResult;
      try {
        // Each of the use case's transactions (around the token exchange) runs in the user's company scope.
        const inCompany: InTenant = (work) =>
          withCompanyUser(context, request, work, { capability: "integrations.manage" });
        // A change to the company's data, though the browser arrives with a GET: refused once a trial has lapsed.
        await inCompany(({ tx }) => assertCompanyWritable(tx));
        result = await completeIntegrationConnection(inCompany, {
          settings: providerSettings(context.env, provider),
          query,
          key,
        });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        result =
          error.kind === "forbidden" || error.kind === "plan_limit" || error.kind === "payment_required"
            ? "not_allowed"
            : "invalid_state";
      }
      return callbackRedirect(provider, result);
    },
    { send: (reply, location) => reply.redirect(location, 302) },
  );

  tenantEndpoint(app, context, integrationEndpoints.disconnect, async (scope, { params }) => {
    const { provider } = params;
    await disconnectIntegration(scope, {
      provider,
      settings: providerSettings(context.env, provider),
      key: integrationsEncryptionKey(context.env),
    });
    return null;
  });

  tenantEndpoint(app, context, integrationEndpoints.paymentSettings, (scope) =>
    getPaymentSettings(scope, { env: context.env }),
  );

  tenantEndpoint(app, context, integrationEndpoints.updatePaymentSettings, (scope, { body }) =>
    updatePaymentSettings(scope, { ...body, env: context.env }),
  );

  tenantEndpoint(app, context, integrationEndpoints.updateBankDebits, (scope, { body }) =>
    updateBankDebits(scope, { ...body, env: context.env }),
  );

  tenantEndpoint(app, context, integrationEndpoints.communicationSettings, (scope) =>
    getCommunicationSettings(scope, { env: context.env }),
  );

  tenantEndpoint(app, context, integrationEndpoints.updateCommunicationSettings, (scope, { body }) =>
    updateCommunicationSettings(scope, { ...body, env: context.env }),
  );
};
