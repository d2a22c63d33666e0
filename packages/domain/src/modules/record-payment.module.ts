import { PAYMENT_METHOD_WORDS } from "@fieldops/shared/invoices";
import { formatCents } from "@fieldops/shared/money";
import { recordOfficePayment } from "../payments/record-office-payment.ts";
import { defineModule } from "./module-definition.ts";

/**
 * Records cash, a check or a bank transfer the office received on an invoice, once per run (the run's id is the payment's
 * Idempotency-Key). Money is not undone from the chat: a wrong payment is refunded on the invoice's page.
 */
export const recordPaymentModule = defineModule({
  id: "record-payment",
  async describe(tx, params) {
    const invoice = await tx.invoice.findUnique({
      where: { id: params.invoiceId },
      select: { number: true, totalCents: true, paidCents: true, customer: { select: { name: true } } },
    });
    if (!invoice) return `Record a ${PAYMENT_METHOD_WORDS[params.method]} payment on an invoice that no longer exists.`;
    const amount = params.amountCents ?? invoice.totalCents - invoice.paidCents;
    return `Record a ${PAYMENT_METHOD_WORDS[params.method]} payment of ${formatCents(amount)} on invoice #${invoice.number} for ${invoice.customer.name}.`;
  },
  async run(scope, params, context) {
    const applied = await recordOfficePayment(scope, {
      invoiceId: params.invoiceId,
      method: params.method,
      amountCents: params.amountCents ?? "balance",
      ...(params.reference ? { reference: params.reference } : {}),
      idempotencyKey: `module-run:${context.runId}`,
      now: context.now,
    });
    const [payment, invoice] = await Promise.all([
      scope.tx.payment.findUniqueOrThrow({ where: { id: applied.paymentId }, select: { amountCents: true } }),
      scope.tx.invoice.findUniqueOrThrow({
        where: { id: params.invoiceId },
        select: { number: true, totalCents: true, paidCents: true },
      }),
    ]);
    const left = invoice.totalCents - invoice.paidCents;
    return {
      message: `Recorded a ${PAYMENT_METHOD_WORDS[params.method]} payment of ${formatCents(payment.amountCents)} on invoice #${invoice.number}${left > 0 ? `; ${formatCents(left)} still open` : "; it is paid in full"}`,
      result: { paymentId: applied.paymentId, invoiceId: params.invoiceId },
    };
  },
});
