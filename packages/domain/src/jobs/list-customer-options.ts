import type { TenantTransaction } from "@fieldops/db";
import { customerSearchFilter } from "../customers/customer-record.ts";

/** The customers a new job can be for, found as the customers list finds them (name, phone, e-mail, address). */
export async function listCustomerOptions(tx: TenantTransaction, input: { search?: string }) {
  const items = await tx.customer.findMany({
    where: customerSearchFilter(input.search ?? ""),
    select: { id: true, name: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: 20,
  });
  return { items };
}
