import type { TenantTransaction } from "@fieldops/db";
import type { ThreadChannel, ThreadMessageChannel, UnplacedReason } from "@fieldops/shared/messages";
import { newAddressToken } from "./reply-address.ts";

export interface ThreadRef {
  id: string;
  customerId: string | null;
}

const PREVIEW_CHARS = 140;

/** The first words of a message, on one line, for the inbox list. */
export function previewOf(body: string): string {
  const line = body.replace(/\s+/g, " ").trim();
  return line.length > PREVIEW_CHARS ? `${line.slice(0, PREVIEW_CHARS - 1)}…` : line;
}

/**
 * A thread by its key, made if it is not there yet (two first messages arriving at once both find the one made: the
 * insert skips a key that exists rather than fail).
 */
async function threadByKey(
  tx: TenantTransaction,
  companyId: string,
  key: string,
  create: { customerId?: string; address?: string; unplacedReason?: UnplacedReason },
): Promise<ThreadRef> {
  await tx.messageThread.createMany({ data: [{ companyId, key, ...create }], skipDuplicates: true });
  return tx.messageThread.findUniqueOrThrow({
    where: { companyId_key: { companyId, key } },
    select: { id: true, customerId: true },
  });
}

/** The customer's thread, made on its first message. */
export async function customerThread(tx: TenantTransaction, companyId: string, customerId: string): Promise<ThreadRef> {
  return threadByKey(tx, companyId, `customer:${customerId}`, { customerId });
}

/** The thread of a number or address that names no customer, or several. */
export async function unplacedThread(
  tx: TenantTransaction,
  companyId: string,
  input: { channel: ThreadChannel; address: string; reason: UnplacedReason },
): Promise<ThreadRef> {
  const key = `${input.channel}:${input.address}`;
  const thread = await threadByKey(tx, companyId, key, { address: input.address, unplacedReason: input.reason });
  // A number that was unknown may be shared by several customers now, or the other way round.
  await tx.messageThread.updateMany({
    where: { id: thread.id, unplacedReason: { not: input.reason } },
    data: { unplacedReason: input.reason },
  });
  return thread;
}

/**
 * Adds an inbound message to a thread, once per provider id (a second delivery of the same text or mail adds nothing
 * and answers null), and counts it unread.
 */
export async function appendInbound(
  tx: TenantTransaction,
  companyId: string,
  thread: ThreadRef,
  message: {
    channel: ThreadMessageChannel;
    body: string;
    subject?: string | null;
    from: string;
    to: string;
    providerMessageId: string;
    receivedAt?: Date;
  },
): Promise<{ id: string } | null> {
  const receivedAt = message.receivedAt ?? new Date();
  const created = await tx.threadMessage.createManyAndReturn({
    skipDuplicates: true,
    data: [
      {
        companyId,
        threadId: thread.id,
        direction: "inbound",
        channel: message.channel,
        body: message.body,
        subject: message.subject ?? null,
        fromAddress: message.from,
        toAddress: message.to,
        providerMessageId: message.providerMessageId,
        createdAt: receivedAt,
      },
    ],
    select: { id: true },
  });
  if (created.length === 0) return null;
  await tx.messageThread.update({
    where: { id: thread.id },
    data: {
      lastMessageAt: receivedAt,
      lastMessagePreview: previewOf(message.body),
      unreadCount: { increment: 1 },
    },
  });
  return created[0]!;
}

/**
 * Links messages just written to the outbox for customers into their threads (the outbox row keeps the text and the
 * delivery; the thread only points at it), each e-mail with its reply token. Answers the threads that moved on.
 */
export async function linkOutboundMessages(
  tx: TenantTransaction,
  companyId: string,
  messages: readonly {
    id: string;
    channel: string;
    customerId: string | null;
    recipient: string | null;
    body: string;
    subject: string;
    createdAt: Date;
  }[],
): Promise<ThreadRef[]> {
  const threads = new Map<string, ThreadRef>();
  for (const message of messages) {
    if (!message.customerId || (message.channel !== "email" && message.channel !== "sms")) continue;
    const thread = threads.get(message.customerId) ?? (await customerThread(tx, companyId, message.customerId));
    threads.set(message.customerId, thread);
    await tx.threadMessage.create({
      data: {
        companyId,
        threadId: thread.id,
        direction: "outbound",
        channel: message.channel,
        toAddress: message.recipient,
        outboxMessageId: message.id,
        replyToken: message.channel === "email" ? newAddressToken() : null,
        readAt: message.createdAt,
        createdAt: message.createdAt,
      },
    });
    await tx.messageThread.update({
      where: { id: thread.id },
      data: { lastMessageAt: message.createdAt, lastMessagePreview: previewOf(message.subject || message.body) },
    });
  }
  return [...threads.values()];
}
