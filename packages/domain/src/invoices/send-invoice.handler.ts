import { formatCents } from "@fieldops/shared/money";
import type { TaskHandler } from "@fieldops/tasks/task-definition";
import { dayInTimeZone } from "@fieldops/shared/company-time";
import { reviewPagePath } from "@fieldops/shared/invoices";
import { runInScope } from "../effects/run-in-scope.ts";
import { writeOutboxMessages } from "../outbox/write-outbox-messages.ts";
import { issuePublicLink } from "../public-links/public-links.ts";
import { systemActor } from "../tenant-scope.ts";
import { invoicesChanged } from "./invoices-events.ts";
import type { sendInvoiceTask } from "./send-invoice.task.ts";

/**
 * Writes the invoice's messages to the outbox, whose dispatcher sends the e-mail (`deliver_message`, enqueued in this
 * transaction). Each message carries a fresh link to the review page; the token exists in the clear only in the
 * message. A message already written for this send and channel is not written again.
 */
export const sendInvoice: TaskHandler<typeof sendInvoiceTask.schema> = async (payload, context) => {
  const options = {
    companyId: payload.companyId,
    actor: systemActor("task:send_invoice"),
    requestId: payload.requestId,
  };
  await runInScope(context, options, async (scope) => {
    const { tx } = scope;
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
    if (!invoice) return;
    const dedupe = (channel: string) => `invoice-send:${invoice.id}:${payload.sendId}:${channel}`;
    const done = await tx.outboxMessage.count({ where: { dedupeKey: { in: payload.channels.map(dedupe) } } });
    if (done === payload.channels.length) return;
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
    await writeOutboxMessages(
      scope,
      payload.channels.map((channel) => ({
        kind: "invoice",
        channel,
        recipient: messages[channel].recipient,
        subject,
        body: messages[channel].body,
        dedupeKey: dedupe(channel),
        invoiceId: invoice.id,
        customerId: invoice.customerId,
        linkUrl: url,
        linkLabel: "View and pay the invoice",
      })),
    );
    scope.emit(invoicesChanged({ id: invoice.id, customerId: invoice.customerId }));
  });
};
