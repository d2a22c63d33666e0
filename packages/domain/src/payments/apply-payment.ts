import { formatCents } from "@fieldops/shared/money";
import type { TenantTransaction } from "@fieldops/db";
import { invoiceStatusForPaid, PAYMENT_METHOD_WORDS, type RecordedPaymentMethod } from "@fieldops/shared/invoices";
import { recordAudit } from "../audit/record-audit.ts";
import { conflict, notFound } from "../errors.ts";

export interface PaymentToApply {
  companyId: string;
  invoiceId: string;
  method: RecordedPaymentMethod;
  /** "balance": whatever is still owed when the invoice's turn comes (the customer pays the invoice). */
  amountCents: number | "balance";
  idempotencyKey: string;
  receivedAt: Date;
  recordedByUserId: string | null;
  /** The recorder's name for the audit log; without it the entry says how the payment was received. */
  recordedByName?: string;
  reference?: string | null;
  provider?: string | null;
  /**
   * Takes the money (a card charge) once every check has passed and just before the payment is stored; a refusal
   * (a declined card) leaves nothing stored.
   */
  charge?: () => Promise<{ providerReference: string; cardLast4: string | null }>;
  /** A charge made before this call (a confirmed Stripe PaymentIntent): stored once, however often it is reported. */
  providerReference?: string | null;
  /** The connected Stripe account the charge was made on; null: the platform's. */
  providerAccount?: string | null;
  cardLast4?: string | null;
  /**
   * "pending": a charge that settles later (a US bank debit, Stripe's `processing`): stored, but not counted toward
   * the invoice's paidCents until the same charge is applied again as succeeded.
   */
  status?: "pending" | "succeeded";
}

/** Locks the invoice's row: payments and refunds of one invoice take turns, so the balance they check stays true. */
export async function lockInvoice(tx: TenantTransaction, invoiceId: string) {
  const [invoice] = await tx.$queryRaw<
    { id: string; number: number; status: string; totalCents: number; paidCents: number; customerId: string }[]
  >`
    SELECT id, number, status::text, "totalCents", "paidCents", "customerId"
    FROM invoices WHERE id = ${invoiceId}::uuid FOR UPDATE`;
  if (!invoice) throw notFound("Invoice not found");
  return invoice;
}

export type LockedInvoice = Awaited<ReturnType<typeof lockInvoice>>;

/**
 * Records a payment against an invoice exactly once. The invoice's row is locked first, so concurrent payments take
 * turns: the same Idempotency-Key (or the same provider charge) answers with the payment it recorded the first time,
 * and two keys racing for the last of the balance get one payment and one refusal. A void or draft invoice, a paid
 * one and an amount above the balance are refused. The invoice's status follows (partially paid, paid); the payment
 * goes to the audit log.
 */
export async function applyPayment(
  tx: TenantTransaction,
  input: PaymentToApply,
): Promise<{ paymentId: string; customerId: string; replayed: boolean }> {
  const invoice = await lockInvoice(tx, input.invoiceId);
  const earlier = await tx.payment.findFirst({
    where: {
      OR: [
        { idempotencyKey: input.idempotencyKey },
        ...(input.providerReference ? [{ providerReference: input.providerReference }] : []),
      ],
    },
  });
  const status = input.status ?? "succeeded";
  if (earlier) {
    const sameAmount = input.amountCents === "balance" || earlier.amountCents === input.amountCents;
    if (earlier.invoiceId !== input.invoiceId || !sameAmount || earlier.method !== input.method) {
      throw conflict("This Idempotency-Key was already used for a different payment", "Idempotency-Key");
    }
    // The charge that was processing has settled: it counts now, once.
    if (earlier.status !== "succeeded" && status === "succeeded") {
      await tx.payment.update({ where: { id: earlier.id }, data: { status: "succeeded", failureMessage: null } });
      await countPaid(tx, invoice, earlier.amountCents, input.receivedAt);
      await auditPayment(tx, input, invoice, { paymentId: earlier.id, amountCents: earlier.amountCents, status });
      return { paymentId: earlier.id, customerId: invoice.customerId, replayed: false };
    }
    return { paymentId: earlier.id, customerId: invoice.customerId, replayed: true };
  }
  if (invoice.status === "void") throw conflict("This invoice is void: it cannot be paid");
  if (invoice.status === "draft") throw conflict("A draft invoice cannot be paid: send it first");
  // What is still owed and not already on its way (a pending bank debit holds its part of the balance).
  const processing = await tx.payment.aggregate({
    where: { invoiceId: invoice.id, status: "pending" },
    _sum: { amountCents: true },
  });
  const balance = invoice.totalCents - invoice.paidCents - (processing._sum.amountCents ?? 0);
  if (balance <= 0)
    throw conflict(
      invoice.totalCents > invoice.paidCents
        ? "A payment of this invoice is processing"
        : "This invoice is already paid",
    );
  const amountCents = input.amountCents === "balance" ? balance : input.amountCents;
  if (amountCents > balance)
    throw conflict(`The payment is more than the balance of ${formatCents(balance)}`, "amountCents");

  const charged = input.charge ? await input.charge() : null;
  const payment = await tx.payment.create({
    data: {
      companyId: input.companyId,
      invoiceId: input.invoiceId,
      method: input.method,
      amountCents,
      receivedAt: input.receivedAt,
      provider: input.provider ?? null,
      providerReference: charged?.providerReference ?? input.providerReference ?? null,
      providerAccount: input.providerAccount ?? null,
      cardLast4: charged?.cardLast4 ?? input.cardLast4 ?? null,
      reference: input.reference ?? null,
      recordedByUserId: input.recordedByUserId,
      idempotencyKey: input.idempotencyKey,
      status,
    },
  });
  await auditPayment(tx, input, invoice, { paymentId: payment.id, amountCents, status });
  if (status === "succeeded") await countPaid(tx, invoice, amountCents, input.receivedAt);
  return { paymentId: payment.id, customerId: invoice.customerId, replayed: false };
}

/**
 * The payment in the audit log: who recorded it, or how it arrived; a bank debit on its way is entered as processing
 * and again when it settles.
 */
async function auditPayment(
  tx: TenantTransaction,
  input: PaymentToApply,
  invoice: { id: string; number: number },
  payment: { paymentId: string; amountCents: number; status: "pending" | "succeeded" | "failed" },
) {
  const amount = formatCents(payment.amountCents);
  const what = `a ${PAYMENT_METHOD_WORDS[input.method]} payment of ${amount} on invoice #${invoice.number}`;
  await recordAudit(tx, {
    companyId: input.companyId,
    actorUserId: input.recordedByUserId,
    action: payment.status === "pending" ? "payment.processing" : "payment.recorded",
    entityType: "invoice",
    entityId: invoice.id,
    summary: input.recordedByName
      ? `${input.recordedByName} recorded ${what}`
      : payment.status === "pending"
        ? `${what[0]!.toUpperCase()}${what.slice(1)} is processing`
        : `${what[0]!.toUpperCase()}${what.slice(1)} was received`,
    details: { paymentId: payment.paymentId, amountCents: payment.amountCents, method: input.method },
  });
}

/** Adds a payment's amount to the invoice's paidCents; the status follows (partially paid, paid). */
async function countPaid(
  tx: TenantTransaction,
  invoice: { id: string; totalCents: number; paidCents: number },
  amountCents: number,
  receivedAt: Date,
) {
  const paidCents = invoice.paidCents + amountCents;
  const status = invoiceStatusForPaid(paidCents, invoice.totalCents);
  await tx.invoice.update({
    where: { id: invoice.id },
    data: { paidCents, status, paidAt: status === "paid" ? receivedAt : null },
  });
}

/**
 * A pending charge that did not go through (a bank debit refused): marked failed, never counted, and the balance it
 * held is owed again. A charge that already succeeded, or that nothing was recorded for, is left as it is.
 */
export async function failPendingPayment(
  tx: TenantTransaction,
  input: { providerReference: string; failureMessage: string | null },
): Promise<{ invoiceId: string; customerId: string } | null> {
  const payment = await tx.payment.findFirst({ where: { providerReference: input.providerReference } });
  if (!payment || payment.status !== "pending") return null;
  const invoice = await lockInvoice(tx, payment.invoiceId);
  const failureMessage = input.failureMessage?.slice(0, 500) ?? null;
  await tx.payment.update({ where: { id: payment.id }, data: { status: "failed", failureMessage } });
  const what = `A ${PAYMENT_METHOD_WORDS[payment.method]} payment of ${formatCents(payment.amountCents)} on invoice #${invoice.number}`;
  await recordAudit(tx, {
    companyId: payment.companyId,
    actorUserId: null,
    action: "payment.failed",
    entityType: "invoice",
    entityId: invoice.id,
    summary: `${what} failed${failureMessage ? `: ${failureMessage}` : ""}`,
    details: { paymentId: payment.id, amountCents: payment.amountCents, method: payment.method },
  });
  return { invoiceId: invoice.id, customerId: invoice.customerId };
}
