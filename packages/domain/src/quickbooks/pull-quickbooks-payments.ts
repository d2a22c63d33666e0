import type { TenantTransaction } from "@fieldops/db";
import { DomainError } from "../errors.ts";
import { applyPayment } from "../payments/apply-payment.ts";
import type { QuickBooksClient, QuickBooksRecord } from "./quickbooks-client.ts";

/** QuickBooks keeps changes for 30 days; a first read, or one after a long pause, starts no further back. */
const CDC_WINDOW_MS = 29 * 24 * 3600_000;
/** Each read starts a little before the last one ended, so a change stamped late is not missed (recording is idempotent). */
const OVERLAP_MS = 5 * 60_000;

interface PaymentLine {
  Amount?: number;
  LinkedTxn?: { TxnId?: string; TxnType?: string }[];
}

export interface PulledPayment {
  invoiceId: string;
  paymentId: string;
  customerId: string;
}

/**
 * Reads the payments changed in the company's QuickBooks since the last read (change data capture) and records each
 * one made there against our invoice it pays, through `applyPayment`, once: keyed by QuickBooks' payment id (its
 * Idempotency-Key and a sync row of QuickBooks' origin), so a read repeated or overlapping records nothing twice.
 * Payments we pushed carry our note and are left alone. A payment QuickBooks has for an invoice we no longer owe (void,
 * already paid) is not recorded; `skipped` says why.
 */
export async function pullQuickBooksPayments(
  tx: TenantTransaction,
  client: QuickBooksClient,
  input: { companyId: string; now?: Date },
): Promise<{ recorded: PulledPayment[]; skipped: { quickbooksId: string; reason: string }[] }> {
  const now = input.now ?? new Date();
  const [settings, connection] = await Promise.all([
    tx.quickBooksSettings.findUnique({ where: { companyId: input.companyId } }),
    tx.integrationConnection.findFirst({ where: { provider: "quickbooks" }, select: { connectedAt: true } }),
  ]);
  const from = settings?.changesReadAt ?? connection?.connectedAt ?? now;
  const since = new Date(Math.max(from.getTime() - OVERLAP_MS, now.getTime() - CDC_WINDOW_MS));
  const changed = await client.changedSince(["Payment"], since);
  const recorded: PulledPayment[] = [];
  const skipped: { quickbooksId: string; reason: string }[] = [];
  for (const payment of changed.Payment ?? []) {
    const outcome = await recordPulledPayment(tx, client, input.companyId, payment);
    if ("reason" in outcome) skipped.push({ quickbooksId: payment.Id, reason: outcome.reason });
    else recorded.push(...outcome.recorded);
  }
  await tx.quickBooksSettings.upsert({
    where: { companyId: input.companyId },
    create: { companyId: input.companyId, changesReadAt: now },
    update: { changesReadAt: now },
  });
  return { recorded, skipped };
}

async function recordPulledPayment(
  tx: TenantTransaction,
  client: QuickBooksClient,
  companyId: string,
  payment: QuickBooksRecord,
): Promise<{ recorded: PulledPayment[] } | { reason: string }> {
  if (typeof payment.PrivateNote === "string" && payment.PrivateNote.includes("FieldOps payment ")) {
    return { reason: "pushed from FieldOps" };
  }
  if (payment.status === "Deleted") return { reason: "deleted in QuickBooks" };
  const known = await tx.quickBooksSync.findFirst({
    where: { entityType: "payment", quickbooksId: payment.Id, OR: [{ realmId: client.realmId }, { realmId: null }] },
  });
  if (known) return { reason: "already recorded" };
  const lines = ((payment.Line ?? []) as PaymentLine[]).flatMap((line) =>
    (line.LinkedTxn ?? [])
      .filter((linked) => linked.TxnType === "Invoice" && linked.TxnId)
      .map((linked) => ({ invoiceRef: linked.TxnId!, cents: Math.round((line.Amount ?? 0) * 100) })),
  );
  const recorded: PulledPayment[] = [];
  for (const [index, line] of lines.entries()) {
    const invoice = await tx.quickBooksSync.findFirst({
      where: { entityType: "invoice", quickbooksId: line.invoiceRef, realmId: client.realmId },
      select: { entityId: true },
    });
    if (!invoice || line.cents <= 0) continue;
    const methodName = String((payment.PaymentMethodRef as { name?: string } | undefined)?.name ?? "");
    const key = `quickbooks:${client.realmId}:${payment.Id}:${index}`;
    const applied = await applyInSavepoint(tx, () =>
      applyPayment(tx, {
        companyId,
        invoiceId: invoice.entityId,
        method: methodNamed(methodName),
        amountCents: line.cents,
        idempotencyKey: key,
        receivedAt: typeof payment.TxnDate === "string" ? new Date(`${payment.TxnDate}T12:00:00Z`) : new Date(),
        recordedByUserId: null,
        provider: "quickbooks",
        reference: [
          "QuickBooks payment",
          typeof payment.PaymentRefNum === "string" ? payment.PaymentRefNum : payment.Id,
        ].join(" "),
      }),
    );
    if (!applied) return { reason: "the invoice does not owe it" };
    await tx.quickBooksSync.create({
      data: {
        companyId,
        entityType: "payment",
        entityId: applied.paymentId,
        origin: "quickbooks",
        realmId: client.realmId,
        quickbooksId: payment.Id,
        syncToken: payment.SyncToken,
        status: "synced",
        lastSyncedAt: new Date(),
      },
    });
    recorded.push({ invoiceId: invoice.entityId, paymentId: applied.paymentId, customerId: applied.customerId });
  }
  return recorded.length ? { recorded } : { reason: "pays none of our invoices" };
}

/** Runs `work` in a savepoint: a refusal (the invoice is void or paid already) undoes only that payment's writes. */
async function applyInSavepoint<T>(tx: TenantTransaction, work: () => Promise<T>): Promise<T | null> {
  await tx.$executeRaw`SAVEPOINT quickbooks_payment`;
  try {
    const result = await work();
    await tx.$executeRaw`RELEASE SAVEPOINT quickbooks_payment`;
    return result;
  } catch (error) {
    await tx.$executeRaw`ROLLBACK TO SAVEPOINT quickbooks_payment`;
    if (error instanceof DomainError) return null;
    throw error;
  }
}

/**
 * A QuickBooks payment method (its name: the defaults are Cash, Check and card brands; companies add their own) as
 * ours. A card payment recorded in the books is the books' alone: it is never refunded through a card provider here.
 */
function methodNamed(name: string): "cash" | "check" | "card" | "ach" {
  if (/cash/i.test(name)) return "cash";
  if (/\b(?:ach|bank|transfer|wire|eft|zelle|direct deposit)\b/i.test(name)) return "ach";
  if (/\b(?:card|visa|master\s?card|amex|american express|discover|diners)\b/i.test(name)) return "card";
  return "check";
}
