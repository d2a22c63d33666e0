import type { TenantTransaction } from "@fieldops/db";
import type { CaughtMail } from "@fieldops/shared/outbox";
import { notFound } from "../errors.ts";

/** What the local mail catcher received for one of the company's messages (another company's is not found). */
export async function getCaughtMail(tx: TenantTransaction, input: { id: string }): Promise<CaughtMail> {
  const mail = await tx.caughtMail.findUnique({ where: { outboxMessageId: input.id } });
  if (!mail) throw notFound("The local mail catcher has no mail for this message");
  return {
    messageId: mail.messageId,
    from: mail.fromAddress,
    to: mail.toAddress,
    replyTo: mail.replyTo,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    copies: mail.copies,
    receivedAt: mail.receivedAt.toISOString(),
  };
}
