import type { TenantTransaction } from "@fieldops/db";
import { PASSWORD_RESET_MESSAGE_KIND, WITHHELD_MESSAGE_BODY, type CaughtMail } from "@fieldops/shared/outbox";
import { notFound } from "../errors.ts";

/** What the local mail catcher received for one of the company's messages (another company's is not found). */
export async function getCaughtMail(tx: TenantTransaction, input: { id: string }): Promise<CaughtMail> {
  const mail = await tx.caughtMail.findUnique({
    where: { outboxMessageId: input.id },
    include: { outboxMessage: { select: { kind: true } } },
  });
  if (!mail) throw notFound("The local mail catcher has no mail for this message");
  // A password reset e-mail's link is its recipient's alone: the office sees that it arrived, never the link.
  const withheld = mail.outboxMessage.kind === PASSWORD_RESET_MESSAGE_KIND;
  return {
    messageId: mail.messageId,
    from: mail.fromAddress,
    to: mail.toAddress,
    replyTo: mail.replyTo,
    subject: mail.subject,
    html: withheld ? null : mail.html,
    text: withheld ? WITHHELD_MESSAGE_BODY : mail.text,
    copies: mail.copies,
    receivedAt: mail.receivedAt.toISOString(),
  };
}
