import type { ThreadMessageChannel } from "@fieldops/shared/messages";
import { messagesChanged } from "../messages/message-events.ts";
import { sendInThread } from "../messages/reply-in-thread.ts";
import { previewOf } from "../messages/threads.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { asText } from "./customer-answer-words.ts";

/**
 * The assistant's answer in the conversation, by the channel the customer wrote on: to the number or address they
 * wrote from (theirs: it is how they were identified), through the outbox, once per action and step (its first answer,
 * then the one the decision sends) however often a task runs; or, in the portal's chat, as the thread's own message,
 * which the portal reads. Answers where the answer is: its outbox message, or its own message in the thread.
 */
export async function sendAssistantAnswer(
  conversation: {
    scope: TenantScope;
    thread: { id: string; customerId: string | null };
    channel: ThreadMessageChannel;
    replyTo: string;
    company: { name: string };
  },
  key: { actionId: string; step: "answer" | "decision" },
  reply: string,
): Promise<{ outboxMessageId: string | null; answerMessageId: string | null }> {
  const { scope, thread } = conversation;
  if (conversation.channel === "portal") {
    const now = new Date();
    const [created] = await scope.tx.threadMessage.createManyAndReturn({
      skipDuplicates: true,
      data: [
        {
          companyId: scope.companyId,
          threadId: thread.id,
          direction: "outbound",
          channel: "portal",
          body: reply,
          providerMessageId: `assistant:${key.actionId}:${key.step}`,
          readAt: now,
          createdAt: now,
        },
      ],
      select: { id: true },
    });
    await scope.tx.messageThread.update({
      where: { id: thread.id },
      data: { lastMessageAt: now, lastMessagePreview: previewOf(reply) },
    });
    scope.emit(messagesChanged([thread], { inbound: false }));
    return { outboxMessageId: null, answerMessageId: created?.id ?? null };
  }
  const written = await sendInThread(scope, thread, {
    channel: conversation.channel,
    to: conversation.replyTo,
    body: conversation.channel === "sms" ? asText(conversation.company.name, reply) : reply,
    kind: "assistant_reply",
    dedupeKey: `assistant:${key.actionId}:${key.step}`,
  });
  return { outboxMessageId: written?.id ?? null, answerMessageId: null };
}
