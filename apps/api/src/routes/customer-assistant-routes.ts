import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { customerAssistantEndpoints } from "@fieldops/shared/customer-assistant";
import {
  getCustomerAssistantSettings,
  updateCustomerAssistantSettings,
} from "@fieldops/domain/customer-assistant/customer-assistant-settings";
import { decideAssistantAction } from "@fieldops/domain/customer-assistant/decide-assistant-action";
import { setThreadAssistant } from "@fieldops/domain/customer-assistant/thread-assistant";
import type { AppContext } from "../context.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

/**
 * The assistant that answers customers: its settings (Settings → Communications), taking a conversation over or handing
 * it back, and the office's decision on what it waits to do.
 */
export const customerAssistantRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, customerAssistantEndpoints.settings, (scope) => getCustomerAssistantSettings(scope));
  tenantEndpoint(app, context, customerAssistantEndpoints.updateSettings, (scope, { body }) =>
    updateCustomerAssistantSettings(scope, body),
  );
  tenantEndpoint(app, context, customerAssistantEndpoints.setThreadAssistant, (scope, { params, body }) =>
    setThreadAssistant(scope, { id: params.id, active: body.active }),
  );
  tenantEndpoint(app, context, customerAssistantEndpoints.decideAction, (scope, { params, body }) =>
    decideAssistantAction(scope, { id: params.id, ...body }),
  );
};
