import {
  ASSISTANT_PLAN_FEATURE,
  CONVERSATION_MESSAGES_MAX,
  aguiEventSchema,
  type AguiEvent,
  type ConversationResponse,
} from "@fieldops/shared/chat";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { findOwnConversation } from "./assistant-turn-context.ts";

/**
 * One of the user's conversations with its latest messages, oldest first; each answer with its run's AG-UI events,
 * so that a reloaded chat shows the same cards, chips and proposals. Another user's conversation is not found.
 * Refused without the assistant's plan feature.
 */
export async function getConversation(
  { tx, actor }: Pick<TenantScope<UserActor>, "tx" | "actor">,
  input: { conversationId: string },
): Promise<ConversationResponse> {
  await requirePlanFeature(tx, ASSISTANT_PLAN_FEATURE);
  const conversation = await findOwnConversation(tx, { id: actor.userId }, input.conversationId);
  const rows = await tx.assistantMessage.findMany({
    where: { conversationId: conversation.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: CONVERSATION_MESSAGES_MAX,
  });
  return {
    id: conversation.id,
    title: conversation.title,
    updatedAt: conversation.updatedAt.toISOString(),
    messages: rows.reverse().map((row) => ({
      id: row.id,
      role: row.role === "user" ? "user" : "assistant",
      text: row.text,
      events: storedEvents(row.events),
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

function storedEvents(value: unknown): AguiEvent[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((event) => {
    const parsed = aguiEventSchema.safeParse(event);
    return parsed.success ? [parsed.data] : [];
  });
}
