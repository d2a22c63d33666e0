import type { Database, Prisma } from "@fieldops/db";
import type { AssistantTranscript, AssistantTranscriptList } from "@fieldops/shared/admin";
import { answererSchema, ASSISTANT_CUSTOM_EVENTS, UI_ACTION_TOOL_NAME } from "@fieldops/shared/chat";
import { inCompany } from "./manage-tenant.ts";

const MAX_TURNS = 100;
const MAX_RUNS = 50;

type StoredEvent = {
  type?: unknown;
  toolCallId?: unknown;
  toolCallName?: unknown;
  delta?: unknown;
  name?: unknown;
  value?: unknown;
};

/** What an answer's stored AG-UI events say it did: its answerer, the UI actions it sent, the cards it showed. */
export function summarizeAnswerEvents(events: Prisma.JsonValue): {
  answerer: string | null;
  uiActions: { type: string; target: string | null }[];
  cards: number;
} {
  const list = (Array.isArray(events) ? events : []) as StoredEvent[];
  const toolNames = new Map<unknown, unknown>();
  let answerer: string | null = null;
  const uiActions: { type: string; target: string | null }[] = [];
  let cards = 0;
  for (const event of list) {
    if (typeof event !== "object" || event === null) continue;
    if (event.type === "CUSTOM" && event.name === ASSISTANT_CUSTOM_EVENTS.answerer) {
      const who = answererSchema.safeParse(event.value);
      if (who.success)
        answerer = who.data.kind === "model" ? `model ${who.data.model ?? ""}`.trim() : "offline planner";
    }
    if (event.type === "TOOL_CALL_START") toolNames.set(event.toolCallId, event.toolCallName);
    if (event.type === "TOOL_CALL_RESULT") cards++;
    if (
      event.type === "TOOL_CALL_ARGS" &&
      toolNames.get(event.toolCallId) === UI_ACTION_TOOL_NAME &&
      typeof event.delta === "string"
    ) {
      try {
        const action = JSON.parse(event.delta) as { type?: unknown; target?: unknown };
        uiActions.push({ type: String(action.type), target: typeof action.target === "string" ? action.target : null });
      } catch {
        uiActions.push({ type: "unreadable", target: null });
      }
    }
  }
  return { answerer, uiActions: uiActions.slice(0, 50), cards };
}

/**
 * The assistant's conversations in one company, newest first, for auditing: each question with what the assistant was
 * given (the stored packet), what it answered and did (UI actions, cards), the proposals it made and the module runs
 * the conversation's user asked for while it went on. For platform administrators (the caller checks).
 */
export async function listAssistantTranscripts(
  db: Database,
  input: { companyId: string; limit: number },
): Promise<AssistantTranscriptList> {
  return inCompany(db, input.companyId, async (tx) => {
    const company = await tx.company.findFirstOrThrow({ select: { name: true } });
    const conversations = await tx.assistantConversation.findMany({
      orderBy: { updatedAt: "desc" },
      take: input.limit,
      include: {
        user: { select: { name: true } },
        messages: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: MAX_TURNS * 2 },
        proposals: { orderBy: { createdAt: "asc" }, take: 50 },
      },
    });
    const items: AssistantTranscript[] = [];
    for (const conversation of conversations) {
      const turns: AssistantTranscript["turns"] = [];
      for (const message of conversation.messages) {
        if (message.role === "user") {
          const given =
            message.packet !== null && typeof message.packet === "object" && !Array.isArray(message.packet)
              ? (message.packet as Record<string, unknown>)
              : null;
          turns.push({
            messageId: message.id,
            question: message.text,
            askedAt: message.createdAt.toISOString(),
            given,
            answer: null,
            answerer: null,
            uiActions: [],
            cards: 0,
          });
        } else {
          const turn = turns.at(-1);
          if (!turn || turn.answer !== null) continue;
          turn.answer = message.text;
          Object.assign(turn, summarizeAnswerEvents(message.events));
        }
      }
      const last = conversation.messages.at(-1)?.createdAt ?? conversation.updatedAt;
      const runs = await tx.moduleRun.findMany({
        where: {
          requestedByUserId: conversation.userId,
          createdAt: { gte: conversation.createdAt, lte: new Date(last.getTime() + 60_000) },
        },
        orderBy: { createdAt: "asc" },
        take: MAX_RUNS,
        select: { id: true, moduleId: true, status: true, message: true, createdAt: true },
      });
      items.push({
        id: conversation.id,
        companyId: conversation.companyId,
        companyName: company.name,
        userName: conversation.user.name,
        title: conversation.title,
        updatedAt: conversation.updatedAt.toISOString(),
        turns: turns.slice(0, MAX_TURNS),
        proposals: conversation.proposals.map((proposal) => ({
          id: proposal.id,
          moduleId: proposal.moduleId,
          summary: proposal.summary,
          status: proposal.status,
          createdAt: proposal.createdAt.toISOString(),
        })),
        moduleRuns: runs.map((run) => ({ ...run, status: run.status, createdAt: run.createdAt.toISOString() })),
      });
    }
    return { items };
  });
}
