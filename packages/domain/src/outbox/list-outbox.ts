import type { TenantTransaction } from "@fieldops/db";
import { MAX_OUTBOX_LISTED, type OutboxMessage } from "@fieldops/shared/outbox";

/** The company's most recent outgoing messages (e-mails and texts kept for a sender), newest first. */
export async function listOutbox(tx: TenantTransaction): Promise<OutboxMessage[]> {
  const rows = await tx.outboxMessage.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: MAX_OUTBOX_LISTED,
  });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }));
}
