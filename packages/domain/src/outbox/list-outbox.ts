import type { TenantTransaction } from "@fieldops/db";
import {
  MAX_OUTBOX_LISTED,
  PASSWORD_RESET_MESSAGE_KIND,
  WITHHELD_MESSAGE_BODY,
  type OutboxMessage,
} from "@fieldops/shared/outbox";

/**
 * The company's most recent outgoing messages (e-mails and texts kept for a sender), newest first. A password reset
 * e-mail is listed without its body (`WITHHELD_MESSAGE_BODY`): its link is for its recipient only.
 */
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
    body: row.kind === PASSWORD_RESET_MESSAGE_KIND ? WITHHELD_MESSAGE_BODY : row.body,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }));
}
