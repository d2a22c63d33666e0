import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createCustomer } from "@fieldops/domain/customers/create-customer";
import { deleteCustomer } from "@fieldops/domain/customers/delete-customer";
import { exportCustomers } from "@fieldops/domain/customers/export-customers";
import { getCustomer } from "@fieldops/domain/customers/get-customer";
import { importCustomers, previewCustomerImport } from "@fieldops/domain/customers/import-customers";
import { listCustomers } from "@fieldops/domain/customers/list-customers";
import { updateCustomer } from "@fieldops/domain/customers/update-customer";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import {
  createCustomerRequestSchema,
  customerIdParamsSchema,
  customerImportFailureSchema,
  customerImportPreviewSchema,
  customerImportRequestSchema,
  customerImportResultSchema,
  customerListResponseSchema,
  customerSchema,
  deleteCustomerQuerySchema,
  listCustomersQuerySchema,
  updateCustomerRequestSchema,
} from "@fieldops/shared/customers";
import type { AppContext } from "../context.ts";
import { withCompanyUser } from "../http/tenant-route.ts";

const readErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const writeErrors = { ...readErrors, 403: errorResponseSchema, 409: errorResponseSchema };
/** The CSV text is up to about 1 MB; JSON escaping can nearly double it. */
const IMPORT_BODY_LIMIT = 3 * 1024 * 1024;

export const customerRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    API_PATHS.customers,
    {
      schema: {
        tags: ["customers"],
        summary: "Customers by name, searched by name, phone, e-mail or address, a page at a time",
        querystring: listCustomersQuerySchema,
        response: { 200: customerListResponseSchema, ...readErrors },
      },
    },
    async (request) => withCompanyUser(context, request, ({ tx }) => listCustomers(tx, request.query)),
  );

  app.post(
    API_PATHS.customers,
    {
      schema: {
        tags: ["customers"],
        summary: "Create a customer with contacts and service properties",
        body: createCustomerRequestSchema,
        response: { 201: customerSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await withCompanyUser(
            context,
            request,
            ({ tx, user }) => createCustomer(tx, { ...request.body, companyId: user.companyId }),
            { capability: "customers.manage" },
          ),
        ),
  );

  app.get(
    API_PATHS.customer,
    {
      schema: {
        tags: ["customers"],
        summary: "A customer with contacts, properties and counts of jobs and visits",
        params: customerIdParamsSchema,
        response: { 200: customerSchema, ...readErrors },
      },
    },
    async (request) => withCompanyUser(context, request, ({ tx }) => getCustomer(tx, request.params)),
  );

  app.patch(
    API_PATHS.customer,
    {
      schema: {
        tags: ["customers"],
        summary: "Change a customer; lists given replace the stored ones",
        params: customerIdParamsSchema,
        body: updateCustomerRequestSchema,
        response: { 200: customerSchema, ...writeErrors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, ({ tx }) => updateCustomer(tx, { ...request.body, id: request.params.id }), {
        capability: "customers.manage",
      }),
  );

  app.delete(
    API_PATHS.customer,
    {
      schema: {
        tags: ["customers"],
        summary: "Delete a customer (confirm=true); deleting one already gone succeeds",
        params: customerIdParamsSchema,
        querystring: deleteCustomerQuerySchema,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await withCompanyUser(context, request, ({ tx }) => deleteCustomer(tx, request.params), {
        capability: "customers.manage",
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    API_PATHS.customersExport,
    {
      schema: {
        tags: ["customers"],
        summary: "Every customer as CSV (Growth plan and above)",
        produces: ["text/csv"],
        response: { 200: z.string(), 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const csv = await withCompanyUser(
        context,
        request,
        ({ tx, user }) => exportCustomers(tx, { companyId: user.companyId }),
        {
          capability: "customers.manage",
        },
      );
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="customers.csv"')
        .send(csv);
    },
  );

  app.post(
    API_PATHS.customersImportPreview,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ["customers"],
        summary: "Check a CSV under a column mapping: the customers it would create and every row's errors",
        body: customerImportRequestSchema,
        response: { 200: customerImportPreviewSchema, ...writeErrors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, async () => previewCustomerImport(request.body), {
        capability: "customers.manage",
      }),
  );

  app.post(
    API_PATHS.customersImport,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ["customers"],
        summary: "Create every customer of a CSV, or none when any row has an error",
        body: customerImportRequestSchema,
        response: {
          201: customerImportResultSchema,
          ...writeErrors,
          400: customerImportFailureSchema.or(errorResponseSchema),
        },
      },
    },
    async (request, reply) => {
      const outcome = await withCompanyUser(
        context,
        request,
        ({ tx, user }) => importCustomers(tx, { ...request.body, companyId: user.companyId }),
        { capability: "customers.manage" },
      );
      if (outcome.errors) {
        return reply.status(400).send({
          message: `Nothing was imported: ${outcome.errors.length} problem(s) in the file`,
          errors: outcome.errors,
        });
      }
      return reply.status(201).send({ created: outcome.created });
    },
  );
};
