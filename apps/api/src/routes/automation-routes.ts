import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { automationEndpoints, automationTestClockEndpoint } from "@fieldops/shared/automations";
import {
  createAutomation,
  deleteAutomation,
  getAutomation,
  listAutomationRuns,
  listAutomations,
  setAutomationEnabled,
  updateAutomation,
} from "@fieldops/domain/automations/manage-automations";
import { fireDueAutomationRuns } from "@fieldops/domain/automations/plan-automation-runs";
import type { AppContext } from "../context.ts";
import { appOrigin } from "../http/app-origin.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

/** Automations (`/automations`): everyone in the office reads them; owners and administrators change them. */
export const automationRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, automationEndpoints.list, (scope) => listAutomations(scope));
  tenantEndpoint(app, context, automationEndpoints.get, (scope, { params }) => getAutomation(scope, params));
  tenantEndpoint(app, context, automationEndpoints.runs, (scope, { params }) => listAutomationRuns(scope, params));
  tenantEndpoint(app, context, automationEndpoints.create, (scope, { body }, request) =>
    createAutomation(scope, { ...body, appOrigin: appOrigin(context, request) }),
  );
  tenantEndpoint(app, context, automationEndpoints.update, (scope, { params, body }, request) =>
    updateAutomation(scope, { ...body, id: params.id, appOrigin: appOrigin(context, request) }),
  );
  tenantEndpoint(app, context, automationEndpoints.setEnabled, (scope, { params, body }) =>
    setAutomationEnabled(scope, { id: params.id, enabled: body.enabled }),
  );
  tenantEndpoint(app, context, automationEndpoints.remove, (scope, { params }) => deleteAutomation(scope, params));
  if (context.env.AUTOMATION_TEST_CLOCK)
    tenantEndpoint(app, context, automationTestClockEndpoint, async (scope, { body }) => ({
      fired: await fireDueAutomationRuns(scope, { until: new Date(Date.now() + body.minutes * 60_000) }),
    }));
};
