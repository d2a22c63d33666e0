import { createHash } from "node:crypto";
import type { TenantTransaction } from "@fieldops/db";
import { MAX_INBOUND_MESSAGE_CHARS } from "@fieldops/shared/messages";
import { queueCustomerAnswer } from "../customer-assistant/queue-customer-answer.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { messagesChanged } from "./message-events.ts";
import { appendInbound, type ThreadRef } from "./threads.ts";

export interface InboundEmail {
  /** The Message-ID header; a reply arriving twice (a resend, a webhook retried) is kept once. */
  messageId: string | null;
  from: string;
  to: string;
  subject: string;
  text: string;
}

/**
 * The words of a reply without what it quotes: the text up to the mail client's "On … wrote:" line, without the quoted
 * (`>`) lines, cut to the largest message kept.
 */
export function replyText(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const kept: string[] = [];
  for (const line of lines) {
    if (/^\s*On .+wrote:\s*$/.test(line) || /^-{2,}\s*Original Message\s*-{2,}/i.test(line)) break;
    if (/^\s*>/.test(line)) continue;
    kept.push(line);
  }
  const words = kept.join("\n").trim() || text.trim();
  return words.slice(0, MAX_INBOUND_MESSAGE_CHARS);
}

/**
 * A reply to one of the company's e-mails, addressed at its reply address (`reply+<company>.<token>@…`): it joins the
 * thread of the e-mail the token names, once per Message-ID. Runs in the company's transaction, so a token of another
 * company finds nothing. Answers the thread, or null when the token names no e-mail of the company.
 */
export async function keepEmailReply(
  tx: TenantTransaction,
  companyId: string,
  input: { token: string; mail: InboundEmail },
): Promise<{ thread: ThreadRef; added: { id: string } | null } | null> {
  const original = await tx.threadMessage.findUnique({
    where: { replyToken: input.token },
    select: { thread: { select: { id: true, customerId: true } } },
  });
  if (!original) return null;
  const { mail } = input;
  const providerMessageId =
    mail.messageId?.trim() ||
    `sha256:${createHash("sha256").update(`${mail.from}\n${mail.subject}\n${mail.text}`).digest("hex")}`;
  const added = await appendInbound(tx, companyId, original.thread, {
    channel: "email",
    body: replyText(mail.text),
    subject: mail.subject.slice(0, 500),
    from: mail.from.slice(0, 500),
    to: mail.to.slice(0, 500),
    providerMessageId: providerMessageId.slice(0, 500),
  });
  return { thread: original.thread, added };
}

/**
 * A customer's reply kept (`keepEmailReply`) in the scope of its company: the inbox is told, and the customer
 * assistant, where the company has it on, answers it. `appOrigin`: where the company's pages are (for pay links).
 */
export async function receiveEmailReply(
  scope: TenantScope,
  input: { token: string; mail: InboundEmail; appOrigin: string | null },
): Promise<{ thread: ThreadRef; added: { id: string } | null } | null> {
  const kept = await keepEmailReply(scope.tx, scope.companyId, input);
  if (kept?.added) {
    scope.emit(messagesChanged([kept.thread], { inbound: true }));
    await queueCustomerAnswer(scope, { messageId: kept.added.id, appOrigin: input.appOrigin });
  }
  return kept;
}
