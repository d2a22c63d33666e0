import { Prisma, type TenantTransaction } from "@fieldops/db";
import {
  phoneSearchDigits,
  type Customer,
  type CustomerContactInput,
  type CustomerPropertyInput,
  type CustomerSummary,
} from "@fieldops/shared/customers";
import type { LocationPrecision } from "@fieldops/shared/locations";
import { notFound } from "../errors.ts";
import type { Geocoder } from "../geocoding/geocoder.ts";
import { suppressedEmails } from "../outbox/email-suppressions.ts";
import { optedOutNumbers } from "../outbox/record-sms-opt-out.ts";
import { resolveLocation, type StoredLocation } from "../geocoding/resolve-location.ts";

export const customerDetailInclude = {
  contacts: { orderBy: { position: "asc" } },
  properties: { orderBy: { position: "asc" } },
  _count: { select: { jobs: true } },
} satisfies Prisma.CustomerInclude;

type CustomerDetailRow = Prisma.CustomerGetPayload<{ include: typeof customerDetailInclude }>;

/**
 * What search matches: the name, every contact (phones also as bare digits, so "5551234" finds "(555) 123-4"), and
 * every property's address, lower-cased; the trigram index on it serves `LIKE '%term%'`.
 */
export function customerSearchText(
  name: string,
  contacts: readonly CustomerContactInput[],
  properties: readonly Pick<CustomerPropertyInput, "name" | "street" | "city" | "region" | "postcode">[],
): string {
  const parts = [name];
  for (const contact of contacts) {
    parts.push(contact.value);
    if (contact.kind === "phone") parts.push(contact.value.replace(/\D/g, ""));
  }
  for (const property of properties) {
    parts.push(property.name ?? "", property.street, property.city, property.region, property.postcode);
  }
  return parts
    .filter((part) => part !== "")
    .join(" ")
    .toLowerCase();
}

/** A property as written, with the point it is stored with. */
export type LocatedProperty = Omit<CustomerPropertyInput, "latitude" | "longitude"> & StoredLocation;

type StoredProperty = { id: string; street: string; city: string; region: string; postcode: string } & StoredLocation;

/**
 * Locates each property (see `resolveLocation`): a property given with its id keeps its stored point while its
 * address is unchanged. Looked up one after another (a customer has a few).
 */
export async function locateProperties(
  geocoder: Geocoder,
  properties: readonly CustomerPropertyInput[],
  stored: readonly StoredProperty[] = [],
): Promise<LocatedProperty[]> {
  const byId = new Map(stored.map((property) => [property.id, property]));
  const located: LocatedProperty[] = [];
  for (const { latitude, longitude, ...property } of properties) {
    const previous = property.id ? byId.get(property.id) : undefined;
    const location = await resolveLocation(geocoder, property, { latitude, longitude }, previous);
    located.push({ ...property, ...location });
  }
  return located;
}

/**
 * Customers whose search text contains `query` (served by its trigram index): its words lower-cased, or, for a phone
 * number however it is typed ("555 561 7947", "(555) 561-7947"), its digits, which the search text holds for every
 * phone.
 */
export function customerSearchFilter(query: string): Prisma.CustomerWhereInput {
  const term = query.trim().toLowerCase();
  if (term === "") return {};
  // Prisma passes `contains` to LIKE as it is: the term's own wildcards and escape character are escaped first.
  const containing = (value: string) => ({ searchText: { contains: value.replace(/[\\%_]/g, "\\$&") } });
  const digits = phoneSearchDigits(term);
  return digits !== null && digits !== term ? { OR: [containing(term), containing(digits)] } : containing(term);
}

/**
 * The assistant's lookup of a customer, as SQL over `customers`: a phone number (however typed) by its digits exactly,
 * anything else loosely, typos forgiven (trigram word similarity, which the index on searchText serves); `term` ranks
 * the names found. Null for a blank query.
 */
export function customerLookup(query: string): { condition: Prisma.Sql; term: string } | null {
  const term = query.trim().toLowerCase().slice(0, 200);
  if (term === "") return null;
  const digits = phoneSearchDigits(term);
  if (digits !== null) return { condition: Prisma.sql`"searchText" LIKE ${`%${digits}%`}`, term };
  return { condition: Prisma.sql`${term} <% "searchText"`, term };
}

/** Refuses an id that is not one of the company's customers (another company's is not found either). */
export async function assertCustomerExists(tx: TenantTransaction, customerId: string): Promise<void> {
  const customer = await tx.customer.findUnique({ where: { id: customerId }, select: { id: true } });
  if (!customer) throw notFound("Customer not found");
}

/**
 * The customer row keeps its first e-mail, first phone and first property's address in its own columns: the list
 * reads them without joins, and readers of the customer alone (jobs, routing) get the main service address.
 */
export function customerMainFields(
  contacts: readonly CustomerContactInput[],
  properties: readonly (Omit<CustomerPropertyInput, "latitude" | "longitude"> & StoredLocation)[],
) {
  const main = properties[0];
  if (!main) throw new Error("a customer has at least one property");
  return {
    email: contacts.find((contact) => contact.kind === "email")?.value ?? null,
    phone: contacts.find((contact) => contact.kind === "phone")?.value ?? null,
    street: main.street,
    city: main.city,
    region: main.region,
    postcode: main.postcode,
    latitude: main.latitude,
    longitude: main.longitude,
    locationPrecision: main.locationPrecision,
  };
}

export function propertyData(property: LocatedProperty, position: number) {
  return {
    name: property.name ?? null,
    street: property.street,
    city: property.city,
    region: property.region,
    postcode: property.postcode,
    latitude: property.latitude,
    longitude: property.longitude,
    locationPrecision: property.locationPrecision,
    accessNotes: property.accessNotes ?? null,
    gateCode: property.gateCode ?? null,
    position,
  };
}

export function contactData(contact: CustomerContactInput, position: number) {
  return { kind: contact.kind, value: contact.value, label: contact.label ?? null, position };
}

/** Tags compared without case; the first spelling is kept. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const tag of tags) if (!seen.has(tag.toLowerCase())) seen.set(tag.toLowerCase(), tag);
  return [...seen.values()];
}

export async function toCustomer(tx: TenantTransaction, row: CustomerDetailRow): Promise<Customer> {
  const visitCount = await tx.visit.count({ where: { job: { customerId: row.id } } });
  const phones = row.contacts.filter((contact) => contact.kind === "phone").map((contact) => contact.value);
  const stopped = await optedOutNumbers(tx, phones);
  const suppressed = await suppressedEmails(
    tx,
    row.contacts.filter((contact) => contact.kind === "email").map((contact) => contact.value),
  );
  return {
    id: row.id,
    name: row.name,
    tags: row.tags,
    notes: row.notes,
    contacts: row.contacts.map(({ id, kind, value, label }) => ({
      id,
      kind,
      value,
      label,
      textsStopped: kind === "phone" && stopped.has(value),
      emailsStopped: kind === "email" && suppressed.has(value),
    })),
    properties: row.properties.map((property) => ({
      id: property.id,
      name: property.name,
      street: property.street,
      city: property.city,
      region: property.region,
      postcode: property.postcode,
      latitude: property.latitude,
      longitude: property.longitude,
      locationPrecision: property.locationPrecision,
      accessNotes: property.accessNotes,
      gateCode: property.gateCode,
    })),
    jobCount: row._count.jobs,
    visitCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toCustomerSummary(row: {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  street: string;
  city: string;
  locationPrecision: LocationPrecision | null;
  tags: string[];
}): CustomerSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: [row.street, row.city].filter((part) => part !== "").join(", "),
    locationPrecision: row.locationPrecision,
    tags: row.tags,
  };
}
