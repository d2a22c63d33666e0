import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createCustomer } from "@fieldops/domain/customers/create-customer";
import { deleteCustomer } from "@fieldops/domain/customers/delete-customer";
import { getCustomer } from "@fieldops/domain/customers/get-customer";
import { listCustomers } from "@fieldops/domain/customers/list-customers";
import { updateCustomer } from "@fieldops/domain/customers/update-customer";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import {
  createCustomerRequestSchema,
  customerIdParamsSchema,
  customerListResponseSchema,
  customerSchema,
  deleteCustomerQuerySchema,
  listCustomersQuerySchema,
  updateCustomerRequestSchema,
} from "@fieldops/shared/customers";
import type { Role } from "@fieldops/shared/roles";
import type { AppContext } from "../context.ts";
import { withCompanyUser } from "../http/tenant-route.ts";

const MANAGERS: readonly Role[] = ["owner", "member"];
const readErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const writeErrors = { ...readErrors, 403: errorResponseSchema, 409: errorResponseSchema };

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
      reply.status(201).send(
        await withCompanyUser(
          context,
          request,
          ({ tx, user }) => createCustomer(tx, { ...request.body, companyId: user.companyId }),
          { roles: MANAGERS },
        ),
      ),
  );

  app.get(
    API_PATHS.customer(),
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
    API_PATHS.customer(),
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
        roles: MANAGERS,
      }),
  );

  app.delete(
    API_PATHS.customer(),
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
      await withCompanyUser(context, request, ({ tx }) => deleteCustomer(tx, request.params), { roles: MANAGERS });
      return reply.status(204).send(null);
    },
  );
};
