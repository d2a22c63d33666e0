import type { CreateCustomerInput, Customer } from "@fieldops/shared/customers";
import { emitWebhookEvent } from "../webhooks/emit-webhook-event.ts";
import { customerWebhookData } from "./customer-webhook-data.ts";
import { triggerAutomations } from "../automations/plan-automation-runs.ts";
import type { Geocoder } from "../geocoding/geocoder.ts";
import { requirePlanLimit } from "../plans/require-plan-limit.ts";
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
 * Creates a customer with its contacts and properties, within the plan's customer limit. Each property is located
 * from its address unless coordinates are given; one that cannot be located is saved without a point. Queued for
 * QuickBooks when the scope has effects (fixtures that make customers without any pass none).
 */
export async function createCustomer(
  scope: Pick<TenantScope, "tx" | "companyId"> & Partial<TenantScope>,
  input: CreateCustomerInput,
  { geocoder }: { geocoder: Geocoder },
): Promise<Customer> {
  const { tx, companyId } = scope;
  await requirePlanLimit(tx, "customers", { adding: 1 });
  const properties = await locateProperties(geocoder, input.properties);
  const row = await tx.customer.create({
    data: {
      companyId,
      name: input.name,
      notes: input.notes ?? null,
      tags: normalizeTags(input.tags),
      searchText: customerSearchText(input.name, input.contacts, input.properties),
      ...customerMainFields(input.contacts, properties),
      contacts: {
        create: input.contacts.map((contact, i) => ({ companyId, ...contactData(contact, i) })),
      },
      properties: {
        create: properties.map((property, i) => ({ companyId, ...propertyData(property, i) })),
      },
    },
    include: customerDetailInclude,
  });
  if (scope.enqueue) {
    await queueQuickBooksSync({ ...scope, enqueue: scope.enqueue }, { entity: "customer", id: row.id });
    await emitWebhookEvent({ ...scope, enqueue: scope.enqueue }, "customer.created", customerWebhookData(row));
  }
  if (scope.actor && scope.emit && scope.enqueue)
    await triggerAutomations(
      { ...scope, actor: scope.actor, emit: scope.emit, enqueue: scope.enqueue, requestId: scope.requestId ?? null },
      "customer.created",
      [row.id],
    );
  return toCustomer(tx, row);
}
