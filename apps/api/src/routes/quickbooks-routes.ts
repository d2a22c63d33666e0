import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getQuickBooksOverview } from "@fieldops/domain/quickbooks/quickbooks-overview";
import { listQuickBooksOptions, saveQuickBooksSettings } from "@fieldops/domain/quickbooks/quickbooks-settings";
import { getQuickBooksSyncState } from "@fieldops/domain/quickbooks/quickbooks-sync-state";
import { retryQuickBooksSync } from "@fieldops/domain/quickbooks/retry-quickbooks-sync";
import { quickBooksEndpoints } from "@fieldops/shared/quickbooks";
import type { AppContext } from "../context.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

export const quickBooksRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, quickBooksEndpoints.syncState, ({ tx }, { params }) =>
    getQuickBooksSyncState(tx, params),
  );
  tenantEndpoint(app, context, quickBooksEndpoints.retry, (scope, { params }) => retryQuickBooksSync(scope, params));
  tenantEndpoint(app, context, quickBooksEndpoints.overview, ({ tx }) => getQuickBooksOverview(tx));
  tenantEndpoint(app, context, quickBooksEndpoints.options, ({ companyId }) =>
    listQuickBooksOptions(context.db, companyId, context.env),
  );
  tenantEndpoint(app, context, quickBooksEndpoints.saveSettings, (scope, { body }) =>
    saveQuickBooksSettings(scope, body),
  );
};
