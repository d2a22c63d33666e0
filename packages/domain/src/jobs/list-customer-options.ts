import type { TenantTransaction } from "@fieldops/db";

/** The customers a new job can be for, by name, for the job form's customer picker. */
export async function listCustomerOptions(tx: TenantTransaction, input: { search?: string }) {
  const items = await tx.customer.findMany({
    where: input.search ? { name: { contains: input.search, mode: "insensitive" } } : undefined,
    select: { id: true, name: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: 20,
  });
  return { items };
}
