import { createHash, randomUUID } from "node:crypto";
import { emitWebhookEvent } from "../webhooks/emit-webhook-event.ts";
import { triggerAutomations } from "../automations/plan-automation-runs.ts";
import type { SendInvoiceInput } from "@fieldops/shared/invoices";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";
import { conflict, invalidInput, notFound } from "../errors.ts";
import { invoicingCompany } from "./invoice-company.ts";
import { invoicesChanged } from "./invoices-events.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { sendInvoiceTask } from "./send-invoice.task.ts";
import { queueQuickBooksSync } from "../quickbooks/queue-quickbooks-sync.ts";

/**
 * Marks an invoice sent (a draft is issued now; a sent or paid one is sent again) and hands the send to the
 * notifications worker through the scope, so it leaves once the transaction commits; announces the invoice and its
 * job. A void invoice is not sent; a channel needs the customer's address or number, and SMS needs a plan with SMS. A
 * repeated Idempotency-Key names the same send, which is queued and writes its messages once.
 */
export async function requestInvoiceSend(
  scope: TenantScope,
  input: SendInvoiceInput & { id: string; idempotencyKey: string | null; appOrigin: string; now?: Date },
): Promise<{ id: string; customerId: string; sendId: string; channels: SendInvoiceInput["channels"] }> {
  const { tx } = scope;
  const now = input.now ?? new Date();
  await invoicingCompany(tx, scope.companyId);
  const channels = [...new Set(input.channels)];
  if (channels.includes("sms")) await requirePlanFeature(tx, "sms", "Text messages");
  const [locked] = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM invoices WHERE id = ${input.id}::uuid FOR UPDATE`;
  if (!locked) throw notFound("Invoice not found");
  const invoice = await tx.invoice.findUniqueOrThrow({
    where: { id: input.id },
    select: {
      id: true,
      number: true,
      totalCents: true,
      status: true,
      issuedAt: true,
      customerId: true,
      jobId: true,
      customer: { select: { email: true, phone: true } },
    },
  });
  if (invoice.status === "void") throw conflict("A void invoice cannot be sent");
  if (channels.includes("email") && !invoice.customer.email)
    throw invalidInput("The customer has no e-mail address", "channels");
  if (channels.includes("sms") && !invoice.customer.phone)
    throw invalidInput("The customer has no phone number", "channels");
  await tx.invoice.update({
    where: { id: invoice.id },
    data: { status: invoice.status === "draft" ? "sent" : undefined, issuedAt: invoice.issuedAt ?? now, sentAt: now },
  });
  const sendId = input.idempotencyKey
    ? createHash("sha256").update(input.idempotencyKey).digest("hex").slice(0, 32)
    : randomUUID();
  // The same send id queues it once.
  scope.enqueue(
    sendInvoiceTask,
    {
      invoiceId: invoice.id,
      sendId,
      channels,
      appOrigin: input.appOrigin,
      companyId: scope.companyId,
      requestId: scope.requestId,
    },
    `${invoice.id}_${sendId}`,
  );
  // A sent invoice is in the books: QuickBooks gets it (again, if it changed).
  await queueQuickBooksSync(scope, { entity: "invoice", id: invoice.id });
  scope.emit(invoicesChanged(invoice));
  await triggerAutomations(scope, "invoice.overdue", [invoice.id], { now });
  // Announced when the invoice becomes sent; sending it again (a reminder, a retried request) is not a new event.
  if (invoice.status === "draft") await triggerAutomations(scope, "invoice.sent", [invoice.id], { now });
  if (invoice.status === "draft")
    await emitWebhookEvent(scope, "invoice.sent", {
      id: invoice.id,
      number: invoice.number,
      customerId: invoice.customerId,
      totalCents: invoice.totalCents,
      channels,
    });
  return { id: invoice.id, customerId: invoice.customerId, sendId, channels };
}
