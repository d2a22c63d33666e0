import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { withTenant } from "@fieldops/db";
import { DomainError, forbidden } from "@fieldops/domain/errors";
import { completeIntegrationConnection } from "@fieldops/domain/integrations/complete-integration-connection";
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
import { can } from "@fieldops/shared/permissions";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import {
  communicationSettingsResponseSchema,
  communicationSettingsSchema,
  INTEGRATIONS_SETTINGS_PATH,
  integrationCallbackQuerySchema,
  integrationListResponseSchema,
  integrationProviderParamsSchema,
  paymentSettingsResponseSchema,
  paymentSettingsSchema,
  startIntegrationResponseSchema,
  type IntegrationCallbackResult,
  type IntegrationProvider,
} from "@fieldops/shared/integrations";
import type { AppContext } from "../context.ts";
import { withCompanyUser } from "../http/tenant-route.ts";
import { appOrigin } from "../http/app-origin.ts";

const readErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const writeErrors = { ...readErrors, 409: errorResponseSchema, 503: errorResponseSchema };
const tags = ["integrations"];

function callbackRedirect(provider: IntegrationProvider, result: IntegrationCallbackResult): string {
  return `${INTEGRATIONS_SETTINGS_PATH}?${new URLSearchParams({ provider, result }).toString()}`;
}

export const integrationRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const key = integrationsEncryptionKey(context.env, (message) => app.log.warn(message));

  app.get(
    API_PATHS.integrations,
    {
      schema: {
        tags,
        summary: "QuickBooks, Stripe and Twilio: what each does and whether it is connected",
        response: { 200: integrationListResponseSchema, ...readErrors },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        ({ tx, user }) => listIntegrations(tx, { companyId: user.companyId, role: user.role, env: context.env }),
        {
          capability: "integrations.read",
        },
      ),
  );

  app.post(
    API_PATHS.integrationConnect,
    {
      schema: {
        tags,
        summary: "Start connecting an integration: answers the authorization URL to send the browser to",
        params: integrationProviderParamsSchema,
        response: { 200: startIntegrationResponseSchema, ...writeErrors },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        ({ tx, user }) =>
          startIntegrationConnection(tx, {
            companyId: user.companyId,
            userId: user.id,
            settings: providerSettings(context.env, request.params.provider),
            appOrigin: appOrigin(context, request),
            key,
          }),
        { capability: "integrations.manage" },
      ),
  );

  app.get(
    API_PATHS.integrationCallback,
    {
      schema: {
        tags,
        summary: "Where the provider sends the browser back; redirects to the integrations settings with the result",
        params: integrationProviderParamsSchema,
        querystring: integrationCallbackQuerySchema,
        response: { 302: z.null(), ...readErrors },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      let result: IntegrationCallbackResult;
      try {
        const user = await context.requireCompanyUser(request);
        if (!can(user, "integrations.manage")) throw forbidden();
        await withTenant(context.db, user.companyId, (tx) => assertCompanyWritable(tx));
        result = await completeIntegrationConnection((work) => withTenant(context.db, user.companyId, work), {
          companyId: user.companyId,
          userId: user.id,
          settings: providerSettings(context.env, provider),
          query: request.query,
          key,
        });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        result =
          error.kind === "forbidden" || error.kind === "plan_limit" || error.kind === "payment_required"
            ? "not_allowed"
            : "invalid_state";
      }
      return reply.redirect(callbackRedirect(provider, result), 302);
    },
  );

  app.delete(
    API_PATHS.integration,
    {
      schema: {
        tags,
        summary:
          "Disconnect an integration and delete its stored tokens; disconnecting one that is not connected succeeds",
        params: integrationProviderParamsSchema,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      await withCompanyUser(
        context,
        request,
        ({ tx, user }) =>
          disconnectIntegration(tx, {
            provider,
            companyId: user.companyId,
            actor: { id: user.id, name: user.name },
            settings: providerSettings(context.env, provider),
            key: integrationsEncryptionKey(context.env),
          }),
        { capability: "integrations.manage" },
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    API_PATHS.paymentSettings,
    {
      schema: {
        tags: ["settings"],
        summary: "Accepted payment methods, default terms and Stripe's status",
        response: { 200: paymentSettingsResponseSchema, ...readErrors },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        ({ tx, user }) => getPaymentSettings(tx, { companyId: user.companyId, role: user.role, env: context.env }),
        {
          capability: "integrations.read",
        },
      ),
  );

  app.put(
    API_PATHS.paymentSettings,
    {
      schema: {
        tags: ["settings"],
        summary: "Change the accepted payment methods and default terms",
        body: paymentSettingsSchema,
        response: { 200: paymentSettingsResponseSchema, ...writeErrors },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        ({ tx, user }) =>
          updatePaymentSettings(tx, { ...request.body, companyId: user.companyId, role: user.role, env: context.env }),
        { capability: "integrations.manage" },
      ),
  );

  app.get(
    API_PATHS.communicationSettings,
    {
      schema: {
        tags: ["settings"],
        summary: "The e-mail sender and Twilio's status for SMS",
        response: { 200: communicationSettingsResponseSchema, ...readErrors },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        ({ tx, user }) =>
          getCommunicationSettings(tx, { companyId: user.companyId, role: user.role, env: context.env }),
        {
          capability: "integrations.read",
        },
      ),
  );

  app.put(
    API_PATHS.communicationSettings,
    {
      schema: {
        tags: ["settings"],
        summary: "Change the e-mail sender name and reply-to address",
        body: communicationSettingsSchema,
        response: { 200: communicationSettingsResponseSchema, ...writeErrors },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        ({ tx, user }) =>
          updateCommunicationSettings(tx, {
            ...request.body,
            companyId: user.companyId,
            role: user.role,
            env: context.env,
          }),
        { capability: "integrations.manage" },
      ),
  );
};
