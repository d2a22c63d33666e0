import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { batchInvoiceVisits, previewBatchInvoice } from "@fieldops/domain/invoices/batch-invoice-visits";
import { createInvoice } from "@fieldops/domain/invoices/create-invoice";
import { createReviewLink } from "@fieldops/domain/invoices/create-review-link";
import { listInvoices } from "@fieldops/domain/invoices/list-invoices";
import { invoicePdfFile } from "@fieldops/domain/invoices/render-invoice-pdf";
import { requestInvoiceSend } from "@fieldops/domain/invoices/request-invoice-send";
import { getInvoice } from "@fieldops/domain/invoices/to-invoice";
import { updateInvoice } from "@fieldops/domain/invoices/update-invoice";
import { voidInvoice } from "@fieldops/domain/invoices/void-invoice";
import { listPayments } from "@fieldops/domain/payments/list-payments";
import { cardProviderName } from "@fieldops/domain/payments/payments-env";
import { recordOfficePayment } from "@fieldops/domain/payments/record-office-payment";
import { refundPayment } from "@fieldops/domain/payments/refund-payment";
import { createStripeClient } from "@fieldops/domain/payments/stripe-client";
import type { TenantScope } from "@fieldops/domain/tenant-scope";
import { invoiceEndpoints, paymentEndpoints } from "@fieldops/shared/invoices";
import type { AppContext } from "../context.ts";
import { appOrigin } from "../http/app-origin.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";
import { sendPdf } from "../http/pdf-reply.ts";

export const invoiceRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const cardProvider = cardProviderName(context.env);
  const stripe = context.env.STRIPE_SECRET_KEY
    ? createStripeClient({ ...context.env, STRIPE_SECRET_KEY: context.env.STRIPE_SECRET_KEY })
    : null;
  /** The invoice as the office sees it, after a change made in the same transaction. */
  const detail = (scope: Pick<TenantScope, "tx" | "companyId">, id: string) => getInvoice(scope, { id, cardProvider });

  tenantEndpoint(app, context, invoiceEndpoints.list, (scope, { query }) => listInvoices(scope, query));
  tenantEndpoint(app, context, invoiceEndpoints.create, async (scope, { body }) =>
    detail(scope, (await createInvoice(scope, body)).id),
  );
  tenantEndpoint(app, context, invoiceEndpoints.batchPreview, ({ tx }, { query }) => previewBatchInvoice(tx, query));
  tenantEndpoint(app, context, invoiceEndpoints.batch, (scope, { body }) => batchInvoiceVisits(scope, body));
  tenantEndpoint(app, context, invoiceEndpoints.get, (scope, { params }) => detail(scope, params.id));
  tenantEndpoint(app, context, invoiceEndpoints.pdf, (scope, { params }) => invoicePdfFile(scope, { id: params.id }), {
    send: sendPdf,
  });
  tenantEndpoint(app, context, invoiceEndpoints.update, async (scope, { params, body }) =>
    detail(scope, (await updateInvoice(scope, { ...body, id: params.id })).id),
  );
  tenantEndpoint(app, context, invoiceEndpoints.send, async (scope, { params, headers, body }, request) => {
    await requestInvoiceSend(scope, {
      ...body,
      id: params.id,
      idempotencyKey: headers["idempotency-key"] ?? null,
      appOrigin: appOrigin(context, request),
    });
    return detail(scope, params.id);
  });
  tenantEndpoint(app, context, invoiceEndpoints.void, async (scope, { params }) =>
    detail(scope, (await voidInvoice(scope, { id: params.id })).id),
  );
  tenantEndpoint(
    app,
    context,
    invoiceEndpoints.createReviewLink,
    (scope, { params }, request) => createReviewLink(scope, { id: params.id, appOrigin: appOrigin(context, request) }),
    { send: (reply, link) => reply.status(201).header("cache-control", "no-store").send(link) },
  );
  tenantEndpoint(app, context, invoiceEndpoints.recordPayment, async (scope, { params, headers, body }) => {
    await recordOfficePayment(scope, {
      ...body,
      invoiceId: params.id,
      idempotencyKey: headers["idempotency-key"],
    });
    return detail(scope, params.id);
  });

  tenantEndpoint(app, context, paymentEndpoints.list, (scope, { query }) =>
    listPayments(scope, { ...query, cardProvider }),
  );
  tenantEndpoint(app, context, paymentEndpoints.refund, async (scope, { params, headers, body }) => {
    const { invoiceId } = await refundPayment(scope, {
      ...body,
      paymentId: params.id,
      stripe,
      idempotencyKey: headers["idempotency-key"],
    });
    return detail(scope, invoiceId);
  });
};
