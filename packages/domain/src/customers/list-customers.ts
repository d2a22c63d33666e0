import type { TenantTransaction } from "@fieldops/db";
import type { CustomerListResponse, ListCustomersQuery } from "@fieldops/shared/customers";
import { customerSearchFilter, toCustomerSummary } from "./customer-record.ts";

/**
 * A page of customers by name, optionally those whose name, phone (however typed), e-mail or address contains `q`.
 * `cursor` is the last id of the previous page.
 */
export async function listCustomers(tx: TenantTransaction, input: ListCustomersQuery): Promise<CustomerListResponse> {
  const rows = await tx.customer.findMany({
    where: customerSearchFilter(input.q ?? ""),
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: input.limit + 1,
    ...(input.cursor ? { cursor: { id: input.cursor }, skip: 1 } : {}),
    select: {
      id: true,
      name: true,
      email: true,
      phone: true,
      street: true,
      city: true,
      locationPrecision: true,
      tags: true,
    },
  });
  const page = rows.slice(0, input.limit);
  return {
    items: page.map(toCustomerSummary),
    nextCursor: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null,
  };
}
