import type { TenantScope } from "../tenant-scope.ts";
import { emitWebhookEvent } from "../webhooks/emit-webhook-event.ts";

/**
 * Tells the company's webhook subscriptions a payment was received (the office's, a card's, a bank debit settling),
 * in the payment's transaction. Called once per payment that counts: a replayed request announces nothing.
 */
export async function announcePaymentReceived(
  scope: Pick<TenantScope, "tx" | "companyId" | "enqueue" | "emit">,
  paymentId: string,
): Promise<void> {
  const payment = await scope.tx.payment.findUniqueOrThrow({
    where: { id: paymentId },
    select: {
      id: true,
      amountCents: true,
      method: true,
      receivedAt: true,
      invoice: { select: { id: true, number: true, customerId: true, status: true } },
    },
  });
  await emitWebhookEvent(scope, "payment.received", {
    id: payment.id,
    invoiceId: payment.invoice.id,
    invoiceNumber: payment.invoice.number,
    customerId: payment.invoice.customerId,
    amountCents: payment.amountCents,
    method: payment.method,
    receivedAt: payment.receivedAt.toISOString(),
    invoiceStatus: payment.invoice.status,
  });
}
