import { formatCents } from "@fieldops/shared/money";
import type { TenantScope } from "../tenant-scope.ts";
import { emitWebhookEvent } from "../webhooks/emit-webhook-event.ts";
import type { TenantTransaction } from "@fieldops/db";
import { invoiceStatusForPaid, type RecordedPaymentMethod } from "@fieldops/shared/invoices";
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
  cardLast4?: string | null;
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

/**
 * Records a payment against an invoice exactly once. The invoice's row is locked first, so concurrent payments take
 * turns: the same Idempotency-Key (or the same provider charge) answers with the payment it recorded the first time,
 * and two keys racing for the last of the balance get one payment and one refusal. A void or draft invoice, a paid
 * one and an amount above the balance are refused. The invoice's status follows (partially paid, paid); the payment
 * goes to the audit log.
 */
export async function applyPayment(
  scope: Pick<TenantScope, "tx" | "companyId" | "enqueue">,
  input: PaymentToApply,
): Promise<{ paymentId: string; customerId: string; replayed: boolean }> {
  const { tx } = scope;
  const invoice = await lockInvoice(tx, input.invoiceId);
  const earlier = await tx.payment.findFirst({
    where: {
      OR: [
        { idempotencyKey: input.idempotencyKey },
        ...(input.providerReference ? [{ providerReference: input.providerReference }] : []),
      ],
    },
  });
  if (earlier) {
    const sameAmount = input.amountCents === "balance" || earlier.amountCents === input.amountCents;
    if (earlier.invoiceId !== input.invoiceId || !sameAmount || earlier.method !== input.method) {
      throw conflict("This Idempotency-Key was already used for a different payment", "Idempotency-Key");
    }
    return { paymentId: earlier.id, customerId: invoice.customerId, replayed: true };
  }
  if (invoice.status === "void") throw conflict("This invoice is void: it cannot be paid");
  if (invoice.status === "draft") throw conflict("A draft invoice cannot be paid: send it first");
  const balance = invoice.totalCents - invoice.paidCents;
  if (balance <= 0) throw conflict("This invoice is already paid");
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
      cardLast4: charged?.cardLast4 ?? input.cardLast4 ?? null,
      reference: input.reference ?? null,
      recordedByUserId: input.recordedByUserId,
      idempotencyKey: input.idempotencyKey,
    },
  });
  const amount = formatCents(amountCents);
  await recordAudit(tx, {
    companyId: input.companyId,
    actorUserId: input.recordedByUserId,
    action: "payment.recorded",
    entityType: "invoice",
    entityId: invoice.id,
    summary: input.recordedByName
      ? `${input.recordedByName} recorded a ${input.method} payment of ${amount} on invoice #${invoice.number}`
      : `A ${input.method} payment of ${amount} was received on invoice #${invoice.number}`,
    details: { paymentId: payment.id, amountCents, method: input.method },
  });
  const paidCents = invoice.paidCents + amountCents;
  const status = invoiceStatusForPaid(paidCents, invoice.totalCents);
  await tx.invoice.update({
    where: { id: invoice.id },
    data: { paidCents, status, paidAt: status === "paid" ? input.receivedAt : null },
  });
  await emitWebhookEvent(scope, "payment.received", {
    id: payment.id,
    invoiceId: invoice.id,
    invoiceNumber: invoice.number,
    customerId: invoice.customerId,
    amountCents,
    method: input.method,
    receivedAt: input.receivedAt.toISOString(),
    invoiceStatus: status,
  });
  return { paymentId: payment.id, customerId: invoice.customerId, replayed: false };
}
