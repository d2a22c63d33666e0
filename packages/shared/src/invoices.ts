import { z } from "zod";
import { calendarDaySchema } from "./calendar-day";
import { defineEndpoint } from "./endpoint";
import { messageDeliverySchema } from "./outbox";
import { idempotencyHeadersSchema, optionalIdempotencyHeadersSchema } from "./idempotency";
import { idParamsSchema, lineItemTotalCents } from "./jobs";
import { text } from "./text";

export const MAX_INVOICE_LINES = 200;
/** The most completed visits one invoice bills. */
export const MAX_INVOICE_VISITS = 100;
/** 100 % in hundredths of a percent. */
export const MAX_TAX_RATE_BASIS_POINTS = 10_000;
export const MAX_INVOICE_CENTS = 1_000_000_000;

const uuid = z.uuid();

export const INVOICE_STATUSES = ["draft", "sent", "partially_paid", "paid", "void"] as const;
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  partially_paid: "Partially paid",
  paid: "Paid",
  void: "Void",
};
/** The list's status filter: the stored statuses and "past due" (sent or partially paid, due before today). */
export const invoiceFilterSchema = z.enum([...INVOICE_STATUSES, "past_due"]);
export type InvoiceFilter = z.infer<typeof invoiceFilterSchema>;

/** How a payment came in: ach is a bank payment (a Stripe bank debit, or a transfer the office recorded). */
export const PAYMENT_METHODS_RECORDED = ["card", "cash", "check", "ach"] as const;
export const recordedPaymentMethodSchema = z.enum(PAYMENT_METHODS_RECORDED);
export type RecordedPaymentMethod = z.infer<typeof recordedPaymentMethodSchema>;
export const PAYMENT_METHOD_LABELS: Record<RecordedPaymentMethod, string> = {
  card: "Card",
  cash: "Cash",
  check: "Check",
  ach: "Bank (ACH)",
};
/** The method in a sentence: "a check payment", "a bank transfer payment". */
export const PAYMENT_METHOD_WORDS: Record<RecordedPaymentMethod, string> = {
  card: "card",
  cash: "cash",
  check: "check",
  ach: "bank transfer",
};

export const invoiceLineInputSchema = z.object({
  description: text({ max: 300, trim: true }).min(1),
  quantity: z.number().positive().max(100_000).multipleOf(0.01),
  unitPriceCents: z.number().int().min(0).max(100_000_000),
  taxable: z.boolean().default(false),
  /** The visit a line of this invoice already billed: kept when editing, never a new one. */
  visitId: uuid.nullable().optional(),
});
export type InvoiceLineInput = z.input<typeof invoiceLineInputSchema>;

/** What the sums of an invoice come to; the server stores them, the invoice form shows them as one types. */
export interface InvoiceTotals {
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * Subtotal of the lines, less the discount, plus tax on the taxable lines after their share of the discount (the
 * discount is spread over the lines in proportion to their amounts, so a discount lowers the tax it should).
 */
export function invoiceTotals(
  lines: readonly { quantity: number; unitPriceCents: number; taxable: boolean }[],
  discountCents: number,
  taxRateBasisPoints: number,
): InvoiceTotals {
  const amounts = lines.map((line) => ({ amount: lineItemTotalCents(line), taxable: line.taxable }));
  const subtotalCents = amounts.reduce((sum, line) => sum + line.amount, 0);
  const discount = Math.min(Math.max(0, discountCents), subtotalCents);
  const taxableCents = amounts.filter((line) => line.taxable).reduce((sum, line) => sum + line.amount, 0);
  const taxableDiscount = subtotalCents === 0 ? 0 : Math.round((discount * taxableCents) / subtotalCents);
  const taxCents = Math.round(((taxableCents - taxableDiscount) * taxRateBasisPoints) / 10_000);
  return { subtotalCents, discountCents: discount, taxCents, totalCents: subtotalCents - discount + taxCents };
}

/** "8.25 %" from 825 basis points. */
export function formatTaxRate(basisPoints: number): string {
  return `${Number((basisPoints / 100).toFixed(2))} %`;
}

export const createInvoiceRequestSchema = z.object({
  jobId: uuid,
  /**
   * The completed visits to bill, each with the job's line items; omitted, the invoice bills the whole job (its line
   * items once).
   */
  visitIds: z.array(uuid).min(1).max(MAX_INVOICE_VISITS).optional(),
  /** Defaults to today plus the company's payment terms. */
  dueDate: calendarDaySchema.optional(),
  taxRateBasisPoints: z.number().int().min(0).max(MAX_TAX_RATE_BASIS_POINTS).default(0),
  discountCents: z.number().int().min(0).max(MAX_INVOICE_CENTS).default(0),
  notes: text({ max: 2000, trim: true }).optional(),
});
export type CreateInvoiceRequest = z.input<typeof createInvoiceRequestSchema>;
export type CreateInvoiceInput = z.output<typeof createInvoiceRequestSchema>;

/** Changes to a draft; lines given replace the stored ones. */
export const updateInvoiceRequestSchema = z.object({
  lines: z.array(invoiceLineInputSchema).min(1).max(MAX_INVOICE_LINES).optional(),
  dueDate: calendarDaySchema.optional(),
  taxRateBasisPoints: z.number().int().min(0).max(MAX_TAX_RATE_BASIS_POINTS).optional(),
  discountCents: z.number().int().min(0).max(MAX_INVOICE_CENTS).optional(),
  notes: text({ max: 2000, trim: true }).nullable().optional(),
});
export type UpdateInvoiceInput = z.output<typeof updateInvoiceRequestSchema>;

export const INVOICE_CHANNELS = ["email", "sms"] as const;
export const invoiceChannelSchema = z.enum(INVOICE_CHANNELS);
export type InvoiceChannel = z.infer<typeof invoiceChannelSchema>;
export const sendInvoiceRequestSchema = z.object({
  channels: z.array(invoiceChannelSchema).min(1).max(2),
});
export type SendInvoiceInput = z.infer<typeof sendInvoiceRequestSchema>;

export const recordPaymentRequestSchema = z.object({
  /** What the office received: cash, a check, or a bank transfer (ACH). Cards are taken on the customer's page. */
  method: z.enum(["cash", "check", "ach"]),
  amountCents: z.number().int().min(1).max(MAX_INVOICE_CENTS),
  /** The check's number, or a note about the cash or the transfer. */
  reference: text({ max: 100, trim: true }).optional(),
  /** When it was received; now when omitted. */
  receivedDate: calendarDaySchema.optional(),
});
export type RecordPaymentInput = z.infer<typeof recordPaymentRequestSchema>;

export const refundPaymentRequestSchema = z.object({
  amountCents: z.number().int().min(1).max(MAX_INVOICE_CENTS),
  reason: text({ max: 300, trim: true }).optional(),
  /**
   * The customer owes the refunded amount again (the invoice reopens). Otherwise the refund is a credit: the invoice
   * stays settled and the customer's page shows the refund.
   */
  reopenBalance: z.boolean().default(false),
});
export type RefundPaymentInput = z.infer<typeof refundPaymentRequestSchema>;

export const invoiceLineSchema = z.object({
  id: z.string(),
  description: z.string(),
  quantity: z.number(),
  unitPriceCents: z.number(),
  amountCents: z.number(),
  taxable: z.boolean(),
  visitId: z.string().nullable(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSummarySchema = z.object({
  id: z.string(),
  number: z.number(),
  status: invoiceStatusSchema,
  /** Sent or partially paid, with a due day before today in the company's time zone. */
  pastDue: z.boolean(),
  customerId: z.string(),
  customerName: z.string(),
  jobId: z.string().nullable(),
  jobNumber: z.number().nullable(),
  totalCents: z.number(),
  paidCents: z.number(),
  balanceCents: z.number(),
  /** The due day (YYYY-MM-DD on the company's calendar). */
  dueDate: z.string().nullable(),
  issuedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const PAYMENT_STATUSES = ["pending", "succeeded", "failed"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: "Processing",
  succeeded: "Received",
  failed: "Failed",
};
/** Stripe's dispute statuses, as the office reads them. */
export const DISPUTE_STATUS_LABELS: Record<string, string> = {
  warning_needs_response: "Inquiry: needs a response",
  warning_under_review: "Inquiry under review",
  warning_closed: "Inquiry closed",
  needs_response: "Disputed: needs a response",
  under_review: "Dispute under review",
  won: "Dispute won",
  lost: "Dispute lost",
};

export const paymentSchema = z.object({
  id: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.number(),
  customerName: z.string(),
  method: recordedPaymentMethodSchema,
  amountCents: z.number(),
  refundedCents: z.number(),
  provider: z.string().nullable(),
  cardLast4: z.string().nullable(),
  reference: z.string().nullable(),
  /** Null when the customer paid on the review page. */
  recordedByUserId: z.string().nullable(),
  receivedAt: z.string(),
  /**
   * pending: a bank debit still processing (shown as "Processing", not counted toward paidCents until it succeeds);
   * failed: it did not go through (the balance is still owed).
   */
  status: z.enum(PAYMENT_STATUSES),
  failureMessage: z.string().nullable(),
  /** The customer's latest dispute (chargeback) of the charge with their bank: Stripe's status and the amount. */
  dispute: z.object({ status: z.string(), amountCents: z.number() }).nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const refundSchema = z.object({
  id: z.string(),
  paymentId: z.string(),
  amountCents: z.number(),
  reason: z.string().nullable(),
  /** False for a credit (the invoice stayed settled); true when the customer owes it again. */
  reopenedBalance: z.boolean(),
  /** True when it is no refund of ours but a dispute lost: the customer's bank took the money back. */
  disputeLost: z.boolean(),
  createdAt: z.string(),
});

export const outboxMessageSchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    channel: z.string(),
    recipient: z.string().nullable(),
    subject: z.string(),
    createdAt: z.string(),
  })
  .extend(messageDeliverySchema.shape);
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const invoiceReviewSchema = z.object({
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
});
export type InvoiceReview = z.infer<typeof invoiceReviewSchema>;

export const invoiceDetailSchema = invoiceSummarySchema.extend({
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  jobTitle: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
  subtotalCents: z.number(),
  discountCents: z.number(),
  taxRateBasisPoints: z.number(),
  taxCents: z.number(),
  notes: z.string().nullable(),
  sentAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  payments: z.array(paymentSchema),
  refunds: z.array(refundSchema),
  messages: z.array(outboxMessageSchema),
  review: invoiceReviewSchema.nullable(),
  /** Which card provider the review page uses: the built-in test provider unless Stripe is configured. */
  cardProvider: z.enum(["test", "stripe"]),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const listInvoicesQuerySchema = z.object({
  status: invoiceFilterSchema.optional(),
  customerId: uuid.optional(),
  jobId: uuid.optional(),
  /** An invoice number, or part of the customer's name. */
  search: text({ max: 100, trim: true }).optional(),
  cursor: text({ max: 200 }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type ListInvoicesQuery = z.output<typeof listInvoicesQuerySchema>;

export const invoiceListResponseSchema = z.object({
  items: z.array(invoiceSummarySchema),
  nextCursor: z.string().nullable(),
});
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

export const listPaymentsQuerySchema = z.object({
  /** Payments received in [from, to) (ISO instants). */
  from: z.iso.datetime({ offset: true }).max(40).optional(),
  to: z.iso.datetime({ offset: true }).max(40).optional(),
  cursor: text({ max: 200 }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type ListPaymentsQuery = z.output<typeof listPaymentsQuerySchema>;
export const paymentListResponseSchema = z.object({
  items: z.array(paymentSchema),
  nextCursor: z.string().nullable(),
  /** Which provider takes card payments: the built-in test provider unless Stripe is configured. */
  cardProvider: z.enum(["test", "stripe"]),
});
export type PaymentListResponse = z.infer<typeof paymentListResponseSchema>;

/** POST /api/invoices/:id/review-link: a new link to the customer's page, shown once (only its hash is kept). */
export const reviewLinkResponseSchema = z.object({ url: z.string() });
export type ReviewLinkResponse = z.infer<typeof reviewLinkResponseSchema>;

/** The path of the customer's page; the token goes in the fragment, so it never reaches a server or its logs. */
export function reviewPagePath(invoiceId: string, token: string): string {
  return `/review/${encodeURIComponent(invoiceId)}#${token}`;
}

/** Past due: still owed (sent or partially paid) and due before `today`, both days on the company's calendar. */
export function isInvoicePastDue(status: InvoiceStatus, dueDate: string | null, today: string): boolean {
  return (status === "sent" || status === "partially_paid") && dueDate !== null && dueDate < today;
}

/** The status of a sent invoice once `paidCents` (payments less refunds) of `totalCents` is paid. */
export function invoiceStatusForPaid(paidCents: number, totalCents: number): "sent" | "partially_paid" | "paid" {
  if (paidCents <= 0) return "sent";
  return paidCents >= totalCents ? "paid" : "partially_paid";
}

/** The longest period one batch invoices. */
export const MAX_BATCH_PERIOD_DAYS = 366;
/** The most invoices one batch makes; customers past them are left for the next run. */
export const MAX_BATCH_INVOICES = 500;

const DAY_MS = 86_400_000;

/**
 * A batch's period, `from` to `to` inclusive, days on the company's calendar, and the tax rate of its invoices. The
 * visits billed are those completed in it.
 */
const batchPeriodShape = {
  from: calendarDaySchema,
  to: calendarDaySchema,
  taxRateBasisPoints: z.number().int().min(0).max(MAX_TAX_RATE_BASIS_POINTS).default(0),
};
function checkPeriod(period: { from: string; to: string }, context: z.core.$RefinementCtx) {
  const days = (Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / DAY_MS;
  if (days < 0) context.addIssue({ code: "custom", message: "must not be before the first day", path: ["to"] });
  else if (days >= MAX_BATCH_PERIOD_DAYS)
    context.addIssue({
      code: "custom",
      message: `must be within ${MAX_BATCH_PERIOD_DAYS} days of the first`,
      path: ["to"],
    });
}

/** A batch's period alone (what the assistant proposes; its invoices carry no tax rate until edited). */
export const batchInvoicePeriodSchema = z
  .object({ from: batchPeriodShape.from, to: batchPeriodShape.to })
  .strict()
  .superRefine(checkPeriod);
export type BatchInvoicePeriod = z.output<typeof batchInvoicePeriodSchema>;

/** GET /api/invoices/batch-preview. */
export const batchInvoicePreviewQuerySchema = z
  .object({
    ...batchPeriodShape,
    // Typed as the number a caller passes; the query string carries it as text.
    taxRateBasisPoints: z.coerce.number<number>().int().min(0).max(MAX_TAX_RATE_BASIS_POINTS).default(0),
  })
  .superRefine(checkPeriod);
export type BatchInvoicePreviewQuery = z.output<typeof batchInvoicePreviewQuerySchema>;

/**
 * POST /api/invoices/batch: the period and the hash of the preview confirmed. What there is to invoice must still be
 * what the preview showed (409 otherwise); with nothing left to invoice, the answer makes no invoice.
 */
export const batchInvoiceRequestSchema = z
  .object({ ...batchPeriodShape, previewHash: text({ max: 128 }).min(1) })
  .superRefine(checkPeriod);
export type BatchInvoiceRequest = z.input<typeof batchInvoiceRequestSchema>;
export type BatchInvoiceInput = z.output<typeof batchInvoiceRequestSchema>;

/** One customer's part of a batch: their visits to bill, the jobs they belong to, and what the invoice comes to. */
export const batchInvoiceCustomerSchema = z.object({
  customerId: z.string(),
  customerName: z.string(),
  visits: z.number().int(),
  jobs: z.array(z.object({ id: z.string(), number: z.number(), title: z.string() })),
  /** 1, or more when the visits need more lines than one invoice holds. */
  invoices: z.number().int(),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
});
export type BatchInvoiceCustomer = z.infer<typeof batchInvoiceCustomerSchema>;

export const batchInvoicePreviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  customers: z.array(batchInvoiceCustomerSchema),
  visits: z.number().int(),
  invoices: z.number().int(),
  totalCents: z.number().int(),
  /** Customers with visits to invoice past MAX_BATCH_INVOICES invoices, left for the next run. */
  moreCustomers: z.number().int(),
  /** What confirming names, so that what is invoiced is what was shown. */
  previewHash: z.string(),
});
export type BatchInvoicePreview = z.infer<typeof batchInvoicePreviewSchema>;

export const batchInvoiceResultSchema = z.object({
  invoices: z.array(
    z.object({
      id: z.string(),
      number: z.number(),
      customerId: z.string(),
      customerName: z.string(),
      visits: z.number().int(),
      totalCents: z.number().int(),
    }),
  ),
  visits: z.number().int(),
  totalCents: z.number().int(),
  moreCustomers: z.number().int(),
});
export type BatchInvoiceResult = z.infer<typeof batchInvoiceResultSchema>;

export const invoiceEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/invoices",
    tags: ["invoices"],
    summary: "Invoices, newest first, by status (or past due), customer, job, or a number or customer name",
    query: listInvoicesQuerySchema,
    response: invoiceListResponseSchema,
    capability: "invoices.manage",
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/api/invoices",
    tags: ["invoices"],
    summary: "A draft invoice for a job: the whole job, or its completed visits named",
    body: createInvoiceRequestSchema,
    status: 201,
    response: invoiceDetailSchema,
    capability: "invoices.manage",
  }),
  batchPreview: defineEndpoint({
    method: "GET",
    path: "/api/invoices/batch-preview",
    tags: ["invoices"],
    summary:
      "What batch invoicing a period would make: its completed, uninvoiced visits, one draft invoice per customer, with totals",
    query: batchInvoicePreviewQuerySchema,
    response: batchInvoicePreviewSchema,
    capability: "invoices.batch",
  }),
  batch: defineEndpoint({
    method: "POST",
    path: "/api/invoices/batch",
    tags: ["invoices"],
    summary:
      "Invoice a period's completed, uninvoiced visits as previewed, one draft invoice per customer (a visit is billed once: running it again bills nothing twice)",
    body: batchInvoiceRequestSchema,
    response: batchInvoiceResultSchema,
    capability: "invoices.batch",
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/api/invoices/:id",
    tags: ["invoices"],
    summary: "An invoice with its lines, payments, refunds, sent messages and the customer's review",
    params: idParamsSchema,
    response: invoiceDetailSchema,
    capability: "invoices.manage",
  }),
  pdf: defineEndpoint({
    method: "GET",
    path: "/api/invoices/:id/pdf",
    tags: ["invoices"],
    summary: "The invoice as a PDF in the company's branding, to download (invoice-<number>.pdf)",
    params: idParamsSchema,
    produces: "application/pdf",
    response: z.any(),
    capability: "invoices.manage",
  }),
  update: defineEndpoint({
    method: "PATCH",
    path: "/api/invoices/:id",
    tags: ["invoices"],
    summary: "Edit a draft invoice: lines, due day, tax rate, discount, notes",
    params: idParamsSchema,
    body: updateInvoiceRequestSchema,
    response: invoiceDetailSchema,
    capability: "invoices.manage",
  }),
  send: defineEndpoint({
    method: "POST",
    path: "/api/invoices/:id/send",
    tags: ["invoices"],
    summary: "Send an invoice by e-mail and/or SMS through the outbox, each message with a link to the customer's page",
    params: idParamsSchema,
    headers: optionalIdempotencyHeadersSchema,
    body: sendInvoiceRequestSchema,
    response: invoiceDetailSchema,
    capability: "invoices.manage",
  }),
  void: defineEndpoint({
    method: "POST",
    path: "/api/invoices/:id/void",
    tags: ["invoices"],
    summary: "Void a draft or sent invoice with nothing paid on it (voiding it again changes nothing)",
    params: idParamsSchema,
    response: invoiceDetailSchema,
    capability: "invoices.manage",
  }),
  createReviewLink: defineEndpoint({
    method: "POST",
    path: "/api/invoices/:id/review-link",
    tags: ["invoices"],
    summary: "A new link to the customer's review page (its token is shown once; earlier links keep working)",
    params: idParamsSchema,
    status: 201,
    response: reviewLinkResponseSchema,
    capability: "invoices.manage",
  }),
  recordPayment: defineEndpoint({
    method: "POST",
    path: "/api/invoices/:id/payments",
    tags: ["payments"],
    summary: "Record cash or a check received against an invoice, once per Idempotency-Key",
    params: idParamsSchema,
    headers: idempotencyHeadersSchema,
    body: recordPaymentRequestSchema,
    status: 201,
    response: invoiceDetailSchema,
    capability: "invoices.manage",
  }),
} as const;

export const paymentEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/payments",
    tags: ["payments"],
    summary: "Payments received, newest first, optionally in [from, to)",
    query: listPaymentsQuerySchema,
    response: paymentListResponseSchema,
    capability: "invoices.manage",
  }),
  refund: defineEndpoint({
    method: "POST",
    path: "/api/payments/:id/refunds",
    tags: ["payments"],
    summary: "Refund all or part of a payment (never more than is left of it), once per Idempotency-Key",
    params: idParamsSchema,
    headers: idempotencyHeadersSchema,
    body: refundPaymentRequestSchema,
    status: 201,
    response: invoiceDetailSchema,
    capability: "invoices.manage",
  }),
} as const;
