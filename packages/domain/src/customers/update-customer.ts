import type { TenantTransaction } from "@fieldops/db";
import { emitWebhookEvent } from "../webhooks/emit-webhook-event.ts";
import { customerWebhookData } from "./customer-webhook-data.ts";
import type { Customer, UpdateCustomerInput } from "@fieldops/shared/customers";
import { invalidInput, notFound } from "../errors.ts";
import type { Geocoder } from "../geocoding/geocoder.ts";
import { queueQuickBooksSync } from "../quickbooks/queue-quickbooks-sync.ts";
import type { TenantScope } from "../tenant-scope.ts";
import {
  contactData,
  customerDetailInclude,
  customerMainFields,
  customerSearchText,
  locateProperties,
  normalizeTags,
  propertyData,
  toCustomer,
} from "./customer-record.ts";

/**
 * Changes what the input names. A contacts or properties list replaces the stored one; a property given with its id
 * is updated in place (so what refers to it keeps working), one without is added, one left out is removed. A property
 * whose address changed is located again, unless coordinates are given. Queued for QuickBooks when given the scope.
 */
export async function updateCustomer(
  tx: TenantTransaction,
  input: UpdateCustomerInput & { id: string },
  { geocoder, scope }: { geocoder: Geocoder; scope?: Pick<TenantScope, "tx" | "companyId" | "enqueue"> },
): Promise<Customer> {
  const current = await tx.customer.findUnique({ where: { id: input.id }, include: customerDetailInclude });
  if (!current) throw notFound("Customer not found");
  const companyId = current.companyId;

  const contacts = input.contacts ?? current.contacts;
  const located = input.properties ? await locateProperties(geocoder, input.properties, current.properties) : null;
  const properties = located ?? current.properties;
  const name = input.name ?? current.name;

  if (input.contacts) {
    await tx.customerContact.deleteMany({ where: { customerId: current.id } });
    await tx.customerContact.createMany({
      data: input.contacts.map((contact, i) => ({ companyId, customerId: current.id, ...contactData(contact, i) })),
    });
  }
  if (located) {
    const existing = new Set(current.properties.map((property) => property.id));
    const kept = new Set<string>();
    for (const [i, property] of located.entries()) {
      if (property.id === undefined) continue;
      if (!existing.has(property.id) || kept.has(property.id)) {
        throw invalidInput("This property does not belong to the customer", `properties.${i}.id`);
      }
      kept.add(property.id);
    }
    await tx.customerProperty.deleteMany({ where: { customerId: current.id, id: { notIn: [...kept] } } });
    for (const [i, property] of located.entries()) {
      if (property.id === undefined) {
        await tx.customerProperty.create({ data: { companyId, customerId: current.id, ...propertyData(property, i) } });
      } else {
        await tx.customerProperty.update({ where: { id: property.id }, data: propertyData(property, i) });
      }
    }
  }

  const row = await tx.customer.update({
    where: { id: current.id },
    data: {
      name,
      ...(input.tags ? { tags: normalizeTags(input.tags) } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      searchText: customerSearchText(name, contacts, properties),
      ...customerMainFields(contacts, properties),
    },
    include: customerDetailInclude,
  });
  if (scope) {
    await queueQuickBooksSync(scope, { entity: "customer", id: row.id });
    await emitWebhookEvent(scope, "customer.updated", customerWebhookData(row));
  }
  return toCustomer(tx, row);
}
