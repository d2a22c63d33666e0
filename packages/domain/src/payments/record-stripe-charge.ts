import { z } from "zod";
import { announcePaymentReceived } from "./announce-payment-received.ts";
import { conflict } from "../errors.ts";
import { invoicesChanged } from "../invoices/invoices-events.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { queueQuickBooksSync } from "../quickbooks/queue-quickbooks-sync.ts";
import { applyPayment, failPendingPayment } from "./apply-payment.ts";
import type { StripeClient, StripePaymentIntent } from "./stripe-client.ts";

/** The invoice a PaymentIntent pays, when it was made for an invoice of this company (its metadata says so). */
export function intentInvoiceId(intent: StripePaymentIntent, companyId: string): string | null {
  const invoiceId = z.uuid().safeParse(intent.metadata.invoice_id);
  if (!invoiceId.success || intent.metadata.company_id !== companyId || intent.currency !== "usd") return null;
  return invoiceId.data;
}

/**
 * How the customer paid an intent: "ach" for a bank debit (us_bank_account), else "card" (with Apple Pay and Google
 * Pay). The intent says so when it could only be paid one way (the usual card-only intent: no lookup) or its
 * PaymentMethod came expanded; otherwise a payment already recorded keeps its method, and Stripe is asked about the
 * PaymentMethod the intent names. Without an answer, a
 * processing intent is a debit: cards succeed or fail at once.
 */
async function paidWith(
  { tx, companyId }: TenantScope,
  { intent, stripe, account }: { intent: StripePaymentIntent; stripe: StripeClient | null; account: string | null },
): Promise<"card" | "ach"> {
  const asMethod = (type: string) => (type === "us_bank_account" ? ("ach" as const) : ("card" as const));
  if (intent.payment_method_types.length === 1) return asMethod(intent.payment_method_types[0]!);
  if (intent.payment_method && typeof intent.payment_method !== "string") return asMethod(intent.payment_method.type);
  const known = await tx.payment.findUnique({
    where: { companyId_providerReference: { companyId, providerReference: intent.id } },
    select: { method: true },
  });
  if (known?.method === "card" || known?.method === "ach") return known.method;
  if (intent.payment_method && stripe) {
    const type = await stripe.retrievePaymentMethodType(intent.payment_method, account).catch(() => null);
    if (type) return asMethod(type);
  }
  return intent.status === "processing" ? "ach" : "card";
}

/**
 * Records what Stripe says of a PaymentIntent of one of the company's invoices, however often and in whatever order
 * it is told (the customer's browser, then or before the webhooks): a succeeded intent is a payment counted toward the
 * invoice; a processing one (a bank debit) a pending payment, counted once it succeeds; a failed one marks its pending
 * payment failed. All go through `applyPayment`, which knows the charge by its PaymentIntent id, so it is one payment.
 * A charge that arrives when the invoice no longer owes it (paid meanwhile another way) is refunded on the account it
 * was made on. Null: the intent is not of an invoice of this company (found in the company's transaction only).
 */
export async function recordStripeIntent(
  scope: TenantScope,
  input: { intent: StripePaymentIntent; stripe: StripeClient | null; account: string | null; now: Date },
) {
  const { tx, companyId, emit, enqueue } = scope;
  const { intent } = input;
  const invoiceId = intentInvoiceId(intent, companyId);
  if (!invoiceId || !(await tx.invoice.findUnique({ where: { id: invoiceId }, select: { id: true } }))) return null;
  if (intent.status === "requires_payment_method" && intent.last_payment_error) {
    const failed = await failPendingPayment(tx, {
      providerReference: intent.id,
      failureMessage: intent.last_payment_error.message ?? "The payment failed",
    });
    if (failed) emit(invoicesChanged({ id: failed.invoiceId, customerId: failed.customerId }));
    return failed;
  }
  if (intent.status !== "succeeded" && intent.status !== "processing") return null;
  const settled = intent.status === "succeeded";
  const paid = {
    companyId,
    invoiceId,
    method: await paidWith(scope, input),
    amountCents: settled ? intent.amount_received : intent.amount,
    idempotencyKey: `stripe:${intent.id}`,
    providerReference: intent.id,
    providerAccount: input.account,
    provider: "stripe",
    receivedAt: input.now,
    recordedByUserId: null,
    status: settled ? ("succeeded" as const) : ("pending" as const),
  };
  let applied: Awaited<ReturnType<typeof applyPayment>>;
  try {
    applied = await applyPayment(tx, paid);
  } catch (error) {
    const owed = await tx.invoice.findUniqueOrThrow({
      where: { id: invoiceId },
      select: { totalCents: true, paidCents: true, status: true },
    });
    if (settled && input.stripe && (owed.status === "void" || owed.totalCents - owed.paidCents < paid.amountCents)) {
      await input.stripe.createRefund({
        paymentIntentId: intent.id,
        amountCents: intent.amount_received,
        idempotencyKey: `fieldops-unowed-${intent.id}`,
        account: input.account,
      });
      throw conflict("This invoice no longer owes this amount: your card payment was refunded");
    }
    throw error;
  }
  // Money received (now, or a debit settling now) goes to the books; a debit still processing waits until it settles.
  if (settled && !applied.replayed) {
    await queueQuickBooksSync({ tx, companyId, enqueue }, { entity: "payment", id: applied.paymentId });
    await announcePaymentReceived({ tx, companyId, enqueue, emit }, applied.paymentId);
  }
  emit(invoicesChanged({ id: invoiceId, customerId: applied.customerId }));
  return { invoiceId, customerId: applied.customerId, paymentId: applied.paymentId };
}
