import type { TaskContext, TaskHandler } from "@fieldops/tasks/task-definition";
import { FinalTaskError } from "@fieldops/tasks/task-definition";
import { brandingSchema } from "@fieldops/shared/company";
import { EMAIL_SUPPRESSED_ERROR, PASSWORD_RESET_MESSAGE_KIND } from "@fieldops/shared/outbox";
import { runInScope, type EffectsDeps } from "../effects/run-in-scope.ts";
import { bounceAddress, newAddressToken, replyAddress, replyDomain } from "../messages/reply-address.ts";
import { systemActor } from "../tenant-scope.ts";
import { deliverMessageTask } from "./deliver-message.task.ts";
import { deliverText } from "./deliver-text.ts";
import type { SalesDocument } from "../documents/sales-document.ts";
import { suppressedEmails } from "./email-suppressions.ts";
import { attachedDocument, pdfAttachment } from "./mail-attachments.ts";
import { renderMail } from "./mail-template.ts";
import {
  describeSendError,
  isRecipientRefused,
  mailFromAddress,
  outboxMessageId,
  sendMail,
  smtpResponseCode,
  type MailAttachment,
  type OutgoingMail,
} from "./mail-transport.ts";
import { outboxChanged } from "./outbox-events.ts";

/**
 * How long a claim ("sending") holds off other dispatchers. A send is bounded well below it (mail-transport.ts:
 * 10 s to connect, 10 s for the greeting, 30 s of silence), so a message still "sending" past it was left by a
 * worker that died mid-send.
 */
export const SEND_LEASE_MS = 2 * 60_000;

const ACTOR = systemActor("task:deliver_message");
const NO_MAIL_SERVER = "Not sent: no mail server is configured (SMTP_URL)";

type Claim =
  | { kind: "done" }
  | { kind: "text" }
  | { kind: "leased"; until: Date }
  | { kind: "claimed"; claimedAt: Date; mail: OutgoingMail; document: SalesDocument | null };

/**
 * Sends one outbox message: a text through Twilio (`deliverText`, deliver-text.ts), an e-mail as follows.
 *
 * Sends one outbox e-mail, at most once however often its task is delivered:
 *
 * 1. Claim, in a transaction: `queued → sending` by a conditional update (with the claim's time), so of two deliveries
 *    of the task only one claims it; a message already sent, delivered or failed is left alone.
 *    An address the company no longer mails (its recipient marked an earlier e-mail as spam: email-suppressions.ts) is
 *    failed with EMAIL_SUPPRESSED_ERROR instead (a password reset, which its recipient asked for, still goes).
 * 2. Send over SMTP, outside any transaction. The Message-ID is the message's own id, so a repeated send is the same
 *    mail to every receiver (the local catcher keeps one, counting the copy). Where the reply domain receives mail, the
 *    envelope sender is the message's own bounce address (`bounce+<company>.<token>@…`, VERP), so a delivery report
 *    names its message (record-email-event.ts).
 * 3. Record it: sent with the server's id (or, when the local catcher already recorded it delivered, just the id).
 *    A refusal puts it back in the queue with the error for BullMQ's next try (4xx, a connection failure), marks it
 *    bounced at once when the server refuses the recipient for good (5xx to RCPT TO: "550 5.1.1 User unknown"), or
 *    fails it at once (another 5xx) or at the last try.
 *
 * A message found "sending" was claimed by a dispatcher that is sending it now or died doing so. Within the lease the
 * task comes back when the lease ends, rather than send a second copy; after it, the send is repeated with the same
 * Message-ID. So a worker killed after the server took the mail but before it recorded that may cause one repeat, which
 * receivers recognise by its Message-ID: SMTP has no idempotency key to do better.
 */
export const deliverMessage: TaskHandler<typeof deliverMessageTask.schema> = async (payload, context) => {
  const deps: EffectsDeps = {
    db: context.db,
    redis: context.redis,
    queues: context.queues,
    log: (message, detail) => context.log?.(message, detail),
  };
  const scope = { companyId: payload.companyId, actor: ACTOR };
  const smtpUrl = context.env?.SMTP_URL;
  const mailFrom = context.env?.MAIL_FROM ?? "FieldOps <no-reply@fieldops.localhost>";

  const claim = await runInScope(deps, scope, async ({ tx, emit }): Promise<Claim> => {
    const message = await tx.outboxMessage.findUnique({
      where: { id: payload.messageId },
      include: { threadMessage: { select: { replyToken: true } } },
    });
    if (message?.channel === "sms") return { kind: "text" };
    if (!message || message.channel !== "email") return { kind: "done" };
    if (message.status !== "queued" && message.status !== "sending") return { kind: "done" };
    const now = new Date();
    if (!message.recipient) {
      await tx.outboxMessage.updateMany({
        where: { id: message.id, status: "queued" },
        data: { status: "failed", failedAt: now, lastError: "Not sent: the recipient has no e-mail address" },
      });
      emit(outboxChanged([message]));
      return { kind: "done" };
    }
    if (
      message.status === "queued" &&
      message.kind !== PASSWORD_RESET_MESSAGE_KIND &&
      (await suppressedEmails(tx, [message.recipient])).size > 0
    ) {
      await tx.outboxMessage.updateMany({
        where: { id: message.id, status: "queued" },
        data: { status: "failed", failedAt: now, lastError: EMAIL_SUPPRESSED_ERROR },
      });
      emit(outboxChanged([message]));
      return { kind: "done" };
    }
    if (!smtpUrl) {
      // Development or tests without a mail server (npm start always has one): the message waits, and says why.
      if (message.lastError !== NO_MAIL_SERVER)
        await tx.outboxMessage.update({ where: { id: message.id }, data: { lastError: NO_MAIL_SERVER } });
      return { kind: "done" };
    }
    // Delivery reports come back to the message's own address on the reply domain, where one receives mail.
    const domain = replyDomain(context.env);
    const bounceToken = domain ? (message.bounceToken ?? newAddressToken()) : null;
    const claimed = await tx.outboxMessage.updateMany({
      where: {
        id: message.id,
        OR: [{ status: "queued" }, { status: "sending", sendingAt: { lt: new Date(now.getTime() - SEND_LEASE_MS) } }],
      },
      data: { status: "sending", sendingAt: now, attempts: { increment: 1 }, ...(bounceToken ? { bounceToken } : {}) },
    });
    if (claimed.count === 0) {
      const current = await tx.outboxMessage.findUnique({ where: { id: message.id }, select: { sendingAt: true } });
      return { kind: "leased", until: new Date((current?.sendingAt ?? now).getTime() + SEND_LEASE_MS) };
    }
    emit(outboxChanged([message]));
    const company = await tx.company.findUniqueOrThrow({
      where: { id: payload.companyId },
      select: { name: true, email: true, branding: true, hipaaMode: true },
    });
    // In HIPAA mode a customer's e-mail carries the link only: the PDF would name the patient and the work.
    const document =
      company.hipaaMode && message.customerId ? null : await attachedDocument(tx, payload.companyId, message, now);
    const branding = brandingSchema.safeParse(company.branding).data;
    const companyName = branding?.name || company.name;
    const rendered = renderMail(
      {
        subject: message.subject,
        body: message.body,
        link: message.linkUrl ? { url: message.linkUrl, label: message.linkLabel ?? "Open" } : null,
      },
      { companyName, logoUrl: branding?.logo ?? null, brandColor: branding?.primaryColor ?? null },
    );
    const fromAddress = mailFromAddress(mailFrom);
    // A reply lands in the customer's thread through its own address; the company's own address stays beside it.
    const token = message.threadMessage?.replyToken;
    const replyTo = [domain && token ? replyAddress(payload.companyId, token, domain) : null, company.email]
      .filter(Boolean)
      .join(", ");
    return {
      kind: "claimed",
      claimedAt: now,
      document,
      mail: {
        from: { name: companyName, address: fromAddress },
        to: message.recipient,
        replyTo: replyTo || null,
        ...rendered,
        messageId: outboxMessageId(message.id, fromAddress),
        // Postmark keeps X-PM-Metadata-* headers and echoes them in its webhooks' Metadata (receive-email-events.ts).
        headers: {
          "X-FieldOps-Company": payload.companyId,
          "X-PM-Metadata-company": payload.companyId,
          "X-PM-Metadata-message": message.id,
        },
        envelopeFrom: domain && bounceToken ? bounceAddress(payload.companyId, bounceToken, domain) : null,
      },
    };
  });

  if (claim.kind === "done") return;
  if (claim.kind === "text")
    return deliverText(payload, context, SEND_LEASE_MS, (until) => comeBackAfterLease(context, payload, until));
  if (claim.kind === "leased") return comeBackAfterLease(context, payload, claim.until);

  const attachments = claim.document ? await attachmentsOf(claim.document, context, payload.messageId) : [];
  let sent: { providerMessageId: string };
  try {
    sent = await sendMail(smtpUrl!, { ...claim.mail, attachments });
  } catch (error) {
    const code = smtpResponseCode(error);
    const permanent = code !== null && code >= 500;
    const final = permanent || context.finalAttempt !== false;
    const bounced = isRecipientRefused(error);
    const lastError = describeSendError(error);
    await runInScope(deps, scope, async ({ tx, emit }) => {
      const updated = await tx.outboxMessage.updateManyAndReturn({
        where: { id: payload.messageId, status: "sending", sendingAt: claim.claimedAt },
        data: final
          ? { status: bounced ? "bounced" : "failed", failedAt: new Date(), lastError }
          : { status: "queued", lastError },
        select: { id: true, invoiceId: true, estimateId: true, customerId: true },
      });
      emit(outboxChanged(updated));
    });
    context.log?.("e-mail not sent", { messageId: payload.messageId, error: lastError, final, bounced });
    if (permanent) throw new FinalTaskError(lastError);
    throw new Error(lastError);
  }

  await runInScope(deps, scope, async ({ tx, emit }) => {
    const sentAt = new Date();
    const recorded = await tx.outboxMessage.updateManyAndReturn({
      where: { id: payload.messageId, status: "sending" },
      data: { status: "sent", sentAt, providerMessageId: sent.providerMessageId, lastError: null },
      select: { id: true, invoiceId: true, estimateId: true, customerId: true },
    });
    // The local catcher records delivery while the server is still answering, so it may already say delivered.
    await tx.outboxMessage.updateMany({
      where: { id: payload.messageId, status: "delivered", providerMessageId: null },
      data: { sentAt, providerMessageId: sent.providerMessageId, lastError: null },
    });
    emit(outboxChanged(recorded));
  });
};

/**
 * The document's PDF to attach. The link in the e-mail is what the customer needs; a PDF that cannot be made (a bug,
 * not a state of the data: a damaged logo is already printed without) does not hold the e-mail back, and is logged.
 */
async function attachmentsOf(
  document: SalesDocument,
  context: TaskContext,
  messageId: string,
): Promise<MailAttachment[]> {
  try {
    return [await pdfAttachment(document)];
  } catch (error) {
    context.log?.("e-mail sent without its PDF: the PDF could not be made", { messageId, err: error });
    return [];
  }
}

/** A message another dispatcher holds: this task comes back once the claim's lease is over. */
async function comeBackAfterLease(
  context: TaskContext,
  payload: { companyId: string; messageId: string },
  until: Date,
): Promise<void> {
  await context.queues.enqueue(deliverMessageTask, payload, `${payload.messageId}-after-${until.getTime()}`, {
    delayMs: Math.max(0, until.getTime() - Date.now()) + 1000,
  });
}
