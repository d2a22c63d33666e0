import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createCustomer } from "@fieldops/domain/customers/create-customer";
import { deleteCustomer } from "@fieldops/domain/customers/delete-customer";
import { exportCustomers } from "@fieldops/domain/customers/export-customers";
import { viewCustomer } from "@fieldops/domain/customers/get-customer";
import { getCustomerImport } from "@fieldops/domain/customers/get-customer-import";
import { importCustomers, previewCustomerImport } from "@fieldops/domain/customers/import-customers";
import { listCustomerMessages } from "@fieldops/domain/customers/list-customer-messages";
import { listCustomerVisits } from "@fieldops/domain/customers/list-customer-visits";
import { listCustomers } from "@fieldops/domain/customers/list-customers";
import { updateCustomer } from "@fieldops/domain/customers/update-customer";
import { customerEndpoints } from "@fieldops/shared/customers";
import type { AppContext } from "../context.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

/** The CSV text is up to about 1 MB; JSON escaping can nearly double it. */
const IMPORT_BODY_LIMIT = 3 * 1024 * 1024;

export const customerRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, customerEndpoints.list, ({ tx }, { query }) => listCustomers(tx, query));
  tenantEndpoint(app, context, customerEndpoints.create, (scope, { body }) => createCustomer(scope, body, context));
  tenantEndpoint(app, context, customerEndpoints.get, (scope, { params }) => viewCustomer(scope, params));
  tenantEndpoint(app, context, customerEndpoints.visits, ({ tx }, { params, query }) =>
    listCustomerVisits(tx, { ...query, customerId: params.id }),
  );
  tenantEndpoint(app, context, customerEndpoints.messages, ({ tx }, { params, query }) =>
    listCustomerMessages(tx, { ...query, customerId: params.id }),
  );
  tenantEndpoint(app, context, customerEndpoints.update, (scope, { params, body }) =>
    updateCustomer(scope.tx, { ...body, id: params.id }, { geocoder: context.geocoder, scope }),
  );
  tenantEndpoint(app, context, customerEndpoints.delete, async ({ tx }, { params }) => {
    await deleteCustomer(tx, params);
    return null;
  });
  tenantEndpoint(app, context, customerEndpoints.export, async (scope) => (await exportCustomers(scope)).csv, {
    send: (reply, csv) =>
      reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="customers.csv"')
        .send(csv),
  });
  tenantEndpoint(app, context, customerEndpoints.previewImport, ({ tx }, { body }) => previewCustomerImport(tx, body), {
    bodyLimit: IMPORT_BODY_LIMIT,
  });
  tenantEndpoint(app, context, customerEndpoints.import, (scope, { body }) => importCustomers(scope, body), {
    bodyLimit: IMPORT_BODY_LIMIT,
    send: (reply, outcome) =>
      outcome.errors
        ? reply.status(400).send({
            message: `Nothing was imported: ${outcome.errors.length} problem(s) in the file`,
            errors: outcome.errors,
          })
        : reply.status(201).send(outcome.customerImport),
  });
  tenantEndpoint(app, context, customerEndpoints.getImport, ({ tx }, { params }) => getCustomerImport(tx, params));
};
