import { z } from "zod";
import {
  ASSISTANT_PLAN_FEATURE,
  CONVERSATION_MESSAGES_MAX,
  UI_ACTION_TOOL_NAME,
  aguiEventSchema,
  type AguiEvent,
  type ConversationQuote,
  type ConversationResponse,
} from "@fieldops/shared/chat";
import { buildQuoteSchema, featureSpecSchema } from "@fieldops/shared/feature-spec";
import { uiActionSchema, type UiAction } from "@fieldops/shared/ui-actions";
import type { TenantTransaction } from "@fieldops/db";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { moduleRunUpdate } from "../modules/modules-events.ts";
import { findOwnConversation } from "./conversation-store.ts";

const MODULE_ACTIONS = new Set(["executeModule", "requestModuleApproval"]);
const QUOTE_ACTIONS = new Set(["request_quote", "openBuildModal"]);
const sessionIdSchema = z.uuid();

/**
 * One of the user's conversations with its latest messages, oldest first; each answer with its run's AG-UI events,
 * so that a reloaded chat shows the same cards, chips and proposals, and with how their actions stand now: the module
 * runs they started (done, undone, waiting for approval, denied with the reason, their files) and the quotes of their
 * build sessions. Another user's conversation, run or session is not found. Refused without the assistant's plan
 * feature.
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
  const messages = rows.reverse().map((row) => ({
    id: row.id,
    role: row.role === "user" ? ("user" as const) : ("assistant" as const),
    text: row.text,
    events: storedEvents(row.events),
    createdAt: row.createdAt.toISOString(),
  }));
  const actions = messages.flatMap((message) => storedUiActions(message.events));
  const actionIds = [...new Set(actions.filter((a) => MODULE_ACTIONS.has(a.type)).map((a) => a.id))];
  const sessionIds = [
    ...new Set(
      actions.flatMap((a) => {
        const sessionId = sessionIdSchema.safeParse(a.sessionId);
        return QUOTE_ACTIONS.has(a.type) && sessionId.success ? [sessionId.data] : [];
      }),
    ),
  ];
  const [runs, quotes] = await Promise.all([
    actionIds.length === 0
      ? []
      : tx.moduleRun.findMany({ where: { requestedByUserId: actor.userId, idempotencyKey: { in: actionIds } } }),
    sessionQuotes(tx, actor.userId, sessionIds),
  ]);
  return {
    id: conversation.id,
    title: conversation.title,
    updatedAt: conversation.updatedAt.toISOString(),
    messages,
    runs: runs.map((run) => ({ actionId: run.idempotencyKey!, run: moduleRunUpdate(run) })),
    quotes,
  };
}

/** The latest quote of each of the user's sessions, with whether a build was started with it. */
async function sessionQuotes(
  tx: TenantTransaction,
  userId: string,
  sessionIds: string[],
): Promise<ConversationQuote[]> {
  if (sessionIds.length === 0) return [];
  const proposals = await tx.buildProposal.findMany({
    where: { sessionId: { in: sessionIds }, requestedByUserId: userId, status: "quoted" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: { build: { select: { id: true } } },
  });
  const latest = new Map<string, ConversationQuote>();
  for (const proposal of proposals) {
    if (latest.has(proposal.sessionId)) continue;
    const quote = buildQuoteSchema.safeParse({
      priceUsd: (proposal.priceCents ?? 0) / 100,
      etaMinutes: proposal.etaMinutes,
      risk: proposal.risk,
    });
    const spec = featureSpecSchema.safeParse(proposal.spec);
    if (!quote.success || !spec.success) continue;
    latest.set(proposal.sessionId, {
      sessionId: proposal.sessionId,
      proposalId: proposal.id,
      quote: quote.data,
      spec: spec.data,
      built: proposal.build !== null || proposal.consentUsedAt !== null,
    });
  }
  return [...latest.values()];
}

function storedEvents(value: unknown): AguiEvent[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((event) => {
    const parsed = aguiEventSchema.safeParse(event);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The UI actions an answer sent: its ui_action tool calls' arguments, as the contract bounds them. */
function storedUiActions(events: AguiEvent[]): UiAction[] {
  const args = new Map<string, string>();
  for (const event of events) {
    if (event.type === "TOOL_CALL_START" && event.toolCallName === UI_ACTION_TOOL_NAME) args.set(event.toolCallId, "");
    if (event.type === "TOOL_CALL_ARGS" && args.has(event.toolCallId))
      args.set(event.toolCallId, args.get(event.toolCallId)! + event.delta);
  }
  return [...args.values()].flatMap((json) => {
    try {
      const action = uiActionSchema.safeParse(JSON.parse(json));
      return action.success ? [action.data] : [];
    } catch {
      return [];
    }
  });
}
