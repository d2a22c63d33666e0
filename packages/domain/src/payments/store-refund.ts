import { invoiceStatusForPaid } from "@fieldops/shared/invoices";
import { invoicesChanged } from "../invoices/invoices-events.ts";
import { queueQuickBooksSync } from "../quickbooks/queue-quickbooks-sync.ts";
import type { TenantScope } from "../tenant-scope.ts";
import type { LockedInvoice } from "./apply-payment.ts";

export interface RefundToStore {
  /** The invoice, locked by the caller (`lockInvoice`) before it read the payment. */
  invoice: LockedInvoice;
  payment: { id: string; refundedCents: number };
  amountCents: number;
  reason: string | null;
  /** The customer owes it again: the invoice's paid amount drops and its status follows. */
  reopenBalance: boolean;
  providerReference: string | null;
  /** The Stripe dispute it records (a dispute lost), if that is what it is. */
  disputeId?: string | null;
  createdByUserId: string | null;
  idempotencyKey: string;
  createdAt?: Date;
}

/**
 * Stores money given back on a payment, whoever gave it (the office, Stripe's dashboard, the customer's bank in a lost
 * dispute): the refund row, the payment's refunded amount, the invoice's balance when it is reopened (a void invoice
 * stays void), its push to QuickBooks, and the invoice's announcement. The caller has checked it is due and audits it.
 */
export async function storeRefund(
  scope: Pick<TenantScope, "tx" | "companyId" | "emit" | "enqueue">,
  input: RefundToStore,
): Promise<{ refundId: string }> {
  const { tx, companyId } = scope;
  const { invoice } = input;
  const refund = await tx.refund.create({
    data: {
      companyId,
      paymentId: input.payment.id,
      invoiceId: invoice.id,
      amountCents: input.amountCents,
      reason: input.reason,
      reopenedBalance: input.reopenBalance,
      providerReference: input.providerReference,
      disputeId: input.disputeId ?? null,
      createdByUserId: input.createdByUserId,
      idempotencyKey: input.idempotencyKey,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    },
  });
  await tx.payment.update({
    where: { id: input.payment.id },
    data: { refundedCents: input.payment.refundedCents + input.amountCents },
  });
  if (input.reopenBalance) {
    const paidCents = invoice.paidCents - input.amountCents;
    const status = invoice.status === "void" ? "void" : invoiceStatusForPaid(paidCents, invoice.totalCents);
    await tx.invoice.update({
      where: { id: invoice.id },
      data: { paidCents, status, paidAt: status === "paid" ? undefined : null },
    });
  }
  // A refund that reopened the balance undoes part of its payment in QuickBooks (see push-to-quickbooks' appliedCents).
  await queueQuickBooksSync(
    scope,
    input.reopenBalance ? { entity: "payment", id: input.payment.id } : { entity: "refund", id: refund.id },
  );
  scope.emit(invoicesChanged({ id: invoice.id, customerId: invoice.customerId }));
  return { refundId: refund.id };
}
