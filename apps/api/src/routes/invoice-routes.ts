import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createInvoice } from "@fieldops/domain/invoices/create-invoice";
import { createReviewLink } from "@fieldops/domain/invoices/create-review-link";
import { invoicingCompany } from "@fieldops/domain/invoices/invoice-company";
import { invoicesChanged } from "@fieldops/domain/invoices/invoices-events";
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
import { invoiceEndpoints, paymentEndpoints, type InvoiceDetail } from "@fieldops/shared/invoices";
import type { AppContext } from "../context.ts";
import { appOrigin } from "../http/app-origin.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

/** A change to an invoice announces it to the billing screens. */
const announce = { publish: (invoice: InvoiceDetail) => invoicesChanged({ ...invoice, jobId: null }) };
/** A change that decides whether the job still needs invoicing announces the job too. */
const announceWithJob = { publish: (invoice: InvoiceDetail) => invoicesChanged(invoice) };

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

  tenantEndpoint(app, context, invoiceEndpoints.list, ({ tx, companyId }, { query }) =>
    listInvoices(tx, { ...query, companyId }),
  );
  tenantEndpoint(
    app,
    context,
    invoiceEndpoints.create,
    async ({ tx, companyId }, { body }) => detail(tx, companyId, (await createInvoice(tx, { ...body, companyId })).id),
    announceWithJob,
  );
  tenantEndpoint(app, context, invoiceEndpoints.get, ({ tx, companyId }, { params }) =>
    detail(tx, companyId, params.id),
  );
  tenantEndpoint(
    app,
    context,
    invoiceEndpoints.update,
    async ({ tx, companyId }, { params, body }) =>
      detail(tx, companyId, (await updateInvoice(tx, { ...body, id: params.id, companyId })).id),
    announce,
  );
  tenantEndpoint(
    app,
    context,
    invoiceEndpoints.send,
    async (scope, { params, headers, body }, request) => {
      const origin = appOrigin(context, request);
      const sent = await requestInvoiceSend(scope.tx, {
        ...body,
        id: params.id,
        companyId: scope.companyId,
        idempotencyKey: headers["idempotency-key"] ?? null,
      });
      queueInvoiceSend(scope, { invoiceId: sent.id, sendId: sent.sendId, channels: sent.channels, appOrigin: origin });
      return detail(scope.tx, scope.companyId, params.id);
    },
    announceWithJob,
  );
  tenantEndpoint(
    app,
    context,
    invoiceEndpoints.void,
    async ({ tx, companyId }, { params }) =>
      detail(tx, companyId, (await voidInvoice(tx, { id: params.id, companyId })).id),
    announceWithJob,
  );
  tenantEndpoint(
    app,
    context,
    invoiceEndpoints.createReviewLink,
    ({ tx, user }, { params }, request) =>
      createReviewLink(tx, {
        id: params.id,
        companyId: user.companyId,
        userId: user.id,
        appOrigin: appOrigin(context, request),
      }),
    { send: (reply, link) => reply.status(201).header("cache-control", "no-store").send(link) },
  );
  tenantEndpoint(
    app,
    context,
    invoiceEndpoints.recordPayment,
    async ({ tx, user }, { params, headers, body }) => {
      const input = { ...body, invoiceId: params.id, companyId: user.companyId, userId: user.id };
      await recordOfficePayment(tx, { ...input, idempotencyKey: headers["idempotency-key"] });
      return detail(tx, user.companyId, params.id);
    },
    announce,
  );

  tenantEndpoint(app, context, paymentEndpoints.list, ({ tx, companyId }, { query }) =>
    listPayments(tx, { ...query, companyId, cardProvider }),
  );
  tenantEndpoint(
    app,
    context,
    paymentEndpoints.refund,
    async ({ tx, user }, { params, headers, body }) => {
      const input = { ...body, paymentId: params.id, companyId: user.companyId, userId: user.id, stripe };
      const { invoiceId } = await refundPayment(tx, { ...input, idempotencyKey: headers["idempotency-key"] });
      return detail(tx, user.companyId, invoiceId);
    },
    announce,
  );
};
