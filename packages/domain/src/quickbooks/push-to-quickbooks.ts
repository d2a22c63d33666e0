import { createHash } from "node:crypto";
import type { TenantTransaction } from "@fieldops/db";
import { dayInTimeZone } from "@fieldops/shared/company-time";
import type { QuickBooksSyncEntity } from "@fieldops/shared/quickbooks";
import {
  QuickBooksError,
  queryValue,
  type QuickBooksClient,
  type QuickBooksEntity,
  type QuickBooksRecord,
} from "./quickbooks-client.ts";

interface PushContext {
  tx: TenantTransaction;
  client: QuickBooksClient;
  companyId: string;
  timeZone?: string;
  itemId?: string;
}

const QUICKBOOKS_ENTITY: Record<QuickBooksSyncEntity, QuickBooksEntity> = {
  customer: "Customer",
  invoice: "Invoice",
  payment: "Payment",
  refund: "RefundReceipt",
};

/** The note each record carries in QuickBooks, by which a push cut short finds what it made. */
export const quickBooksMarker = (entity: QuickBooksSyncEntity, id: string) => `FieldOps ${entity} ${id}`;

/**
 * QuickBooks' `requestid` of one push: the same for a retry of the same push (so QuickBooks answers it with the first
 * result), different for another change. At most 50 characters.
 */
function requestId(context: PushContext, ...parts: (string | number)[]): string {
  const digest = createHash("sha256")
    .update([context.companyId, context.client.realmId, ...parts].join(":"))
    .digest("hex");
  return `fo-${digest.slice(0, 40)}`;
}

const amount = (cents: number) => cents / 100;
const cents = (value: unknown) => Math.round(Number(value) * 100);

/** A push's answer when nothing is due in QuickBooks now or later (a void invoice it never had): the row is synced. */
const NOTHING_DUE = Symbol("nothing due");
type PushOutcome = string | null | typeof NOTHING_DUE;

/** One push at a time per record, across workers: held until the transaction ends. */
async function lockRecord(tx: TenantTransaction, entity: QuickBooksSyncEntity, id: string) {
  await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtextextended(${`quickbooks:${entity}:${id}`}, 0))`;
}

interface SyncRow {
  quickbooksId: string | null;
  syncToken: string | null;
  realmId: string | null;
  origin: string;
  requestedVersion: number;
  syncedVersion: number;
  status: string;
  voidedAt: Date | null;
}

async function readRow(context: PushContext, entity: QuickBooksSyncEntity, id: string): Promise<SyncRow | null> {
  const row = await context.tx.quickBooksSync.findUnique({
    where: { companyId_entityType_entityId: { companyId: context.companyId, entityType: entity, entityId: id } },
  });
  if (!row) return null;
  // A mapping into another realm (QuickBooks reconnected to another company file) is no mapping here.
  if (row.realmId && row.realmId !== context.client.realmId) return { ...row, quickbooksId: null, syncToken: null };
  return row;
}

async function saveRow(
  context: PushContext,
  entity: QuickBooksSyncEntity,
  id: string,
  record: QuickBooksRecord,
  version: number,
  options: { voided?: boolean } = {},
) {
  const voidedAt = options.voided ? new Date() : null;
  await context.tx.$executeRaw`
    INSERT INTO quickbooks_syncs (id, "companyId", "entityType", "entityId", "realmId", "quickbooksId", "syncToken", status,
      "requestedVersion", "syncedVersion", "lastSyncedAt", "voidedAt", "updatedAt")
    VALUES (gen_random_uuid(), ${context.companyId}::uuid, ${entity}, ${id}::uuid, ${context.client.realmId}, ${record.Id},
      ${record.SyncToken}, 'synced', ${version}, ${version}, now(), ${voidedAt}, now())
    ON CONFLICT ("companyId", "entityType", "entityId") DO UPDATE SET
      "realmId" = EXCLUDED."realmId", "quickbooksId" = EXCLUDED."quickbooksId", "syncToken" = EXCLUDED."syncToken",
      "voidedAt" = COALESCE(quickbooks_syncs."voidedAt", EXCLUDED."voidedAt"),
      "syncedVersion" = GREATEST(quickbooks_syncs."syncedVersion", ${version}),
      status = CASE WHEN quickbooks_syncs."requestedVersion" <= GREATEST(quickbooks_syncs."syncedVersion", ${version})
        THEN 'synced' ELSE 'pending' END,
      error = NULL, "lastSyncedAt" = now(), "updatedAt" = now()`;
}

/**
 * Updates a record in QuickBooks with a sparse update naming its SyncToken, or voids it. When someone changed it there
 * meanwhile (5010, stale), it is read again and the change sent with the current SyncToken: ours is applied, not lost.
 */
async function updateRecord(
  context: PushContext,
  entity: QuickBooksSyncEntity,
  id: string,
  target: { quickbooksId: string; syncToken: string | null; version: number },
  fields: Record<string, unknown> | "void",
  onDuplicateName?: (fields: Record<string, unknown>) => Record<string, unknown>,
): Promise<QuickBooksRecord> {
  const type = QUICKBOOKS_ENTITY[entity];
  let syncToken = target.syncToken ?? (await context.client.read(type, target.quickbooksId)).SyncToken;
  let body = fields;
  for (let attempt = 0; ; attempt += 1) {
    const request = requestId(
      context,
      entity,
      id,
      body === "void" ? "void" : "update",
      target.version,
      syncToken,
      attempt,
    );
    try {
      if (body === "void") {
        if (type !== "Invoice" && type !== "Payment") throw new Error(`QuickBooks voids no ${type} of ours`);
        return await context.client.void(type, { Id: target.quickbooksId, SyncToken: syncToken }, request);
      }
      return await context.client.update(type, { ...body, Id: target.quickbooksId, SyncToken: syncToken }, request);
    } catch (error) {
      if (!(error instanceof QuickBooksError) || attempt >= 4) throw error;
      if (error.kind === "stale") {
        syncToken = (await context.client.read(type, target.quickbooksId)).SyncToken;
      } else if (error.kind === "duplicate_name" && onDuplicateName && body !== "void") {
        body = onDuplicateName(body);
      } else throw error;
    }
  }
}

const carriesMarker = (record: QuickBooksRecord, field: string, marker: string) =>
  typeof record[field] === "string" && (record[field] as string).includes(marker);

// Customers ---------------------------------------------------------------------------------------------------------

/** QuickBooks' DisplayName takes no colon (it separates a sub-customer's name) nor line breaks. */
const displayName = (name: string) =>
  name
    .replace(/[:\t\r\n]+/g, " ")
    .trim()
    .slice(0, 480) || "Customer";
const disambiguated = (name: string, id: string) => `${displayName(name).slice(0, 460)} (${id.slice(0, 8)})`;

async function customerFields(context: PushContext, id: string) {
  const customer = await context.tx.customer.findUnique({
    where: { id },
    select: {
      name: true,
      email: true,
      phone: true,
      street: true,
      city: true,
      region: true,
      postcode: true,
      notes: true,
    },
  });
  if (!customer) return null;
  const marker = quickBooksMarker("customer", id);
  return {
    name: customer.name,
    fields: {
      DisplayName: displayName(customer.name),
      PrimaryEmailAddr: customer.email ? { Address: customer.email } : undefined,
      PrimaryPhone: customer.phone ? { FreeFormNumber: customer.phone } : undefined,
      BillAddr: {
        Line1: customer.street,
        City: customer.city,
        CountrySubDivisionCode: customer.region,
        PostalCode: customer.postcode,
      },
      Notes: [customer.notes?.slice(0, 1900), marker].filter(Boolean).join("\n"),
    } as Record<string, unknown>,
  };
}

/**
 * The query for a customer's payments or refund receipts of one day, where a push cut short looks for the one it made:
 * a query answers one page (100 rows), which the customer's records of all time may overflow, and those of a day do not.
 */
const customerRecordsOfDay = (type: QuickBooksEntity, customerRef: string, txnDate: string) =>
  `select * from ${type} where CustomerRef = ${queryValue(customerRef)} and TxnDate = ${queryValue(txnDate)}`;

async function findByMarker(
  context: PushContext,
  statement: string,
  field: string,
  marker: string,
): Promise<QuickBooksRecord | null> {
  const found = await context.client.query(statement);
  return found.find((record) => carriesMarker(record, field, marker)) ?? null;
}

async function pushCustomer(context: PushContext, id: string, version: number, row: SyncRow | null) {
  const current = await customerFields(context, id);
  if (!current) return null;
  const { name, fields } = current;
  const marker = quickBooksMarker("customer", id);
  const renamed = (body: Record<string, unknown>) => ({ ...body, DisplayName: disambiguated(name, id) });
  let quickbooksId = row?.quickbooksId ?? null;
  let syncToken = row?.syncToken ?? null;
  if (!quickbooksId) {
    // A push cut short after QuickBooks made the customer left no id here: find it by its name and our note.
    const byName = `select * from Customer where DisplayName = ${queryValue(fields.DisplayName as string)}`;
    const byOtherName = `select * from Customer where DisplayName = ${queryValue(disambiguated(name, id))}`;
    const found =
      (await findByMarker(context, byName, "Notes", marker)) ??
      (await findByMarker(context, byOtherName, "Notes", marker));
    if (found) {
      quickbooksId = found.Id;
      syncToken = found.SyncToken;
    } else {
      let created: QuickBooksRecord;
      let sent = fields;
      try {
        created = await context.client.create("Customer", sent, requestId(context, "customer", id, "create"));
      } catch (error) {
        if (!(error instanceof QuickBooksError) || error.kind !== "duplicate_name") throw error;
        // Someone else in QuickBooks has the name: ours gets a name of its own.
        sent = renamed(fields);
        created = await context.client.create(
          "Customer",
          sent,
          requestId(context, "customer", id, "create", "renamed"),
        );
      }
      // QuickBooks answered a repeated requestid with the customer an earlier, cut-off push made under the name it
      // had then (renamed since, so the search by name missed it): the same customer, which now gets the current fields.
      if (created.DisplayName === sent.DisplayName) {
        await saveRow(context, "customer", id, created, version);
        return created.Id;
      }
      quickbooksId = created.Id;
      syncToken = created.SyncToken;
    }
  }
  const updated = await updateRecord(context, "customer", id, { quickbooksId, syncToken, version }, fields, renamed);
  await saveRow(context, "customer", id, updated, version);
  return updated.Id;
}

// Invoices ----------------------------------------------------------------------------------------------------------

async function companyTimeZone(context: PushContext): Promise<string> {
  context.timeZone ??= (
    await context.tx.company.findUniqueOrThrow({ where: { id: context.companyId }, select: { timeZone: true } })
  ).timeZone;
  return context.timeZone;
}

const NO_ITEM_MESSAGE =
  "QuickBooks has no item named Services for invoice lines: choose the item in Settings → Integrations";

/** The item invoice lines are sold as: the one chosen in the settings, or QuickBooks' "Services". */
async function lineItemId(context: PushContext): Promise<string> {
  if (context.itemId) return context.itemId;
  const settings = await context.tx.quickBooksSettings.findUnique({ where: { companyId: context.companyId } });
  if (settings?.itemId) return (context.itemId = settings.itemId);
  const [services] = await context.client.query("select * from Item where Name = 'Services'");
  if (!services) throw new QuickBooksError("refused", NO_ITEM_MESSAGE, null, null);
  return (context.itemId = services.Id);
}

async function invoiceFields(context: PushContext, id: string) {
  const invoice = await context.tx.invoice.findUnique({
    where: { id },
    include: { lines: { orderBy: { position: "asc" } } },
  });
  if (!invoice || invoice.status === "draft") return null;
  const timeZone = await companyTimeZone(context);
  const itemId = await lineItemId(context);
  const settings = await context.tx.quickBooksSettings.findUnique({ where: { companyId: context.companyId } });
  const lines: Record<string, unknown>[] = invoice.lines.map((line) => ({
    Amount: amount(line.amountCents),
    Description: line.description.slice(0, 4000),
    DetailType: "SalesItemLineDetail",
    SalesItemLineDetail: {
      ItemRef: { value: itemId },
      Qty: Number(line.quantity),
      UnitPrice: amount(line.unitPriceCents),
      TaxCodeRef: { value: line.taxable ? "TAX" : "NON" },
    },
  }));
  if (invoice.discountCents > 0) {
    lines.push({
      Amount: amount(invoice.discountCents),
      DetailType: "DiscountLineDetail",
      DiscountLineDetail: { PercentBased: false },
    });
  }
  return {
    invoice,
    fields: {
      DocNumber: String(invoice.number),
      TxnDate: dayInTimeZone(invoice.issuedAt ?? invoice.createdAt, timeZone),
      ...(invoice.dueAt ? { DueDate: dayInTimeZone(invoice.dueAt, timeZone) } : {}),
      Line: lines,
      ...(invoice.taxCents > 0
        ? {
            TxnTaxDetail: {
              ...(settings?.taxCodeId ? { TxnTaxCodeRef: { value: settings.taxCodeId } } : {}),
              TotalTax: amount(invoice.taxCents),
            },
          }
        : {}),
      ...(invoice.notes ? { CustomerMemo: { value: invoice.notes.slice(0, 1000) } } : {}),
      PrivateNote: quickBooksMarker("invoice", id),
    } as Record<string, unknown>,
  };
}

async function pushInvoice(
  context: PushContext,
  id: string,
  version: number,
  row: SyncRow | null,
): Promise<PushOutcome> {
  if (row?.voidedAt) return NOTHING_DUE;
  const current = await invoiceFields(context, id);
  if (!current) return null;
  if (current.invoice.status === "void") return voidInvoice(context, current.invoice, version, row);
  const customerRef = await ensurePushed(context, "customer", current.invoice.customerId);
  if (!customerRef) return null;
  const fields = { ...current.fields, CustomerRef: { value: customerRef } };
  let quickbooksId = row?.quickbooksId ?? null;
  let syncToken = row?.syncToken ?? null;
  if (!quickbooksId) {
    const found = await findByMarker(
      context,
      `select * from Invoice where DocNumber = ${queryValue(String(current.invoice.number))}`,
      "PrivateNote",
      quickBooksMarker("invoice", id),
    );
    if (!found) {
      const created = await context.client.create("Invoice", fields, requestId(context, "invoice", id, "create"));
      await saveRow(context, "invoice", id, created, version);
      return created.Id;
    }
    quickbooksId = found.Id;
    syncToken = found.SyncToken;
  }
  const updated = await updateRecord(context, "invoice", id, { quickbooksId, syncToken, version }, fields);
  await saveRow(context, "invoice", id, updated, version);
  return updated.Id;
}

/**
 * A void invoice is voided in QuickBooks, once: the row remembers it, and nothing is pushed for it again. One
 * QuickBooks never had is not made there to be voided.
 */
async function voidInvoice(
  context: PushContext,
  invoice: { id: string; number: number },
  version: number,
  row: SyncRow | null,
): Promise<PushOutcome> {
  const found = row?.quickbooksId
    ? { Id: row.quickbooksId, SyncToken: row.syncToken }
    : await findByMarker(
        context,
        `select * from Invoice where DocNumber = ${queryValue(String(invoice.number))}`,
        "PrivateNote",
        quickBooksMarker("invoice", invoice.id),
      );
  if (!found) return NOTHING_DUE;
  // We void only an invoice nothing is held on; a payment refunded as a credit is still applied to it in QuickBooks,
  // where voiding would turn that payment into the customer's unapplied credit and count the refund twice.
  const payments = await context.tx.payment.findMany({
    where: { invoiceId: invoice.id, status: "succeeded" },
    select: { id: true, amountCents: true },
  });
  for (const payment of payments) {
    const paymentRow = await readRow(context, "payment", payment.id);
    if (paymentRow?.quickbooksId && !paymentRow.voidedAt && (await appliedCents(context, payment)) > 0) {
      throw new QuickBooksError(
        "refused",
        `Invoice #${invoice.number} has a payment refunded as a credit applied to it in QuickBooks: void it there by hand`,
        null,
        null,
      );
    }
  }
  const voided = await updateRecord(
    context,
    "invoice",
    invoice.id,
    { quickbooksId: found.Id, syncToken: found.SyncToken, version },
    "void",
  );
  await saveRow(context, "invoice", invoice.id, voided, version, { voided: true });
  return voided.Id;
}

// Payments and refunds ----------------------------------------------------------------------------------------------

/**
 * How much of a payment is applied to its invoice in QuickBooks: what was received, less what was given back with
 * the balance reopened.
 *
 * The accounting of money given back. A refund as a credit (the invoice stays settled with us) is a RefundReceipt:
 * money out, income down, the invoice still paid in QuickBooks too. A refund that reopens the balance (the office's
 * choice, or a dispute lost: the customer's bank took the money back) undoes part of the payment: the customer owes
 * it again and the sale still stands. A RefundReceipt would leave the invoice paid in QuickBooks while we say it is
 * owed, and lower income that was earned; a journal entry to Accounts Receivable would reopen the customer's balance
 * but not the invoice's. So the payment in QuickBooks is reduced to what is still applied (voided at nothing): the
 * invoice's balance there is ours, income is unchanged and the deposit is lower by what went back. The cost: the
 * money's return is dated by the payment, not by the refund (QuickBooks refuses the change in a closed period, and the
 * push then fails with its words for the office).
 */
async function appliedCents(context: PushContext, payment: { id: string; amountCents: number }): Promise<number> {
  const reopened = await context.tx.refund.aggregate({
    where: { paymentId: payment.id, reopenedBalance: true },
    _sum: { amountCents: true },
  });
  return payment.amountCents - (reopened._sum.amountCents ?? 0);
}

async function createOnce(
  context: PushContext,
  entity: "refund",
  id: string,
  version: number,
  customerRef: string,
  fields: { TxnDate: string } & Record<string, unknown>,
) {
  const type = QUICKBOOKS_ENTITY[entity];
  const marker = quickBooksMarker(entity, id);
  const found = await findByMarker(
    context,
    customerRecordsOfDay(type, customerRef, fields.TxnDate),
    "PrivateNote",
    marker,
  );
  const record =
    found ??
    (await context.client.create(
      type,
      { ...fields, CustomerRef: { value: customerRef }, PrivateNote: marker },
      requestId(context, entity, id, "create"),
    ));
  await saveRow(context, entity, id, record, version);
  return record.Id;
}

/**
 * A payment is made in QuickBooks against its invoice for what is applied of it (`appliedCents`); when a refund
 * reopening the balance lowers that, the payment there is reduced to match, or voided at nothing (once).
 */
async function pushPayment(
  context: PushContext,
  id: string,
  version: number,
  row: SyncRow | null,
): Promise<PushOutcome> {
  if (row?.voidedAt) return NOTHING_DUE;
  const payment = await context.tx.payment.findUnique({
    where: { id },
    select: { invoiceId: true, amountCents: true, receivedAt: true, reference: true, method: true, status: true },
  });
  // A bank debit still processing (or failed) is no money received yet: it is queued again once it settles.
  if (!payment || payment.status !== "succeeded") return null;
  const applied = await appliedCents(context, { id, amountCents: payment.amountCents });
  const invoiceRef = await ensurePushed(context, "invoice", payment.invoiceId);
  const customerId = (await context.tx.invoice.findUniqueOrThrow({ where: { id: payment.invoiceId } })).customerId;
  const customerRef = await ensurePushed(context, "customer", customerId);
  if (!invoiceRef || !customerRef) return null;
  const marker = quickBooksMarker("payment", id);
  const txnDate = dayInTimeZone(payment.receivedAt, await companyTimeZone(context));
  const existing = row?.quickbooksId
    ? await context.client.read("Payment", row.quickbooksId)
    : await findByMarker(context, customerRecordsOfDay("Payment", customerRef, txnDate), "PrivateNote", marker);
  const line = [{ Amount: amount(applied), LinkedTxn: [{ TxnId: invoiceRef, TxnType: "Invoice" }] }];
  if (!existing) {
    if (applied <= 0) return NOTHING_DUE;
    const created = await context.client.create(
      "Payment",
      {
        TotalAmt: amount(applied),
        TxnDate: txnDate,
        ...(payment.reference ? { PaymentRefNum: payment.reference.slice(0, 21) } : {}),
        Line: line,
        CustomerRef: { value: customerRef },
        PrivateNote: marker,
      },
      requestId(context, "payment", id, "create", applied),
    );
    await saveRow(context, "payment", id, created, version);
    return created.Id;
  }
  const target = { quickbooksId: existing.Id, syncToken: existing.SyncToken, version };
  if (applied <= 0) {
    // Voided already by a push whose answer was lost: voided again, its SyncToken would move for nothing.
    const voided =
      cents(existing.TotalAmt) === 0 ? existing : await updateRecord(context, "payment", id, target, "void");
    await saveRow(context, "payment", id, voided, version, { voided: true });
    return voided.Id;
  }
  const current =
    cents(existing.TotalAmt) === applied
      ? existing
      : await updateRecord(context, "payment", id, target, { TotalAmt: amount(applied), Line: line });
  await saveRow(context, "payment", id, current, version);
  return current.Id;
}

/** A refund as a credit is a RefundReceipt, made once; one that reopened the balance is carried by its payment. */
async function pushRefund(
  context: PushContext,
  id: string,
  version: number,
  row: SyncRow | null,
): Promise<PushOutcome> {
  if (row?.quickbooksId) {
    await saveRow(context, "refund", id, { Id: row.quickbooksId, SyncToken: row.syncToken ?? "0" }, version);
    return row.quickbooksId;
  }
  const refund = await context.tx.refund.findUnique({
    where: { id },
    select: {
      amountCents: true,
      createdAt: true,
      reason: true,
      reopenedBalance: true,
      invoice: { select: { number: true, customerId: true } },
    },
  });
  if (!refund) return null;
  if (refund.reopenedBalance) return NOTHING_DUE;
  const customerRef = await ensurePushed(context, "customer", refund.invoice.customerId);
  if (!customerRef) return null;
  const itemId = await lineItemId(context);
  return createOnce(context, "refund", id, version, customerRef, {
    TxnDate: dayInTimeZone(refund.createdAt, await companyTimeZone(context)),
    Line: [
      {
        Amount: amount(refund.amountCents),
        Description: [`Refund on invoice ${refund.invoice.number}`, refund.reason].filter(Boolean).join(": "),
        DetailType: "SalesItemLineDetail",
        SalesItemLineDetail: { ItemRef: { value: itemId }, Qty: 1, UnitPrice: amount(refund.amountCents) },
      },
    ],
  });
}

const PUSHERS = { customer: pushCustomer, invoice: pushInvoice, payment: pushPayment, refund: pushRefund };

/** The QuickBooks id of a record another push refers to (an invoice's customer), pushing it first when it has none. */
async function ensurePushed(context: PushContext, entity: QuickBooksSyncEntity, id: string): Promise<string | null> {
  await lockRecord(context.tx, entity, id);
  const row = await readRow(context, entity, id);
  if (row?.quickbooksId) return row.quickbooksId;
  const pushed = await PUSHERS[entity](context, id, row?.requestedVersion ?? 0, row);
  return pushed === NOTHING_DUE ? null : pushed;
}

/**
 * Pushes one record to QuickBooks as it is now, in the company's transaction: creates it there (looking first for
 * what a push cut short may have made) or updates it with its SyncToken, first making what it refers to (an invoice's
 * customer, a payment's invoice), and keeps the QuickBooks id and SyncToken. A task whose change a later push already
 * carried does nothing. Answers whether it pushed.
 */
export async function pushToQuickBooks(
  tx: TenantTransaction,
  client: QuickBooksClient,
  target: { companyId: string; entity: QuickBooksSyncEntity; id: string; version: number },
): Promise<"pushed" | "up_to_date" | "nothing_to_push"> {
  const context: PushContext = { tx, client, companyId: target.companyId };
  await lockRecord(tx, target.entity, target.id);
  const row = await readRow(context, target.entity, target.id);
  if (row?.origin === "quickbooks") return "up_to_date";
  if (row?.quickbooksId && row.status === "synced" && row.syncedVersion >= target.version) return "up_to_date";
  // Read before the record: a change made after this point has a version of its own, and a task to carry it.
  const version = Math.max(row?.requestedVersion ?? 0, target.version);
  const pushed = await PUSHERS[target.entity](context, target.id, version, row);
  if (pushed === null || pushed === NOTHING_DUE) {
    await tx.quickBooksSync.updateMany({
      where: { entityType: target.entity, entityId: target.id, requestedVersion: { lte: version } },
      data: { status: row?.quickbooksId || pushed === NOTHING_DUE ? "synced" : "pending", error: null },
    });
    return "nothing_to_push";
  }
  return "pushed";
}

/** Marks a record's push failed with QuickBooks' message (shown beside it, with Retry). */
export async function recordQuickBooksFailure(
  tx: TenantTransaction,
  target: { companyId: string; entity: QuickBooksSyncEntity; id: string },
  message: string,
): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO quickbooks_syncs (id, "companyId", "entityType", "entityId", status, error, "updatedAt")
    VALUES (gen_random_uuid(), ${target.companyId}::uuid, ${target.entity}, ${target.id}::uuid, 'failed', ${message.slice(0, 2000)}, now())
    ON CONFLICT ("companyId", "entityType", "entityId") DO UPDATE SET status = 'failed', error = EXCLUDED.error, "updatedAt" = now()`;
}
