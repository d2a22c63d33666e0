import type { AddressInfo } from "node:net";
import type { Redis } from "ioredis";
import { SMTPServer } from "smtp-server";
import { simpleParser, type AddressObject } from "mailparser";
import { withTenant, type Database } from "@fieldops/db";
import { publishEvents } from "@fieldops/events/company-stream";
import type { AppEvent } from "@fieldops/shared/events";
import { messagesChanged } from "../messages/message-events.ts";
import { parseBounceAddress, parseReplyAddress } from "../messages/reply-address.ts";
import { keepEmailReply, receiveEmailReply } from "../messages/receive-email-reply.ts";
import type { TaskQueues } from "@fieldops/tasks/enqueue";
import { runInScope } from "../effects/run-in-scope.ts";
import { systemActor } from "../tenant-scope.ts";
import { readDeliveryReport } from "./delivery-report.ts";
import { outboxIdOf } from "./mail-transport.ts";
import { outboxChanged } from "./outbox-events.ts";
import { recordDeliveryReport } from "./record-email-event.ts";

/** The largest mail the catcher takes (the product's own mails are a few kilobytes). */
const MAX_MAIL_BYTES = 5 * 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface MailCatcher {
  port: number;
  close(): Promise<void>;
}

/** An attachment's name as the office's download offers it: letters, digits, dots, dashes (nothing to quote). */
function safeFileName(name: string | undefined, position: number): string {
  const safe = (name ?? "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[.-]+/, "")
    .slice(0, 100);
  return safe || `attachment-${position + 1}`;
}

const refusal = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).map((address) => address.text).join(", ");

/**
 * The local mail catcher of `npm start` without SMTP_URL: a real SMTP server on 127.0.0.1 that keeps each mail the
 * dispatcher sends it in `caught_mails`, in the company of the outbox message it names (its Message-ID is the
 * message's id, its X-FieldOps-Company header the company, and the message must exist in that company's rows), and
 * marks the message delivered, with the files it carries (an invoice's PDF) for the office to open. A customer's reply,
 * addressed at an e-mail's reply address (`reply+<company>.<token>@…`, messages/reply-address.ts), joins the
 * customer's thread instead; a delivery report or complaint addressed at an e-mail's bounce address
 * (`bounce+<company>.<token>@…`, its envelope sender) moves that e-mail's delivery on (record-email-event.ts). Mail it
 * cannot place is refused (550): it keeps nothing without a company.
 */
export async function startMailCatcher(options: {
  db: Database;
  redis: Redis;
  /** Where a customer's reply hands work on (the customer assistant's answer); without it replies are only kept. */
  queues?: TaskQueues;
  port?: number;
  host?: string;
  log?: (message: string, detail?: Record<string, unknown>) => void;
}): Promise<MailCatcher> {
  /** Announces a change the catcher made to the company's screens (the change stands if this fails). */
  const publish = (companyId: string, events: AppEvent[]) =>
    publishEvents(
      options.redis,
      events.map((event) => ({ event, userId: null })),
      { companyId, requestId: null },
    ).catch((error: unknown) => options.log?.("mail catcher: event not published", { err: error }));
  const server = new SMTPServer({
    banner: "FieldOps local mail catcher",
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: MAX_MAIL_BYTES,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream, { keepDeliveryStatus: true })
        .then(async (mail) => {
          if (stream.sizeExceeded) throw refusal(552, "Message too large");
          // A delivery report (or a complaint) about one of the company's e-mails, at that e-mail's bounce address.
          const bounce = session.envelope.rcptTo.map((rcpt) => parseBounceAddress(rcpt.address)).find(Boolean);
          if (bounce) {
            const recorded = await withTenant(options.db, bounce.companyId, (tx) =>
              recordDeliveryReport(tx, bounce.companyId, {
                bounceToken: bounce.token,
                report: readDeliveryReport(mail),
              }),
            );
            if (recorded.outcome === "not_found") throw refusal(550, "No such bounce address");
            if (recorded.changed) await publish(bounce.companyId, outboxChanged([recorded.changed]));
            callback(null, `Ok: report ${recorded.outcome}`);
            return;
          }
          // A customer's reply to one of the company's e-mails: it joins the customer's thread.
          const reply = session.envelope.rcptTo.map((rcpt) => parseReplyAddress(rcpt.address)).find(Boolean);
          if (reply) {
            const mailWords = {
              messageId: mail.messageId ?? null,
              from: addresses(mail.from),
              to: addresses(mail.to),
              subject: mail.subject ?? "",
              text: mail.text ?? "",
            };
            const received = options.queues
              ? await runInScope(
                  { db: options.db, redis: options.redis, queues: options.queues },
                  { companyId: reply.companyId, actor: systemActor("mail_catcher") },
                  (scope) => receiveEmailReply(scope, { token: reply.token, mail: mailWords, appOrigin: null }),
                )
              : await withTenant(options.db, reply.companyId, (tx) =>
                  keepEmailReply(tx, reply.companyId, { token: reply.token, mail: mailWords }),
                );
            if (!received) throw refusal(550, "No such reply address");
            // Through the scope the reply's events are announced with its effects; without one, here.
            if (received.added && !options.queues)
              await publish(reply.companyId, messagesChanged([received.thread], { inbound: true }));
            callback(null, "Ok: reply kept");
            return;
          }
          const header = mail.headers.get("x-fieldops-company");
          const companyId = typeof header === "string" ? header.trim() : "";
          const outboxId = outboxIdOf(mail.messageId);
          if (!UUID.test(companyId) || !outboxId) throw refusal(550, "Not a message of this FieldOps");
          const message = await withTenant(options.db, companyId, async (tx) => {
            const found = await tx.outboxMessage.findUnique({
              where: { id: outboxId },
              select: { id: true, invoiceId: true, estimateId: true, customerId: true },
            });
            if (!found) return null;
            const caught = {
              messageId: mail.messageId ?? "",
              fromAddress: addresses(mail.from),
              toAddress: addresses(mail.to),
              replyTo: addresses(mail.replyTo) || null,
              subject: mail.subject ?? "",
              html: typeof mail.html === "string" ? mail.html : null,
              text: mail.text ?? null,
            };
            const kept = await tx.caughtMail.upsert({
              where: { outboxMessageId: found.id },
              create: { companyId, outboxMessageId: found.id, ...caught },
              update: { copies: { increment: 1 } },
              select: { id: true, copies: true },
            });
            if (kept.copies === 1 && mail.attachments.length > 0)
              await tx.caughtMailAttachment.createMany({
                data: mail.attachments.map((attachment, position) => ({
                  companyId,
                  caughtMailId: kept.id,
                  position,
                  fileName: safeFileName(attachment.filename, position),
                  contentType: attachment.contentType,
                  size: attachment.size,
                  content: new Uint8Array(attachment.content),
                })),
              });
            await tx.outboxMessage.updateMany({
              where: { id: found.id, status: { not: "delivered" } },
              data: { status: "delivered", deliveredAt: new Date(), failedAt: null, lastError: null },
            });
            return found;
          });
          if (!message) throw refusal(550, "No such message");
          await publish(companyId, outboxChanged([message]));
          callback(null, `Ok: caught ${message.id}`);
        })
        .catch((error: unknown) => {
          const known = error instanceof Error && "responseCode" in error;
          if (!known) options.log?.("mail catcher: mail not kept", { err: error });
          callback(known ? error : refusal(451, "Could not keep the mail; try again"));
        });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
