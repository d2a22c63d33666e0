import { notFound } from "../errors.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { messagesChanged } from "./message-events.ts";

/** Marks a conversation's inbound messages read, for the whole office; the badge and the other screens follow. */
export async function markThreadRead(scope: TenantScope, input: { id: string }): Promise<null> {
  const thread = await scope.tx.messageThread.findUnique({
    where: { id: input.id },
    select: { id: true, customerId: true, unreadCount: true },
  });
  if (!thread) throw notFound("No such conversation");
  if (thread.unreadCount === 0) return null;
  const now = new Date();
  await scope.tx.threadMessage.updateMany({
    where: { threadId: thread.id, direction: "inbound", readAt: null },
    data: { readAt: now },
  });
  await scope.tx.messageThread.update({ where: { id: thread.id }, data: { unreadCount: 0 } });
  scope.emit(messagesChanged([thread], { inbound: false }));
  return null;
}
