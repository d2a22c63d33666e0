import type { Prisma } from "@fieldops/db";
import { dayInTimeZone } from "@fieldops/shared/company-time";
import { isInvoicePastDue, type InvoiceDetail, type InvoiceSummary, type Payment } from "@fieldops/shared/invoices";
import { notFound } from "../errors.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { invoicingCompany } from "./invoice-company.ts";
import { DELIVERY_SELECT, toDelivery } from "../outbox/list-outbox.ts";

export const invoiceSummarySelect = {
  id: true,
  number: true,
  status: true,
  customerId: true,
  jobId: true,
  totalCents: true,
  paidCents: true,
  dueAt: true,
  issuedAt: true,
  createdAt: true,
  customer: { select: { name: true } },
  job: { select: { number: true } },
} satisfies Prisma.InvoiceSelect;
type SummaryRow = Prisma.InvoiceGetPayload<{ select: typeof invoiceSummarySelect }>;

export function toInvoiceSummary(row: SummaryRow, timeZone: string, now: Date): InvoiceSummary {
  const dueDate = row.dueAt ? dayInTimeZone(row.dueAt, timeZone) : null;
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    pastDue: isInvoicePastDue(row.status, dueDate, dayInTimeZone(now, timeZone)),
    customerId: row.customerId,
    customerName: row.customer.name,
    jobId: row.jobId,
    jobNumber: row.job?.number ?? null,
    totalCents: row.totalCents,
    paidCents: row.paidCents,
    balanceCents: row.status === "void" ? 0 : row.totalCents - row.paidCents,
    dueDate,
    issuedAt: row.issuedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export const paymentSelect = {
  id: true,
  invoiceId: true,
  method: true,
  amountCents: true,
  refundedCents: true,
  provider: true,
  cardLast4: true,
  reference: true,
  recordedByUserId: true,
  receivedAt: true,
  status: true,
  failureMessage: true,
  disputeStatus: true,
  disputedCents: true,
  invoice: { select: { number: true, customer: { select: { name: true } } } },
} satisfies Prisma.PaymentSelect;

/** A stored line as the API shows it (the quantity, a decimal in the database, as a number). */
export function toInvoiceLine(line: Prisma.InvoiceLineGetPayload<object>) {
  return {
    id: line.id,
    description: line.description,
    quantity: Number(line.quantity),
    unitPriceCents: line.unitPriceCents,
    amountCents: line.amountCents,
    taxable: line.taxable,
    visitId: line.visitId,
  };
}

export function toPayment(row: Prisma.PaymentGetPayload<{ select: typeof paymentSelect }>): Payment {
  return {
    id: row.id,
    invoiceId: row.invoiceId,
    invoiceNumber: row.invoice.number,
    customerName: row.invoice.customer.name,
    method: row.method,
    amountCents: row.amountCents,
    refundedCents: row.refundedCents,
    provider: row.provider,
    cardLast4: row.cardLast4,
    reference: row.reference,
    recordedByUserId: row.recordedByUserId,
    receivedAt: row.receivedAt.toISOString(),
    status: row.status,
    failureMessage: row.failureMessage,
    dispute: row.disputeStatus ? { status: row.disputeStatus, amountCents: row.disputedCents ?? 0 } : null,
  };
}

/**
 * An invoice with its lines, payments, refunds, sent messages and review, as the office sees it (a plan with
 * invoicing only).
 */
export async function getInvoice(
  { tx, companyId }: Pick<TenantScope, "tx" | "companyId">,
  input: { id: string; cardProvider: "test" | "stripe"; now?: Date },
): Promise<InvoiceDetail> {
  const { timeZone } = await invoicingCompany(tx, companyId);
  const row = await tx.invoice.findUnique({
    where: { id: input.id },
    select: {
      ...invoiceSummarySelect,
      customer: { select: { name: true, email: true, phone: true } },
      job: { select: { number: true, title: true } },
      subtotalCents: true,
      discountCents: true,
      taxRateBasisPoints: true,
      taxCents: true,
      notes: true,
      sentAt: true,
      paidAt: true,
      voidedAt: true,
      lines: { orderBy: { position: "asc" } },
      payments: { orderBy: { receivedAt: "asc" }, select: paymentSelect },
      refunds: { orderBy: { createdAt: "asc" } },
      review: true,
    },
  });
  if (!row) throw notFound("Invoice not found");
  const messages = await tx.outboxMessage.findMany({
    where: { invoiceId: row.id },
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      kind: true,
      channel: true,
      recipient: true,
      subject: true,
      createdAt: true,
      ...DELIVERY_SELECT,
    },
  });
  return {
    ...toInvoiceSummary(row, timeZone, input.now ?? new Date()),
    customerEmail: row.customer.email,
    customerPhone: row.customer.phone,
    jobTitle: row.job?.title ?? null,
    lines: row.lines.map(toInvoiceLine),
    subtotalCents: row.subtotalCents,
    discountCents: row.discountCents,
    taxRateBasisPoints: row.taxRateBasisPoints,
    taxCents: row.taxCents,
    notes: row.notes,
    sentAt: row.sentAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    payments: row.payments.map(toPayment),
    refunds: row.refunds.map((refund) => ({
      id: refund.id,
      paymentId: refund.paymentId,
      amountCents: refund.amountCents,
      reason: refund.reason,
      reopenedBalance: refund.reopenedBalance,
      disputeLost: refund.disputeId !== null,
      createdAt: refund.createdAt.toISOString(),
    })),
    messages: messages.map((message) => ({
      id: message.id,
      kind: message.kind,
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject,
      createdAt: message.createdAt.toISOString(),
      ...toDelivery(message),
    })),
    review: row.review
      ? { rating: row.review.rating, comment: row.review.comment, createdAt: row.review.createdAt.toISOString() }
      : null,
    cardProvider: input.cardProvider,
  };
}
