import { randomUUID } from "node:crypto";
import type { CustomerImportError, CustomerImportPreview, CustomerImportRequest } from "@fieldops/shared/customers";
import pLimit from "p-limit";
import type { Geocoder } from "../geocoding/geocoder.ts";
import { requirePlanLimit } from "../plans/require-plan-limit.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { parseCustomerCsv, toImportRow } from "./customer-csv.ts";
import {
  contactData,
  customerMainFields,
  customerSearchText,
  locateProperties,
  normalizeTags,
  propertyData,
} from "./customer-record.ts";

/** Addresses of one file looked up at once. */
const GEOCODING_CONCURRENCY = 4;

/** What an import would do, without doing it: the rows it would create and every row's errors. */
export function previewCustomerImport(input: CustomerImportRequest): CustomerImportPreview {
  const parsed = parseCustomerCsv(input.csv, input.mapping);
  return {
    headers: parsed.headers,
    totalRows: parsed.totalRows,
    rows: parsed.customers.map(({ line, input: customer }) => toImportRow(line, customer)),
    errors: parsed.errors,
  };
}

export type CustomerImportOutcome =
  { created: number; errors?: undefined } | { created: 0; errors: CustomerImportError[] };

/**
 * Creates every customer of the file, or none: any row error returns the errors and writes nothing, and the plan's
 * customer limit counts the whole file. Rows without coordinates are located from their address. Runs in the caller's
 * one transaction.
 */
export async function importCustomers(
  { tx, companyId }: Pick<TenantScope, "tx" | "companyId">,
  input: CustomerImportRequest,
  { geocoder }: { geocoder: Geocoder },
): Promise<CustomerImportOutcome> {
  const parsed = parseCustomerCsv(input.csv, input.mapping);
  if (parsed.errors.length > 0) return { created: 0, errors: parsed.errors };
  await requirePlanLimit(tx, "customers", { adding: parsed.customers.length });

  const limit = pLimit(GEOCODING_CONCURRENCY);
  const customers = await Promise.all(
    parsed.customers.map(({ input: customer }) =>
      limit(async () => ({
        id: randomUUID(),
        customer: { ...customer, properties: await locateProperties(geocoder, customer.properties) },
      })),
    ),
  );
  await tx.customer.createMany({
    data: customers.map(({ id, customer }) => ({
      id,
      companyId,
      name: customer.name,
      notes: customer.notes ?? null,
      tags: normalizeTags(customer.tags),
      searchText: customerSearchText(customer.name, customer.contacts, customer.properties),
      ...customerMainFields(customer.contacts, customer.properties),
    })),
  });
  await tx.customerContact.createMany({
    data: customers.flatMap(({ id, customer }) =>
      customer.contacts.map((contact, i) => ({ companyId, customerId: id, ...contactData(contact, i) })),
    ),
  });
  await tx.customerProperty.createMany({
    data: customers.flatMap(({ id, customer }) =>
      customer.properties.map((property, i) => ({ companyId, customerId: id, ...propertyData(property, i) })),
    ),
  });
  return { created: customers.length };
}
