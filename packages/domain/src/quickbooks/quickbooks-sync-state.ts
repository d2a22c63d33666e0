import type { TenantTransaction } from "@fieldops/db";
import type { QuickBooksSyncEntity, QuickBooksSyncState } from "@fieldops/shared/quickbooks";
import { notFound } from "../errors.ts";
import { liveQuickBooksRealm } from "./quickbooks-connection.ts";

const NOT_FOUND: Record<QuickBooksSyncEntity, string> = {
  customer: "Customer not found",
  invoice: "Invoice not found",
  payment: "Payment not found",
  refund: "Refund not found",
};

/** Refuses (404) a record that is not the company's. */
export async function assertSyncedRecordExists(tx: TenantTransaction, entity: QuickBooksSyncEntity, id: string) {
  const where = { where: { id }, select: { id: true } } as const;
  const found =
    entity === "customer"
      ? await tx.customer.findUnique(where)
      : entity === "invoice"
        ? await tx.invoice.findUnique(where)
        : entity === "payment"
          ? await tx.payment.findUnique(where)
          : await tx.refund.findUnique(where);
  if (!found) throw notFound(NOT_FOUND[entity]);
}

/** How one record stands with the company's QuickBooks. */
export async function getQuickBooksSyncState(
  tx: TenantTransaction,
  input: { entity: QuickBooksSyncEntity; id: string },
): Promise<QuickBooksSyncState> {
  await assertSyncedRecordExists(tx, input.entity, input.id);
  const realm = await liveQuickBooksRealm(tx);
  const row = await tx.quickBooksSync.findFirst({ where: { entityType: input.entity, entityId: input.id } });
  const base = { entity: input.entity, id: input.id };
  if (!row) {
    const state = realm ? "not_synced" : "not_connected";
    return { ...base, state, error: null, quickbooksId: null, lastSyncedAt: null, updatedAt: null };
  }
  const state = row.status === "synced" || row.status === "failed" ? row.status : "pending";
  return {
    ...base,
    state,
    error: row.error,
    quickbooksId: row.realmId === realm ? row.quickbooksId : null,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
