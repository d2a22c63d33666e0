import type { Prisma, TenantTransaction } from "@fieldops/db";
import type { CustomerListResponse, ListCustomersQuery } from "@fieldops/shared/customers";
import { toCustomerSummary } from "./customer-record.ts";

/**
 * A page of customers by name, optionally those whose name, phone, e-mail or address contains `q` (served by the
 * trigram index on searchText). `cursor` is the last id of the previous page.
 */
export async function listCustomers(tx: TenantTransaction, input: ListCustomersQuery): Promise<CustomerListResponse> {
  const term = input.q?.trim().toLowerCase() ?? "";
  // Prisma passes `contains` to LIKE as it is: the term's own wildcards and escape character are escaped first.
  const where: Prisma.CustomerWhereInput =
    term === "" ? {} : { searchText: { contains: term.replace(/[\\%_]/g, "\\$&") } };
  const rows = await tx.customer.findMany({
    where,
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
