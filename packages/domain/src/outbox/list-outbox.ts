import type { TenantTransaction } from "@fieldops/db";
import {
  MAX_OUTBOX_LISTED,
  PASSWORD_RESET_MESSAGE_KIND,
  WITHHELD_MESSAGE_BODY,
  messageStatusSchema,
  type MessageDelivery,
  type OutboxMessage,
} from "@fieldops/shared/outbox";

/** What a read of messages selects to tell their delivery. */
export const DELIVERY_SELECT = {
  status: true,
  attempts: true,
  lastError: true,
  sentAt: true,
  deliveredAt: true,
  failedAt: true,
  complainedAt: true,
  caughtMail: { select: { id: true } },
  caughtText: { select: { id: true } },
} as const;

/** A message's delivery, as every list of messages shows it. */
export function toDelivery(row: {
  status: string;
  attempts: number;
  lastError: string | null;
  sentAt: Date | null;
  deliveredAt: Date | null;
  failedAt: Date | null;
  complainedAt: Date | null;
  caughtMail: { id: string } | null;
  caughtText: { id: string } | null;
}): MessageDelivery {
  return {
    status: messageStatusSchema.catch("queued").parse(row.status),
    attempts: row.attempts,
    lastError: row.lastError,
    sentAt: row.sentAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    failedAt: row.failedAt?.toISOString() ?? null,
    complainedAt: row.complainedAt?.toISOString() ?? null,
    caught: row.caughtMail !== null || row.caughtText !== null,
  };
}

/**
 * The company's most recent outgoing messages (e-mails and texts) with how their delivery stands, newest first. A
 * password reset e-mail is listed without its body (`WITHHELD_MESSAGE_BODY`): its link is for its recipient only.
 */
export async function listOutbox(tx: TenantTransaction): Promise<OutboxMessage[]> {
  const rows = await tx.outboxMessage.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: MAX_OUTBOX_LISTED,
    select: {
      id: true,
      kind: true,
      channel: true,
      recipient: true,
      subject: true,
      body: true,
      createdAt: true,
      ...DELIVERY_SELECT,
    },
  });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.kind === PASSWORD_RESET_MESSAGE_KIND ? WITHHELD_MESSAGE_BODY : row.body,
    createdAt: row.createdAt.toISOString(),
    ...toDelivery(row),
  }));
}
