import type { TenantTransaction } from "@fieldops/db";
import type { Actor } from "../jobs/actor.ts";
import { forbidden, notFound } from "../errors.ts";
import { fieldThreadsChanged } from "../messages/message-events.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";

interface MessageRow {
  body: string | null;
  outboxMessage: { body: string; kind: string; subject: string | null } | null;
}

/**
 * What a crew reads of a message: the customer's words and the office's replies; of what the product sent (an invoice,
 * an estimate, a reminder) only its subject, since its body carries the customer's own links.
 */
function messageText(message: MessageRow): string {
  const outbox = message.outboxMessage;
  if (!outbox) return message.body ?? "";
  if (outbox.kind === "reply" || outbox.kind === "on_my_way") return outbox.body;
  return `Sent by the office: ${outbox.subject ?? outbox.kind.replaceAll("_", " ")}`;
}

/** The most messages of a conversation the field app shows: the latest. */
const FIELD_THREAD_MESSAGES = 20;

/** A share with a crew the user is on, and the conversations that have one. */
const toCrewOf = (userId: string) => ({ crew: { members: { some: { userId } } } });
const sharedWith = (userId: string) => ({ crewShares: { some: toCrewOf(userId) } });

/**
 * The conversations the office shares with the user's crews, newest first, to read (the office answers them). A
 * thread's unread count is the user's own: its messages since they last opened it in the field app (all of them
 * before that).
 */
export async function listFieldThreads(tx: TenantTransaction, input: { actor: Actor }) {
  const { userId } = input.actor;
  const threads = await tx.messageThread.findMany({
    where: sharedWith(userId),
    orderBy: [{ lastMessageAt: "desc" }, { id: "asc" }],
    select: {
      id: true,
      lastMessageAt: true,
      address: true,
      customer: { select: { name: true } },
      reads: { where: { userId }, select: { lastReadAt: true } },
      messages: {
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: FIELD_THREAD_MESSAGES,
        select: {
          id: true,
          direction: true,
          body: true,
          createdAt: true,
          outboxMessage: { select: { body: true, kind: true, subject: true } },
        },
      },
    },
  });
  const unread = threads.length
    ? await tx.threadMessage.groupBy({
        by: ["threadId"],
        where: {
          OR: threads.map((thread) => {
            const lastReadAt = thread.reads[0]?.lastReadAt;
            return { threadId: thread.id, ...(lastReadAt ? { createdAt: { gt: lastReadAt } } : {}) };
          }),
        },
        _count: { _all: true },
      })
    : [];
  const unreadOf = new Map(unread.map((row) => [row.threadId, row._count._all]));
  return {
    threads: threads.map((thread) => ({
      id: thread.id,
      customerName: thread.customer?.name ?? thread.address ?? "",
      lastMessageAt: thread.lastMessageAt.toISOString(),
      unreadCount: unreadOf.get(thread.id) ?? 0,
      messages: thread.messages.reverse().map((message) => ({
        id: message.id,
        direction: message.direction === "inbound" ? ("inbound" as const) : ("outbound" as const),
        body: messageText(message),
        createdAt: message.createdAt.toISOString(),
      })),
    })),
    unreadTotal: unread.reduce((sum, row) => sum + row._count._all, 0),
  };
}

/**
 * The user has read a conversation shared with one of their crews: their unread count of it drops to nothing (the
 * office's own marks are untouched). Another company's thread is not found; one not shared with their crews, refused.
 */
export async function markFieldThreadRead(scope: TenantScope<UserActor>, input: { id: string }): Promise<null> {
  const { userId } = scope.actor;
  const thread = await scope.tx.messageThread.findUnique({
    where: { id: input.id },
    select: {
      id: true,
      crewShares: { where: toCrewOf(userId), take: 1, select: { crewId: true } },
      // Read up to its newest message, on the messages' own clock: one that arrives after it is unread.
      messages: { orderBy: { createdAt: "desc" }, take: 1, select: { createdAt: true } },
    },
  });
  if (!thread) throw notFound("No such conversation");
  if (thread.crewShares.length === 0) throw forbidden("This conversation is not shared with your crew");
  const lastReadAt = thread.messages[0]?.createdAt ?? new Date();
  await scope.tx.messageThreadRead.upsert({
    where: { userId_threadId: { userId, threadId: thread.id } },
    create: { companyId: scope.companyId, userId, threadId: thread.id, lastReadAt },
    update: { lastReadAt },
  });
  scope.emit(fieldThreadsChanged([thread.id]), userId);
  return null;
}
