import { randomUUID } from "node:crypto";
import type { TenantTransaction } from "@fieldops/db";
import { insertRows } from "@fieldops/db/bulk-rows";
import type {
  CustomerImport,
  CustomerImportError,
  CustomerImportInput,
  CustomerImportMatch,
  CustomerImportPreview,
} from "@fieldops/shared/customers";
import { requirePlanLimit } from "../plans/require-plan-limit.ts";
import { queueQuickBooksSyncOfMany } from "../quickbooks/queue-quickbooks-sync.ts";
import { actorUserId, type TenantScope } from "../tenant-scope.ts";
import { parseCustomerCsv, toImportRow } from "./customer-csv.ts";
import {
  createImportedCustomers,
  updateMatchedCustomers,
  type ParsedRow,
  type WrittenRow,
} from "./customer-import-writes.ts";
import { findImportMatches } from "./customer-matches.ts";
import { customerImportUpdated } from "./customers-events.ts";
import { getCustomerImport } from "./get-customer-import.ts";
import { locateImportedCustomersTask } from "./locate-imported-customers.task.ts";

/** What an import would do, without doing it: its rows, those matching customers already there, every row's errors. */
export async function previewCustomerImport(
  tx: TenantTransaction,
  input: Pick<CustomerImportInput, "csv" | "mapping">,
): Promise<CustomerImportPreview> {
  const parsed = parseCustomerCsv(input.csv, input.mapping);
  const matches = await findImportMatches(tx, parsed.customers);
  return {
    headers: parsed.headers,
    totalRows: parsed.totalRows,
    rows: parsed.customers.map(({ line, input: customer }) => ({
      ...toImportRow(line, customer),
      match: matches.get(line) ?? null,
    })),
    errors: parsed.errors,
  };
}

export type CustomerImportOutcome =
  | { customerImport: CustomerImport; errors?: undefined }
  | { customerImport?: undefined; errors: CustomerImportError[] };

/**
 * Imports a file in the caller's one transaction, or nothing: any row error returns the errors and writes nothing.
 * Rows matching a customer already there are skipped or update it (`duplicates`); repeats within the file are
 * skipped; the plan's customer limit counts every customer the file creates. The import's record keeps what became of
 * each row. Rows without coordinates are located afterwards by the `locate_imported_customers` task, so that no
 * request or transaction waits on the geocoder.
 */
export async function importCustomers(scope: TenantScope, input: CustomerImportInput): Promise<CustomerImportOutcome> {
  const { tx, companyId } = scope;
  const parsed = parseCustomerCsv(input.csv, input.mapping);
  if (parsed.errors.length > 0) return { errors: parsed.errors };
  // A company's imports take turns: the second of two at once sees the first one's customers as duplicates.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`customer_import:${companyId}`}, 0))`;
  const matches = await findImportMatches(tx, parsed.customers);

  const toCreate: ParsedRow[] = [];
  const toUpdate: (ParsedRow & { customerId: string; match: CustomerImportMatch })[] = [];
  const skipped: (ParsedRow & { match: CustomerImportMatch })[] = [];
  for (const row of parsed.customers) {
    const match = matches.get(row.line);
    if (!match) toCreate.push(row);
    else if (match.customerId !== null && input.duplicates === "update") {
      toUpdate.push({ ...row, customerId: match.customerId, match });
    } else skipped.push({ ...row, match });
  }
  if (toCreate.length > 0) await requirePlanLimit(tx, "customers", { adding: toCreate.length });

  const written: WrittenRow[] = [
    ...(await createImportedCustomers(tx, companyId, toCreate)),
    ...(await updateMatchedCustomers(tx, companyId, toUpdate)),
  ];
  const waiting = written.some((row) => row.location === "pending");
  const record = await tx.customerImport.create({
    data: {
      companyId,
      createdByUserId: actorUserId(scope.actor),
      fileName: input.fileName ?? null,
      duplicates: input.duplicates,
      status: waiting ? "locating" : "done",
      totalRows: parsed.totalRows,
      created: toCreate.length,
      updated: toUpdate.length,
      skipped: skipped.length,
      finishedAt: waiting ? null : new Date(),
    },
  });
  const created = new Set(toCreate.map((row) => row.line));
  await insertRows(tx, "customer_import_rows", [
    ...written.map((row) => ({
      id: randomUUID(),
      companyId,
      importId: record.id,
      line: row.line,
      name: row.name,
      outcome: created.has(row.line) ? ("created" as const) : ("updated" as const),
      reason: row.reason,
      customerId: row.customerId,
      propertyId: row.propertyId,
      location: row.location,
    })),
    ...skipped.map((row) => ({
      id: randomUUID(),
      companyId,
      importId: record.id,
      line: row.line,
      name: row.input.name,
      outcome: "skipped" as const,
      reason: row.match.reason,
      customerId: row.match.customerId,
      propertyId: null,
      location: null,
    })),
  ]);
  if (waiting) scope.enqueue(locateImportedCustomersTask, { companyId, importId: record.id }, record.id);
  // Like a customer created or changed on its page, each one the file created or changed is pushed to QuickBooks.
  await queueQuickBooksSyncOfMany(scope, { entity: "customer", ids: written.map((row) => row.customerId) });
  scope.emit(customerImportUpdated(record));
  return { customerImport: await getCustomerImport(tx, { id: record.id }) };
}
