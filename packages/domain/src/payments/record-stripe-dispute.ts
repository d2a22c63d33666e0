import type Stripe from "stripe";
import { DISPUTE_STATUS_LABELS } from "@fieldops/shared/invoices";
import { formatCents } from "@fieldops/shared/money";
import { recordAudit } from "../audit/record-audit.ts";
import { invoicesChanged } from "../invoices/invoices-events.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { lockInvoice } from "./apply-payment.ts";
import { storeRefund } from "./store-refund.ts";

/** The statuses a dispute ends in: after one of them Stripe changes nothing more of it. */
const CLOSED_STATUSES = new Set(["won", "lost", "warning_closed", "prevented"]);

/**
 * A chargeback of one of the company's Stripe payments (charge.dispute.created, updated, closed): kept on the payment
 * (the invoice and the payments list show it) and audited. Stripe does not keep its events in order, so a dispute
 * once closed stays as it closed: a late "needs response" or a second closing changes nothing. Lost, the money went
 * back to the customer through their bank: that is recorded once as money given back on the payment (a refund row
 * keyed by the dispute, reopening the balance: the customer owes it again), pushed to QuickBooks like a refund.
 */
export async function recordStripeDispute(scope: TenantScope, dispute: Stripe.Dispute, now: Date): Promise<void> {
  const { tx, companyId } = scope;
  const intentId = typeof dispute.payment_intent === "string" ? dispute.payment_intent : dispute.payment_intent?.id;
  if (!intentId) return;
  const found = await tx.payment.findFirst({ where: { providerReference: intentId }, select: { invoiceId: true } });
  if (!found) return;
  // Events of one dispute delivered at once take turns here, so the one that closes it is the one that applies.
  const invoice = await lockInvoice(tx, found.invoiceId);
  const payment = await tx.payment.findFirstOrThrow({ where: { providerReference: intentId } });
  if (payment.disputeId === dispute.id && payment.disputeStatus && CLOSED_STATUSES.has(payment.disputeStatus)) return;

  await tx.payment.update({
    where: { id: payment.id },
    data: { disputeId: dispute.id, disputeStatus: dispute.status, disputedCents: dispute.amount },
  });
  const lostCents =
    dispute.status === "lost" && payment.status === "succeeded"
      ? Math.min(dispute.amount, payment.amountCents - payment.refundedCents)
      : 0;
  const idempotencyKey = `stripe-dispute:${dispute.id}`;
  const recorded =
    lostCents > 0 &&
    (await tx.refund.findUnique({ where: { companyId_idempotencyKey: { companyId, idempotencyKey } } })) === null;
  if (recorded) {
    await storeRefund(scope, {
      invoice,
      payment,
      amountCents: lostCents,
      reason: "Dispute lost: the customer's bank returned the payment to them",
      reopenBalance: true,
      providerReference: dispute.id,
      disputeId: dispute.id,
      createdByUserId: null,
      idempotencyKey,
      createdAt: now,
    });
  }
  const status = (DISPUTE_STATUS_LABELS[dispute.status] ?? dispute.status).toLowerCase();
  await recordAudit(tx, {
    companyId,
    actorUserId: null,
    action: recorded ? "payment.dispute_lost" : "payment.disputed",
    entityType: "invoice",
    entityId: invoice.id,
    summary: recorded
      ? `The customer's bank took back ${formatCents(lostCents)} of a card payment of invoice #${invoice.number} (dispute lost): it is owed again`
      : `The customer disputed a card payment of invoice #${invoice.number} with their bank: ${status}`,
    details: {
      paymentId: payment.id,
      disputeId: dispute.id,
      status: dispute.status,
      amountCents: dispute.amount,
      ...(recorded ? { returnedCents: lostCents } : {}),
    },
    at: now,
  });
  if (!recorded) scope.emit(invoicesChanged({ id: invoice.id, customerId: invoice.customerId }));
}
