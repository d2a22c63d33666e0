import type { TenantTransaction } from "@fieldops/db";
import type { CustomerMessage } from "@fieldops/shared/customers";
import { assertCustomerExists } from "./customer-record.ts";
import { DELIVERY_SELECT, toDelivery } from "../outbox/list-outbox.ts";

/**
 * A page of the messages sent to a customer (invoices, estimates, reminders, portal links), newest first, with what
 * each was about but not its text, which holds the customer's link. `cursor` is the last message of the previous page.
 */
export async function listCustomerMessages(
  tx: TenantTransaction,
  input: { customerId: string; cursor?: string; limit: number },
): Promise<{ items: CustomerMessage[]; nextCursor: string | null }> {
  await assertCustomerExists(tx, input.customerId);
  const rows = await tx.outboxMessage.findMany({
    where: { customerId: input.customerId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: input.limit + 1,
    ...(input.cursor ? { cursor: { id: input.cursor }, skip: 1 } : {}),
    select: {
      id: true,
      kind: true,
      channel: true,
      recipient: true,
      subject: true,
      createdAt: true,
      ...DELIVERY_SELECT,
      invoiceId: true,
      estimateId: true,
    },
  });
  const page = rows.slice(0, input.limit);
  return {
    items: page.map((row) => ({
      id: row.id,
      kind: row.kind,
      channel: row.channel,
      recipient: row.recipient,
      subject: row.subject,
      createdAt: row.createdAt.toISOString(),
      invoiceId: row.invoiceId,
      estimateId: row.estimateId,
      ...toDelivery(row),
    })),
    nextCursor: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null,
  };
}
