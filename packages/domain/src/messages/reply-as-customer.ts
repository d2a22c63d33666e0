import type { TenantTransaction } from "@fieldops/db";
import { conflict, notFound } from "../errors.ts";
import { sendMail, mailFromAddress } from "../outbox/mail-transport.ts";
import { parseReplyAddress } from "./reply-address.ts";

export const REPLY_AS_CUSTOMER_SENT = "The customer's reply was sent to the local mail catcher";

/**
 * Local testing (npm start without SMTP_URL): sends the customer's reply to a caught e-mail as their mail client would,
 * over SMTP to the local mail catcher, addressed at the e-mail's reply address, so the reply takes the real path into
 * the customer's thread. Only where the catcher is the mail server (`catcherSmtpUrl`), and only for a caught mail that
 * has a reply address.
 */
export async function replyAsCustomer(
  tx: TenantTransaction,
  input: { id: string; body: string; catcherSmtpUrl: string | null },
): Promise<{ message: string }> {
  if (!input.catcherSmtpUrl)
    throw conflict(
      "Replying as the customer works only where the local mail catcher is the mail server (npm start without SMTP_URL)",
    );
  const caught = await tx.caughtMail.findUnique({
    where: { outboxMessageId: input.id },
    select: { messageId: true, subject: true, replyTo: true, toAddress: true },
  });
  if (!caught) throw notFound("The local mail catcher has no mail for this message");
  const replyTo = (caught.replyTo ?? "")
    .split(",")
    .map((address) => mailFromAddress(address))
    .find((address) => parseReplyAddress(address) !== null);
  if (!replyTo) throw notFound("This e-mail has no reply address: it went out before replies were threaded");
  const from = mailFromAddress(caught.toAddress.split(",")[0] ?? "") || "customer@example.test";
  await sendMail(input.catcherSmtpUrl, {
    from: { name: "", address: from },
    to: replyTo,
    replyTo: null,
    subject: /^re:/i.test(caught.subject) ? caught.subject : `Re: ${caught.subject}`,
    text: `${input.body}\n\nOn ${new Date().toUTCString()}, the company wrote:\n> (quoted message)`,
    html: "",
    messageId: `<reply-${Date.now()}-${Math.random().toString(36).slice(2)}@customer.localhost>`,
    headers: { "In-Reply-To": caught.messageId, References: caught.messageId },
    envelopeFrom: null,
  });
  return { message: REPLY_AS_CUSTOMER_SENT };
}
