import type { TenantTransaction } from "@fieldops/db";
import type { QuickBooksOverview, QuickBooksSyncEntity } from "@fieldops/shared/quickbooks";
import { liveQuickBooksRealm } from "./quickbooks-connection.ts";

async function labelOf(tx: TenantTransaction, entity: QuickBooksSyncEntity, id: string): Promise<string> {
  if (entity === "customer") {
    const customer = await tx.customer.findUnique({ where: { id }, select: { name: true } });
    return customer ? customer.name : "Deleted customer";
  }
  const invoiceId =
    entity === "invoice"
      ? id
      : entity === "payment"
        ? (await tx.payment.findUnique({ where: { id }, select: { invoiceId: true } }))?.invoiceId
        : (await tx.refund.findUnique({ where: { id }, select: { invoiceId: true } }))?.invoiceId;
  const invoice = invoiceId
    ? await tx.invoice.findUnique({ where: { id: invoiceId }, select: { number: true } })
    : null;
  const what = { invoice: "Invoice", payment: "Payment on invoice", refund: "Refund on invoice", customer: "" }[entity];
  return invoice ? `${what} #${invoice.number}` : `Deleted ${entity}`;
}

/** Settings → Integrations: when the sync last pushed, how much waits, what failed (the latest 50), and the mapping. */
export async function getQuickBooksOverview(tx: TenantTransaction): Promise<QuickBooksOverview> {
  const [realm, last, pending, failed, settings] = await Promise.all([
    liveQuickBooksRealm(tx),
    tx.quickBooksSync.aggregate({ _max: { lastSyncedAt: true } }),
    tx.quickBooksSync.count({ where: { status: "pending" } }),
    tx.quickBooksSync.findMany({ where: { status: "failed" }, orderBy: { updatedAt: "desc" }, take: 50 }),
    tx.quickBooksSettings.findFirst(),
  ]);
  const failures = [];
  for (const row of failed) {
    const entity = row.entityType as QuickBooksSyncEntity;
    failures.push({
      entity,
      id: row.entityId,
      label: await labelOf(tx, entity, row.entityId),
      state: "failed" as const,
      error: row.error,
      quickbooksId: row.quickbooksId,
      lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    });
  }
  return {
    connected: realm !== null,
    lastSyncedAt: last._max.lastSyncedAt?.toISOString() ?? null,
    pending,
    failures,
    settings: {
      itemId: settings?.itemId ?? null,
      itemName: settings?.itemName ?? null,
      taxCodeId: settings?.taxCodeId ?? null,
      taxCodeName: settings?.taxCodeName ?? null,
    },
  };
}
