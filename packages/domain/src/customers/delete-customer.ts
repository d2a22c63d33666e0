import type { TenantTransaction } from "@fieldops/db";
import { conflict } from "../errors.ts";

/**
 * Deletes the customer with its contacts and properties. Deleting one that is already gone (or was never this
 * company's) succeeds without doing anything, so a repeated request is harmless. A customer with jobs is kept: their
 * history and invoices would go with it.
 */
export async function deleteCustomer(tx: TenantTransaction, input: { id: string }): Promise<void> {
  const customer = await tx.customer.findUnique({
    where: { id: input.id },
    select: { id: true, _count: { select: { jobs: true } } },
  });
  if (!customer) return;
  if (customer._count.jobs > 0) {
    throw conflict(`This customer has ${customer._count.jobs} job(s); delete or move them first`);
  }
  await tx.customer.delete({ where: { id: customer.id } });
}
