import type { CreateCustomerInput, Customer } from "@fieldops/shared/customers";
import { requirePlanLimit } from "../plans/require-plan-limit.ts";
import type { TenantScope } from "../tenant-scope.ts";
import {
  contactData,
  customerDetailInclude,
  customerMainFields,
  customerSearchText,
  normalizeTags,
  propertyData,
  toCustomer,
} from "./customer-record.ts";

/** Creates a customer with its contacts and properties, within the plan's customer limit. */
export async function createCustomer(
  { tx, companyId }: Pick<TenantScope, "tx" | "companyId">,
  input: CreateCustomerInput,
): Promise<Customer> {
  await requirePlanLimit(tx, "customers", { adding: 1 });
  const row = await tx.customer.create({
    data: {
      companyId,
      name: input.name,
      notes: input.notes ?? null,
      tags: normalizeTags(input.tags),
      searchText: customerSearchText(input.name, input.contacts, input.properties),
      ...customerMainFields(input.contacts, input.properties),
      contacts: {
        create: input.contacts.map((contact, i) => ({ companyId, ...contactData(contact, i) })),
      },
      properties: {
        create: input.properties.map((property, i) => ({ companyId, ...propertyData(property, i) })),
      },
    },
    include: customerDetailInclude,
  });
  return toCustomer(tx, row);
}
