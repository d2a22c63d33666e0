import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createInvoice } from "@fieldops/domain/invoices/create-invoice";
import { createReviewLink } from "@fieldops/domain/invoices/create-review-link";
import { invoicingCompany } from "@fieldops/domain/invoices/invoice-company";
import { listInvoices } from "@fieldops/domain/invoices/list-invoices";
import { queueInvoiceSend, requestInvoiceSend } from "@fieldops/domain/invoices/request-invoice-send";
import { getInvoice } from "@fieldops/domain/invoices/to-invoice";
import { updateInvoice } from "@fieldops/domain/invoices/update-invoice";
import { voidInvoice } from "@fieldops/domain/invoices/void-invoice";
import { listPayments } from "@fieldops/domain/payments/list-payments";
import { cardProviderName } from "@fieldops/domain/payments/payments-env";
import { recordOfficePayment } from "@fieldops/domain/payments/record-office-payment";
import { refundPayment } from "@fieldops/domain/payments/refund-payment";
import { createStripeClient } from "@fieldops/domain/payments/stripe-client";
import type { TenantTransaction } from "@fieldops/db";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import {
  createInvoiceRequestSchema,
  idempotencyHeadersSchema,
  invoiceDetailSchema,
  invoiceListResponseSchema,
  listInvoicesQuerySchema,
  listPaymentsQuerySchema,
  paymentListResponseSchema,
  recordPaymentRequestSchema,
  refundPaymentRequestSchema,
  reviewLinkResponseSchema,
  sendInvoiceRequestSchema,
  updateInvoiceRequestSchema,
} from "@fieldops/shared/invoices";
import { idParamsSchema } from "@fieldops/shared/jobs";
import { text } from "@fieldops/shared/text";
import type { AppContext } from "../context.ts";
import { appOrigin } from "../http/app-origin.ts";
import { invoicesChanged } from "@fieldops/domain/invoices/invoices-events";
import { withCompanyUser, type TenantScope } from "../http/tenant-route.ts";

const readErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const writeErrors = { ...readErrors, 409: errorResponseSchema };
const optionalKeyHeadersSchema = z.object({ "idempotency-key": text({ max: 100 }).min(8).optional() });
const billing = { capability: "invoices.manage" } as const;

export const invoiceRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const cardProvider = cardProviderName(context.env);
  const stripe = context.env.STRIPE_SECRET_KEY
    ? createStripeClient({ ...context.env, STRIPE_SECRET_KEY: context.env.STRIPE_SECRET_KEY })
    : null;
  /** The invoice as the office sees it, after a change made in the same transaction. */
  const detail = async (tx: TenantTransaction, companyId: string, id: string) => {
    const company = await invoicingCompany(tx, companyId);
    return getInvoice(tx, { id, timeZone: company.timeZone, cardProvider });
  };
  /**
   * A change to an invoice by the office: `work` answers the invoice's id, the route answers the invoice as it now is
   * and announces it (and its job, with `jobToo`, when the change decides whether the job still needs invoicing).
   */
  const changeAndShow = (request: FastifyRequest, work: (scope: TenantScope) => Promise<string>, jobToo = false) =>
    withCompanyUser(context, request, async (scope) => detail(scope.tx, scope.user.companyId, await work(scope)), {
      ...billing,
      publish: (result) => invoicesChanged({ ...result, jobId: jobToo ? result.jobId : null }),
    });

  app.get(
    API_PATHS.invoices,
    {
      schema: {
        tags: ["invoices"],
        summary: "Invoices, newest first, by status (or past due), customer, job, or a number or customer name",
        querystring: listInvoicesQuerySchema,
        response: { 200: invoiceListResponseSchema, ...readErrors },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        ({ tx, user }) => listInvoices(tx, { ...request.query, companyId: user.companyId }),
        billing,
      ),
  );

  app.post(
    API_PATHS.invoices,
    {
      schema: {
        tags: ["invoices"],
        summary: "A draft invoice for a job: the whole job, or its completed visits named",
        body: createInvoiceRequestSchema,
        response: { 201: invoiceDetailSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await changeAndShow(
            request,
            async ({ tx, user }) => (await createInvoice(tx, { ...request.body, companyId: user.companyId })).id,
            true,
          ),
        ),
  );

  app.get(
    API_PATHS.invoice,
    {
      schema: {
        tags: ["invoices"],
        summary: "An invoice with its lines, payments, refunds, sent messages and the customer's review",
        params: idParamsSchema,
        response: { 200: invoiceDetailSchema, ...readErrors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, ({ tx, user }) => detail(tx, user.companyId, request.params.id), billing),
  );

  app.patch(
    API_PATHS.invoice,
    {
      schema: {
        tags: ["invoices"],
        summary: "Edit a draft invoice: lines, due day, tax rate, discount, notes",
        params: idParamsSchema,
        body: updateInvoiceRequestSchema,
        response: { 200: invoiceDetailSchema, ...writeErrors },
      },
    },
    async (request) =>
      changeAndShow(
        request,
        async ({ tx, user }) =>
          (await updateInvoice(tx, { ...request.body, id: request.params.id, companyId: user.companyId })).id,
      ),
  );

  app.post(
    API_PATHS.invoiceSend,
    {
      schema: {
        tags: ["invoices"],
        summary:
          "Send an invoice by e-mail and/or SMS through the outbox, each message with a link to the customer's page",
        params: idParamsSchema,
        headers: optionalKeyHeadersSchema,
        body: sendInvoiceRequestSchema,
        response: { 200: invoiceDetailSchema, ...writeErrors },
      },
    },
    async (request) => {
      const origin = appOrigin(context, request);
      const { invoice } = await withCompanyUser(
        context,
        request,
        async (scope) => {
          const sent = await requestInvoiceSend(scope.tx, {
            ...request.body,
            id: request.params.id,
            companyId: scope.companyId,
            idempotencyKey: request.headers["idempotency-key"] ?? null,
          });
          queueInvoiceSend(scope, {
            invoiceId: sent.id,
            sendId: sent.sendId,
            channels: sent.channels,
            appOrigin: origin,
          });
          return { invoice: await detail(scope.tx, scope.companyId, request.params.id) };
        },
        { ...billing, publish: ({ invoice }) => invoicesChanged(invoice) },
      );
      return invoice;
    },
  );

  app.post(
    API_PATHS.invoiceVoid,
    {
      schema: {
        tags: ["invoices"],
        summary: "Void a draft or sent invoice with nothing paid on it (voiding it again changes nothing)",
        params: idParamsSchema,
        response: { 200: invoiceDetailSchema, ...writeErrors },
      },
    },
    async (request) =>
      changeAndShow(
        request,
        async ({ tx, user }) => (await voidInvoice(tx, { id: request.params.id, companyId: user.companyId })).id,
        true,
      ),
  );

  app.post(
    API_PATHS.invoiceReviewLink,
    {
      schema: {
        tags: ["invoices"],
        summary: "A new link to the customer's review page (its token is shown once; earlier links keep working)",
        params: idParamsSchema,
        response: { 201: reviewLinkResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const origin = appOrigin(context, request);
      const link = await withCompanyUser(
        context,
        request,
        ({ tx, user }) =>
          createReviewLink(tx, {
            id: request.params.id,
            companyId: user.companyId,
            userId: user.id,
            appOrigin: origin,
          }),
        billing,
      );
      return reply.status(201).header("cache-control", "no-store").send(link);
    },
  );

  app.post(
    API_PATHS.invoicePayments,
    {
      schema: {
        tags: ["payments"],
        summary: "Record cash or a check received against an invoice, once per Idempotency-Key",
        params: idParamsSchema,
        headers: idempotencyHeadersSchema,
        body: recordPaymentRequestSchema,
        response: { 201: invoiceDetailSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const invoice = await changeAndShow(request, async ({ tx, user }) => {
        const input = { ...request.body, invoiceId: request.params.id, companyId: user.companyId, userId: user.id };
        await recordOfficePayment(tx, { ...input, idempotencyKey: request.headers["idempotency-key"] });
        return request.params.id;
      });
      return reply.status(201).send(invoice);
    },
  );

  app.get(
    API_PATHS.payments,
    {
      schema: {
        tags: ["payments"],
        summary: "Payments received, newest first, optionally in [from, to)",
        querystring: listPaymentsQuerySchema,
        response: { 200: paymentListResponseSchema, ...readErrors },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        ({ tx, user }) => listPayments(tx, { ...request.query, companyId: user.companyId, cardProvider }),
        billing,
      ),
  );

  app.post(
    API_PATHS.paymentRefunds,
    {
      schema: {
        tags: ["payments"],
        summary: "Refund all or part of a payment (never more than is left of it), once per Idempotency-Key",
        params: idParamsSchema,
        headers: idempotencyHeadersSchema,
        body: refundPaymentRequestSchema,
        response: { 201: invoiceDetailSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const invoice = await changeAndShow(request, async ({ tx, user }) => {
        const input = {
          ...request.body,
          paymentId: request.params.id,
          companyId: user.companyId,
          userId: user.id,
          stripe,
        };
        return (await refundPayment(tx, { ...input, idempotencyKey: request.headers["idempotency-key"] })).invoiceId;
      });
      return reply.status(201).send(invoice);
    },
  );
};
