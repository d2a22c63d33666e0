import type { Prisma, TenantTransaction } from "@fieldops/db";
import {
  MAX_THREAD_CREW_SHARES,
  MAX_THREAD_MESSAGES,
  threadMessageChannelSchema,
  threadDirectionSchema,
  unplacedReasonSchema,
  type Thread,
  type ThreadListQuery,
  type ThreadListResponse,
  type ThreadMessage,
  type ThreadSummary,
} from "@fieldops/shared/messages";
import { invalidInput, notFound } from "../errors.ts";
import { readThreadAssistant } from "../customer-assistant/thread-assistant.ts";
import { companyHasPlanFeature } from "../plans/require-plan-feature.ts";
import { DELIVERY_SELECT, toDelivery } from "../outbox/list-outbox.ts";

const SUMMARY_SELECT = {
  id: true,
  customerId: true,
  address: true,
  unplacedReason: true,
  lastMessageAt: true,
  lastMessagePreview: true,
  unreadCount: true,
  companyId: true,
  assistantStoppedAt: true,
  customer: { select: { name: true } },
} as const;

type SummaryRow = {
  id: string;
  customerId: string | null;
  address: string | null;
  unplacedReason: string | null;
  lastMessageAt: Date;
  lastMessagePreview: string;
  unreadCount: number;
  companyId: string;
  assistantStoppedAt: Date | null;
  customer: { name: string } | null;
};

function toSummary(row: SummaryRow): ThreadSummary {
  return {
    id: row.id,
    customerId: row.customerId,
    title: row.customer?.name ?? row.address ?? "Unknown sender",
    unplacedReason: row.unplacedReason ? unplacedReasonSchema.catch("unknown").parse(row.unplacedReason) : null,
    lastMessageAt: row.lastMessageAt.toISOString(),
    lastMessagePreview: row.lastMessagePreview,
    unreadCount: row.unreadCount,
  };
}

/** Where a page of threads ended: its last thread's lastMessageAt and id (two threads may share the instant). */
type ThreadCursor = { at: Date; id: string };

function encodeThreadCursor(cursor: ThreadCursor): string {
  return Buffer.from(`${cursor.at.toISOString()}|${cursor.id}`).toString("base64url");
}

function decodeThreadCursor(value: string): ThreadCursor {
  const [at, id] = Buffer.from(value, "base64url").toString().split("|");
  const instant = new Date(at ?? "");
  if (id !== undefined && /^[0-9a-f-]{36}$/i.test(id) && !Number.isNaN(instant.getTime())) return { at: instant, id };
  throw invalidInput("The cursor is not valid", "cursor");
}

/**
 * The company's conversations, newest first (then by id, so threads of the same instant keep one order), a page after
 * the cursor, optionally only those with unread messages; and how many inbound messages wait unread in all of them.
 */
export async function listThreads(tx: TenantTransaction, input: ThreadListQuery): Promise<ThreadListResponse> {
  const { limit } = input;
  const cursor = input.cursor ? decodeThreadCursor(input.cursor) : null;
  const where: Prisma.MessageThreadWhereInput = {
    ...(input.unread === "true" ? { unreadCount: { gt: 0 } } : {}),
    ...(cursor
      ? {
          OR: [{ lastMessageAt: { lt: cursor.at } }, { lastMessageAt: cursor.at, id: { lt: cursor.id } }],
        }
      : {}),
  };
  const [rows, unread] = await Promise.all([
    tx.messageThread.findMany({
      where,
      orderBy: [{ lastMessageAt: "desc" }, { id: "desc" }],
      take: limit + 1,
      select: SUMMARY_SELECT,
    }),
    tx.messageThread.aggregate({ _sum: { unreadCount: true } }),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toSummary),
    unreadTotal: unread._sum.unreadCount ?? 0,
    nextCursor: rows.length > limit && last ? encodeThreadCursor({ at: last.lastMessageAt, id: last.id }) : null,
  };
}

/** One conversation with its latest messages, oldest first; another company's is not found. */
export async function getThread(tx: TenantTransaction, input: { id: string }): Promise<Thread> {
  const row = await tx.messageThread.findUnique({ where: { id: input.id }, select: SUMMARY_SELECT });
  if (!row) throw notFound("No such conversation");
  return threadOf(tx, row);
}

/**
 * The conversation with a customer. A customer with no message yet has an empty one (its id is the customer's own
 * until the first message makes the thread); a customer of another company is not found.
 */
export async function getCustomerThread(tx: TenantTransaction, input: { customerId: string }): Promise<Thread> {
  const customer = await tx.customer.findUnique({
    where: { id: input.customerId },
    select: { id: true, name: true, companyId: true },
  });
  if (!customer) throw notFound("No such customer");
  const row = await tx.messageThread.findFirst({ where: { customerId: customer.id }, select: SUMMARY_SELECT });
  return threadOf(
    tx,
    row ?? {
      id: customer.id,
      customerId: customer.id,
      address: null,
      unplacedReason: null,
      lastMessageAt: new Date(0),
      lastMessagePreview: "",
      unreadCount: 0,
      companyId: customer.companyId,
      assistantStoppedAt: null,
      customer: { name: customer.name },
    },
  );
}

async function threadOf(tx: TenantTransaction, row: SummaryRow): Promise<Thread> {
  const messages = await tx.threadMessage.findMany({
    where: { threadId: row.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: MAX_THREAD_MESSAGES,
    select: {
      id: true,
      direction: true,
      channel: true,
      body: true,
      subject: true,
      fromAddress: true,
      toAddress: true,
      createdAt: true,
      readAt: true,
      outboxMessageId: true,
      outboxMessage: {
        select: { body: true, subject: true, recipient: true, kind: true, channel: true, ...DELIVERY_SELECT },
      },
    },
  });
  const replyTo = await replyAddresses(tx, row);
  const shares = await tx.messageThreadCrewShare.findMany({
    where: { threadId: row.id },
    orderBy: [{ crew: { name: "asc" } }, { crewId: "asc" }],
    take: MAX_THREAD_CREW_SHARES,
    select: { crewId: true, sharedAt: true, crew: { select: { name: true, color: true } } },
  });
  return {
    ...toSummary(row),
    messages: messages.reverse().map((message): ThreadMessage => ({
      id: message.id,
      direction: threadDirectionSchema.catch("inbound").parse(message.direction),
      channel: threadMessageChannelSchema.catch("sms").parse(message.channel),
      body: message.outboxMessage?.body ?? message.body ?? "",
      // A text has no subject (its outbox row names it for the outbox's list).
      subject: message.channel === "email" ? message.outboxMessage?.subject || message.subject : null,
      from: message.fromAddress,
      to: message.outboxMessage?.recipient ?? message.toAddress,
      createdAt: message.createdAt.toISOString(),
      readAt: message.readAt?.toISOString() ?? null,
      delivery: message.outboxMessage ? toDelivery(message.outboxMessage) : null,
      outboxMessageId: message.outboxMessageId,
    })),
    sharedWithCrews: shares.map((share) => ({
      crewId: share.crewId,
      name: share.crew.name,
      color: share.crew.color,
      sharedAt: share.sharedAt.toISOString(),
    })),
    replyTo,
    smsAllowed: await companyHasPlanFeature(tx, "sms"),
    assistant: await readThreadAssistant(tx, row.companyId, row),
  };
}

/** Where a reply can go: the customer's phone and e-mail, or the unplaced thread's own number or address. */
export async function replyAddresses(
  tx: TenantTransaction,
  row: { customerId: string | null; address: string | null },
): Promise<Thread["replyTo"]> {
  if (!row.customerId) {
    const address = row.address ?? "";
    return { sms: address.startsWith("+") ? address : null, email: address.includes("@") ? address : null };
  }
  const customer = await tx.customer.findUnique({
    where: { id: row.customerId },
    select: {
      phone: true,
      email: true,
      contacts: { orderBy: { position: "asc" }, select: { kind: true, value: true } },
    },
  });
  const contact = (kind: "phone" | "email") => customer?.contacts.find((entry) => entry.kind === kind)?.value ?? null;
  return {
    sms: customer?.phone || contact("phone"),
    email: customer?.email || contact("email"),
  };
}
