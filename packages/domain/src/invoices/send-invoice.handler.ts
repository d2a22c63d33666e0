import { formatCents } from "@fieldops/shared/money";
import { withTenant } from "@fieldops/db";
import { publishEvent } from "@fieldops/events/company-stream";
import type { TaskHandler } from "@fieldops/tasks/task-definition";
import { dayInTimeZone } from "@fieldops/shared/company-time";
import { reviewPagePath } from "@fieldops/shared/invoices";
import { issuePublicLink } from "../public-links/public-links.ts";
import type { sendInvoiceTask } from "./send-invoice.task.ts";

/**
 * Writes the invoice's messages to the outbox, where the company's sender (or, without one, the office reading the
 * outbox in the app) delivers them. Each message carries a fresh link to the review page; the token exists in the
 * clear only in the message. A message already written for this send and channel is not written again.
 */
export const sendInvoice: TaskHandler<typeof sendInvoiceTask.schema> = async (payload, { db, redis }) => {
  const written = await withTenant(db, payload.companyId, async (tx) => {
    const invoice = await tx.invoice.findUnique({
      where: { id: payload.invoiceId },
      select: {
        id: true,
        number: true,
        totalCents: true,
        paidCents: true,
        dueAt: true,
        customerId: true,
        customer: { select: { name: true, email: true, phone: true } },
        company: { select: { name: true, timeZone: true } },
      },
    });
    if (!invoice) return false;
    const dedupe = (channel: string) => `invoice-send:${invoice.id}:${payload.sendId}:${channel}`;
    const done = await tx.outboxMessage.count({ where: { dedupeKey: { in: payload.channels.map(dedupe) } } });
    if (done === payload.channels.length) return false;
    const token = await issuePublicLink(tx, {
      companyId: payload.companyId,
      kind: "invoice_review",
      subjectId: invoice.id,
      userId: null,
    });
    const url = `${payload.appOrigin}${reviewPagePath(invoice.id, token)}`;
    const balance = formatCents(invoice.totalCents - invoice.paidCents);
    const due = invoice.dueAt ? ` due on ${dayInTimeZone(invoice.dueAt, invoice.company.timeZone)}` : "";
    const subject = `Invoice #${invoice.number} from ${invoice.company.name}`;
    const messages = {
      email: {
        recipient: invoice.customer.email,
        body: `Hello ${invoice.customer.name},\n\nYour invoice #${invoice.number} from ${invoice.company.name} is ready: ${balance}${due}.\nView and pay it here: ${url}\n\nThank you for your business.`,
      },
      sms: {
        recipient: invoice.customer.phone,
        body: `${invoice.company.name}: invoice #${invoice.number}, ${balance}${due}. View and pay: ${url}`,
      },
    };
    await tx.outboxMessage.createMany({
      skipDuplicates: true,
      data: payload.channels.map((channel) => ({
        companyId: payload.companyId,
        kind: "invoice",
        channel,
        recipient: messages[channel].recipient,
        subject,
        body: messages[channel].body,
        dedupeKey: dedupe(channel),
        invoiceId: invoice.id,
        customerId: invoice.customerId,
      })),
    });
    return { customerId: invoice.customerId };
  });
  if (written) {
    await publishEvent(
      redis,
      { name: "invoices.changed", payload: { invoiceIds: [payload.invoiceId], customerIds: [written.customerId] } },
      { companyId: payload.companyId, userId: null, requestId: payload.requestId },
    );
  }
};
