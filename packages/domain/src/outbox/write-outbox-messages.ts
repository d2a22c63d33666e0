import type { Prisma } from "@fieldops/db";
import type { TenantScope } from "../tenant-scope.ts";
import { hipaaSafeMessages } from "../hipaa/hipaa-safe-message.ts";
import { messagesChanged } from "../messages/message-events.ts";
import { linkOutboundMessages } from "../messages/threads.ts";
import { deliverMessageTask } from "./deliver-message.task.ts";
import { outboxChanged } from "./outbox-events.ts";

export type OutboxMessageInput = Omit<Prisma.OutboxMessageCreateManyInput, "companyId" | "status">;

/**
 * Writes messages to the outbox, one per dedupe key (a key already written adds nothing), and hands each new e-mail and
 * text to the dispatcher (`deliver_message`) in the same transaction: a message that commits is sent, one that rolls
 * back is not. A message to a customer joins the customer's thread (linked, not copied), and in HIPAA mode carries no
 * names or notes (`hipaaSafeMessages`). Returns the messages written now.
 */
export async function writeOutboxMessages(scope: TenantScope, messages: readonly OutboxMessageInput[]) {
  if (messages.length === 0) return [];
  const safe = await hipaaSafeMessages(scope.tx, scope.companyId, messages);
  const written = await scope.tx.outboxMessage.createManyAndReturn({
    skipDuplicates: true,
    data: safe.map((message) => ({ ...message, companyId: scope.companyId, status: "queued" })),
    select: {
      id: true,
      channel: true,
      invoiceId: true,
      estimateId: true,
      customerId: true,
      recipient: true,
      body: true,
      subject: true,
      createdAt: true,
    },
  });
  // A message to a customer is part of their conversation too: its thread links to it.
  const threads = await linkOutboundMessages(scope.tx, scope.companyId, written);
  for (const message of written) {
    if (message.channel === "email" || message.channel === "sms")
      scope.enqueue(deliverMessageTask, { companyId: scope.companyId, messageId: message.id }, message.id);
  }
  scope.emit(outboxChanged(written));
  scope.emit(messagesChanged(threads, { inbound: false }));
  return written;
}
