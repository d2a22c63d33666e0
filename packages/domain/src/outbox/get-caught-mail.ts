import type { TenantTransaction } from "@fieldops/db";
import { PASSWORD_RESET_MESSAGE_KIND, WITHHELD_MESSAGE_BODY, type CaughtMail } from "@fieldops/shared/outbox";
import type { PdfFile } from "../documents/render-pdf.ts";
import { notFound } from "../errors.ts";

/** What the local mail catcher received for one of the company's messages (another company's is not found). */
export async function getCaughtMail(tx: TenantTransaction, input: { id: string }): Promise<CaughtMail> {
  const mail = await tx.caughtMail.findUnique({
    where: { outboxMessageId: input.id },
    include: {
      outboxMessage: { select: { kind: true } },
      attachments: {
        select: { id: true, fileName: true, contentType: true, size: true },
        orderBy: { position: "asc" },
      },
    },
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
    attachments: mail.attachments,
  };
}

/** A PDF a caught mail carried, to download as it arrived (another company's, or another message's, is not found). */
export async function getCaughtMailAttachment(
  tx: TenantTransaction,
  input: { id: string; attachmentId: string },
): Promise<PdfFile> {
  const attachment = await tx.caughtMailAttachment.findFirst({
    where: { id: input.attachmentId, contentType: "application/pdf", caughtMail: { outboxMessageId: input.id } },
    select: { fileName: true, content: true },
  });
  if (!attachment) throw notFound("The caught mail has no such attachment");
  return { fileName: attachment.fileName, pdf: Buffer.from(attachment.content) };
}
