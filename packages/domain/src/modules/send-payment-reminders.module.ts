import type { TenantTransaction } from "@fieldops/db";
import { writeOutboxMessages } from "../outbox/write-outbox-messages.ts";
import { defineModule } from "./module-definition.ts";

/** The past-due invoices still open: every customer's, or one customer's. */
function pastDueInvoices(tx: TenantTransaction, now: Date, customerId?: string) {
  return tx.invoice.findMany({
    where: { status: { in: ["sent", "partially_paid"] }, dueAt: { lt: now }, ...(customerId ? { customerId } : {}) },
    orderBy: { dueAt: "asc" },
    select: {
      id: true,
      number: true,
      totalCents: true,
      paidCents: true,
      dueAt: true,
      customerId: true,
      customer: { select: { name: true, email: true } },
    },
  });
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * Puts one payment reminder per past-due invoice in the outbox, for the company's sender to deliver. At most one per
 * invoice and day: asking twice the same day adds nothing.
 */
export const sendPaymentRemindersModule = defineModule({
  id: "send-payment-reminders",
  async describe(tx, params) {
    const invoices = (await pastDueInvoices(tx, new Date(), params.customerId)).filter(
      (invoice) => invoice.paidCents < invoice.totalCents,
    );
    const count = invoices.length;
    const whose = params.customerId ? ` of ${invoices[0]?.customer.name ?? "the customer"}` : "";
    return `Send a payment reminder for each of the ${count} past-due invoice${count === 1 ? "" : "s"}${whose}.`;
  },
  async run(scope, params, context) {
    const { tx } = scope;
    const day = context.now.toISOString().slice(0, 10);
    const invoices = (await pastDueInvoices(tx, context.now, params.customerId)).filter(
      (invoice) => invoice.paidCents < invoice.totalCents,
    );
    const written = await writeOutboxMessages(
      scope,
      invoices.map((invoice) => ({
        kind: "payment_reminder",
        channel: "email",
        recipient: invoice.customer.email,
        subject: `Payment reminder: invoice #${invoice.number}`,
        body: `Hello ${invoice.customer.name}, invoice #${invoice.number} was due on ${invoice.dueAt!.toISOString().slice(0, 10)} and ${money(invoice.totalCents - invoice.paidCents)} is still open. Thank you for paying it at your earliest convenience.`,
        dedupeKey: `payment-reminder:${invoice.id}:${day}`,
        invoiceId: invoice.id,
        customerId: invoice.customerId,
        moduleRunId: context.runId,
      })),
    );
    const sent = written.length;
    return {
      message:
        invoices.length === 0
          ? "No reminder to send: no invoice is past due"
          : sent === 0
            ? "No reminder to send: every past-due invoice was reminded today"
            : `Queued ${sent} payment reminder${sent === 1 ? "" : "s"} for delivery`,
      result: { reminders: sent },
    };
  },
});
