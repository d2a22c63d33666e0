import type { TenantTransaction } from "@fieldops/db";
import { addDays, dayInTimeZone, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import { FIELD_APP_DAYS } from "@fieldops/shared/field-app";
import type { Actor } from "../jobs/actor.ts";

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

/**
 * The conversations of the customers the user's crews visit today and the next two days, newest first, to read (the
 * office answers them): the office shares no thread with a crew yet, so a crew sees its own customers' ones. The
 * unread counts are the office's (messages no one in the office has read yet).
 */
export async function listFieldThreads(tx: TenantTransaction, input: { actor: Actor; now?: Date }) {
  const now = input.now ?? new Date();
  const { timeZone } = await tx.company.findFirstOrThrow({ select: { timeZone: true } });
  const date = dayInTimeZone(now, timeZone);
  const visits = await tx.visit.findMany({
    where: {
      crew: { members: { some: { userId: input.actor.userId } } },
      status: { not: "canceled" },
      scheduledStart: {
        gte: startOfDayInTimeZone(date, timeZone),
        lt: startOfDayInTimeZone(addDays(date, FIELD_APP_DAYS), timeZone),
      },
    },
    select: { job: { select: { customerId: true } } },
  });
  const customerIds = [...new Set(visits.map((visit) => visit.job.customerId))];
  if (customerIds.length === 0) return { threads: [], unreadTotal: 0 };
  const threads = await tx.messageThread.findMany({
    where: { customerId: { in: customerIds } },
    orderBy: [{ lastMessageAt: "desc" }, { id: "asc" }],
    select: {
      id: true,
      lastMessageAt: true,
      unreadCount: true,
      customer: { select: { name: true } },
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
  return {
    threads: threads.map((thread) => ({
      id: thread.id,
      customerName: thread.customer?.name ?? "",
      lastMessageAt: thread.lastMessageAt.toISOString(),
      unreadCount: thread.unreadCount,
      messages: thread.messages.reverse().map((message) => ({
        id: message.id,
        direction: message.direction === "inbound" ? ("inbound" as const) : ("outbound" as const),
        body: messageText(message),
        createdAt: message.createdAt.toISOString(),
      })),
    })),
    unreadTotal: threads.reduce((sum, thread) => sum + thread.unreadCount, 0),
  };
}
