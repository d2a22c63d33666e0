import { randomUUID } from "node:crypto";
import type { TenantTransaction } from "@fieldops/db";
import { insertRows, updateRowsById } from "@fieldops/db/bulk-rows";
import type { CreateCustomerInput, CustomerContactInput, CustomerImportMatch } from "@fieldops/shared/customers";
import type { LocationPrecision } from "@fieldops/shared/locations";
import { givenLocation, keptLocation, NO_LOCATION, type StoredLocation } from "../geocoding/resolve-location.ts";
import { emailKey, phoneKey } from "./customer-matches.ts";
import {
  contactData,
  customerMainFields,
  customerSearchText,
  normalizeTags,
  propertyData,
  type LocatedProperty,
} from "./customer-record.ts";

/** Where a written row's address stands: placed (and how), or waiting for the geocoding task. */
type WrittenRowLocation = LocationPrecision | "pending";

/** A row the import wrote: the customer and the property its address went to. */
export interface WrittenRow {
  line: number;
  name: string;
  customerId: string;
  propertyId: string;
  location: WrittenRowLocation;
  reason: string | null;
}

export interface ParsedRow {
  line: number;
  input: CreateCustomerInput;
}

/** A file's coordinates are stored as given; without them the address waits for the geocoding task. */
function rowLocation(location: StoredLocation | null): { stored: StoredLocation; location: WrittenRowLocation } {
  return location
    ? { stored: location, location: location.locationPrecision ?? "pending" }
    : { stored: NO_LOCATION, location: "pending" };
}

/** Creates the customers of new rows, three statements for the whole file; their addresses are located later. */
export async function createImportedCustomers(
  tx: TenantTransaction,
  companyId: string,
  rows: readonly ParsedRow[],
): Promise<WrittenRow[]> {
  const customers = rows.map(({ line, input }) => {
    const properties = input.properties.map(({ latitude, longitude, ...property }) => {
      const { stored, location } = rowLocation(givenLocation({ latitude, longitude }));
      return { id: randomUUID(), property: { ...property, ...stored } satisfies LocatedProperty, location };
    });
    return { line, id: randomUUID(), input, properties };
  });
  const updatedAt = new Date();
  await insertRows(
    tx,
    "customers",
    customers.map(({ id, input, properties }) => ({
      id,
      companyId,
      name: input.name,
      notes: input.notes ?? null,
      tags: normalizeTags(input.tags),
      searchText: customerSearchText(input.name, input.contacts, input.properties),
      ...customerMainFields(
        input.contacts,
        properties.map(({ property }) => property),
      ),
      updatedAt,
    })),
  );
  await insertRows(
    tx,
    "customer_contacts",
    customers.flatMap(({ id, input }) =>
      input.contacts.map((contact, i) => ({ id: randomUUID(), companyId, customerId: id, ...contactData(contact, i) })),
    ),
  );
  await insertRows(
    tx,
    "customer_properties",
    customers.flatMap(({ id, properties }) =>
      properties.map(({ id: propertyId, property }, i) => ({
        id: propertyId,
        companyId,
        customerId: id,
        ...propertyData(property, i),
        updatedAt,
      })),
    ),
  );
  return customers.map(({ line, id, input, properties }) => ({
    line,
    name: input.name,
    customerId: id,
    propertyId: properties[0]!.id,
    location: properties[0]!.location,
    reason: null,
  }));
}

interface StoredContact {
  id: string;
  kind: "phone" | "email";
  value: string;
  label: string | null;
  position: number;
}

interface StoredProperty extends StoredLocation {
  id: string;
  name: string | null;
  street: string;
  city: string;
  region: string;
  postcode: string;
  accessNotes: string | null;
  gateCode: string | null;
  position: number;
}

interface StoredCustomer {
  id: string;
  name: string;
  tags: string[];
  notes: string | null;
  contacts: StoredContact[];
  properties: StoredProperty[];
}

/** What updating a customer from a row writes. */
interface MergedCustomer {
  customer: ReturnType<typeof customerMainFields> & {
    id: string;
    name: string;
    tags: string[];
    notes: string | null;
    searchText: string;
  };
  contactUpdates: { id: string; value: string }[];
  contactCreates: (ReturnType<typeof contactData> & { customerId: string })[];
  /** The main property as it becomes; `isNew` when the customer had none. */
  property: StoredProperty & { isNew: boolean };
  location: WrittenRowLocation;
}

/** The same e-mail in other case, the same phone number written otherwise: nothing to change. */
function sameContact(stored: StoredContact, given: CustomerContactInput): boolean {
  if (given.kind === "email") return emailKey(stored.value) === emailKey(given.value);
  const key = phoneKey(given.value);
  return key !== null && phoneKey(stored.value) === key;
}

/**
 * A customer updated from a row of a file: the row's filled cells replace what they map to (name, first e-mail, first
 * phone, the main address, access notes, gate code, notes; tags are added), blank cells keep what is stored, and
 * everything the file does not map (other contacts, other properties) stays. A changed address loses its point and
 * is located again, unless the row gives coordinates; an unchanged one keeps its point.
 */
function mergeImportedCustomer(stored: StoredCustomer, input: CreateCustomerInput): MergedCustomer {
  const contacts = stored.contacts.map((contact) => ({ ...contact }));
  const contactUpdates: MergedCustomer["contactUpdates"] = [];
  const contactCreates: MergedCustomer["contactCreates"] = [];
  for (const given of input.contacts) {
    const sameKind = contacts.filter((contact) => contact.kind === given.kind);
    if (sameKind.some((contact) => sameContact(contact, given))) continue;
    const first = sameKind[0];
    if (first) {
      first.value = given.value;
      contactUpdates.push({ id: first.id, value: given.value });
    } else {
      const position = Math.max(-1, ...contacts.map((contact) => contact.position)) + 1;
      contacts.push({ id: "", kind: given.kind, value: given.value, label: null, position });
      contactCreates.push({ customerId: stored.id, ...contactData(given, position) });
    }
  }

  const file = input.properties[0]!;
  const main = stored.properties[0];
  const address = {
    street: file.street,
    city: file.city,
    region: file.region || main?.region || "",
    postcode: file.postcode || main?.postcode || "",
  };
  const { stored: point, location } = rowLocation(givenLocation(file) ?? (main ? keptLocation(main, address) : null));
  const property = {
    id: main?.id ?? randomUUID(),
    isNew: !main,
    name: main?.name ?? null,
    ...address,
    ...point,
    accessNotes: file.accessNotes ?? main?.accessNotes ?? null,
    gateCode: file.gateCode ?? main?.gateCode ?? null,
    position: 0,
  };
  const properties = [property, ...stored.properties.slice(1)];
  return {
    customer: {
      id: stored.id,
      name: input.name,
      tags: normalizeTags([...stored.tags, ...input.tags]),
      notes: input.notes ?? stored.notes,
      searchText: customerSearchText(input.name, contacts, properties),
      ...customerMainFields(contacts, properties),
    },
    contactUpdates,
    contactCreates,
    property,
    location,
  };
}

/** Updates the customers that rows matched (see `mergeImportedCustomer`), a few statements for the whole file. */
export async function updateMatchedCustomers(
  tx: TenantTransaction,
  companyId: string,
  rows: readonly (ParsedRow & { customerId: string; match: CustomerImportMatch })[],
): Promise<WrittenRow[]> {
  if (rows.length === 0) return [];
  const stored = await tx.customer.findMany({
    where: { id: { in: rows.map((row) => row.customerId) } },
    select: {
      id: true,
      name: true,
      tags: true,
      notes: true,
      contacts: { orderBy: { position: "asc" } },
      properties: { orderBy: { position: "asc" } },
    },
  });
  const byId = new Map(stored.map((customer) => [customer.id, customer]));
  const merged = rows.map((row) => ({ row, merged: mergeImportedCustomer(byId.get(row.customerId)!, row.input) }));

  const updatedAt = new Date();
  await updateRowsById(
    tx,
    "customers",
    merged.map(({ merged }) => ({ ...merged.customer, updatedAt })),
  );
  const properties = merged.map(({ row, merged }) => ({
    isNew: merged.property.isNew,
    row: {
      id: merged.property.id,
      companyId,
      customerId: row.customerId,
      ...propertyData(merged.property, 0),
      updatedAt,
    },
  }));
  await updateRowsById(
    tx,
    "customer_properties",
    properties.filter(({ isNew }) => !isNew).map(({ row }) => row),
  );
  await insertRows(
    tx,
    "customer_properties",
    properties.filter(({ isNew }) => isNew).map(({ row }) => row),
  );
  await updateRowsById(
    tx,
    "customer_contacts",
    merged.flatMap(({ merged }) => merged.contactUpdates),
  );
  await insertRows(
    tx,
    "customer_contacts",
    merged.flatMap(({ merged }) =>
      merged.contactCreates.map((contact) => ({ id: randomUUID(), companyId, ...contact })),
    ),
  );
  return merged.map(({ row, merged }) => ({
    line: row.line,
    name: row.input.name,
    customerId: row.customerId,
    propertyId: merged.property.id,
    location: merged.location,
    reason: row.match.reason,
  }));
}
