import { randomUUID } from "node:crypto";
import type { ReplyRequest, ThreadChannel, ThreadMessage } from "@fieldops/shared/messages";
import { stopAssistantInThread } from "../customer-assistant/thread-assistant.ts";
import { invalidInput, notFound } from "../errors.ts";
import { writeOutboxMessages } from "../outbox/write-outbox-messages.ts";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { getThread, replyAddresses } from "./read-threads.ts";
import { newAddressToken } from "./reply-address.ts";
import { customerThread, previewOf } from "./threads.ts";
import { messagesChanged } from "./message-events.ts";
import { markThreadRead } from "./mark-thread-read.ts";

/**
 * The office's reply in a conversation, by text or e-mail: written to the outbox (`writeOutboxMessages`), which the
 * dispatcher delivers, and linked into the thread. A reply reads the thread. Texts need the plan's SMS; a customer
 * without the number or address is told so, beside the channel. A customer's conversation that has no message yet is
 * addressed by the customer's id (as `getCustomerThread` answers it): the first reply starts it. A person answering
 * takes the conversation over from the customer assistant, which answers there no more until handed it back.
 */
export async function replyInThread(
  scope: TenantScope<UserActor>,
  input: { id: string } & ReplyRequest,
): Promise<ThreadMessage> {
  const thread = await findOrStartThread(scope, input.id);
  if (input.channel === "sms") await requirePlanFeature(scope.tx, "sms", "Text messages");
  const to = (await replyAddresses(scope.tx, thread))[input.channel];
  if (!to)
    throw invalidInput(
      input.channel === "sms" ? "This customer has no phone number to text" : "This customer has no e-mail address",
      "channel",
    );
  const written = await sendInThread(scope, thread, {
    channel: input.channel,
    to,
    body: input.body,
    subject: input.subject,
    kind: "reply",
    dedupeKey: `reply:${randomUUID()}`,
  });
  await stopAssistantInThread(scope, thread.id);
  await markThreadRead(scope, { id: thread.id });
  const view = await getThread(scope.tx, { id: thread.id });
  const mine = view.messages.find((message) => message.outboxMessageId === written?.id);
  if (!mine) throw notFound("The reply was not written");
  return mine;
}

/**
 * Writes one message of the company in a thread, to `to`, by text or e-mail: an e-mail's subject is "Re:" the thread's
 * last one (or says who writes); the outbox delivers it, and it joins the thread (linked here for a thread of no
 * customer, which the outbox writer does not link). Once per `dedupeKey`: answers null when it was written before.
 */
export async function sendInThread(
  scope: TenantScope,
  thread: { id: string; customerId: string | null },
  input: { channel: ThreadChannel; to: string; body: string; subject?: string; kind: string; dedupeKey: string },
) {
  const company = await scope.tx.company.findUniqueOrThrow({ where: { id: scope.companyId }, select: { name: true } });
  const last = await scope.tx.threadMessage.findFirst({
    where: { threadId: thread.id, channel: "email" },
    orderBy: { createdAt: "desc" },
    select: { subject: true, outboxMessage: { select: { subject: true } } },
  });
  const lastSubject = last?.outboxMessage?.subject || last?.subject || "";
  const subject =
    input.channel === "email"
      ? input.subject ||
        (lastSubject
          ? /^re:/i.test(lastSubject)
            ? lastSubject
            : `Re: ${lastSubject}`
          : `A message from ${company.name}`)
      : "Text message";
  const [written] = await writeOutboxMessages(scope, [
    {
      kind: input.kind,
      channel: input.channel,
      recipient: input.to,
      subject: subject.slice(0, 200),
      body: input.body,
      dedupeKey: input.dedupeKey,
      customerId: thread.customerId,
    },
  ]);
  if (!thread.customerId && written) {
    await scope.tx.threadMessage.create({
      data: {
        companyId: scope.companyId,
        threadId: thread.id,
        direction: "outbound",
        channel: input.channel,
        toAddress: input.to,
        outboxMessageId: written.id,
        replyToken: input.channel === "email" ? newAddressToken() : null,
        readAt: written.createdAt,
        createdAt: written.createdAt,
      },
    });
    await scope.tx.messageThread.update({
      where: { id: thread.id },
      data: { lastMessageAt: written.createdAt, lastMessagePreview: previewOf(input.body) },
    });
    scope.emit(messagesChanged([thread], { inbound: false }));
  }
  return written ?? null;
}

async function findOrStartThread(scope: TenantScope, id: string) {
  const select = { id: true, customerId: true, address: true } as const;
  const thread = await scope.tx.messageThread.findUnique({ where: { id }, select });
  if (thread) return thread;
  const customer = await scope.tx.customer.findUnique({ where: { id }, select: { id: true } });
  if (!customer) throw notFound("No such conversation");
  const started = await customerThread(scope.tx, scope.companyId, customer.id);
  return { ...started, address: null };
}
