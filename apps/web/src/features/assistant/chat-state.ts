import {
  ASSISTANT_CUSTOM_EVENTS,
  UI_ACTION_TOOL_NAME,
  answererSchema,
  assistantCardSchema,
  chatProposalSchema,
  proposalDecisionSchema,
  type AguiEvent,
  type Answerer,
  type AssistantCard,
  type AssistantEventPayload,
  type ChatProposal,
  type ConversationQuote,
  type ConversationResponse,
} from "@fieldops/shared/chat";

/**
 * The conversation as the chat shows it, built from the assistant's AG-UI events: live ones as they stream, and the
 * stored ones of a reloaded conversation. Pure, so that a reload renders exactly what the live run rendered.
 */

export type ChatPart =
  | { kind: "text"; messageId: string; text: string; streaming: boolean }
  /** A `ui_action` tool call: its arguments (one UI action as JSON) stream in, and the client's machine runs it once complete. */
  | { kind: "action"; toolCallId: string; args: string; complete: boolean }
  /** A read tool's call; its result is a card. */
  | { kind: "read"; toolCallId: string; tool: string; card: AssistantCard | null; failed: boolean }
  | { kind: "proposal"; proposal: ChatProposal; decision: "confirm" | "cancel" | null };

export interface UserTurn {
  kind: "user";
  /** The request id it was sent with, or the stored message's id. */
  id: string;
  text: string;
  status: "sending" | "sent" | "refused";
  error?: string;
}

export interface AssistantTurn {
  kind: "assistant";
  runId: string;
  parts: ChatPart[];
  status: "running" | "finished" | "failed";
  error?: string;
  answerer: Answerer | null;
}

export type ChatTurn = UserTurn | AssistantTurn;

export interface ChatState {
  conversationId: string | null;
  turns: ChatTurn[];
  /** Who answers: from the latest run, or from the suggestions before any. */
  answerer: Answerer | null;
  /** A reloaded conversation's build quotes as they stand, by build session, to reopen. */
  quotes: Readonly<Record<string, ConversationQuote>>;
}

export const EMPTY_CHAT: ChatState = { conversationId: null, turns: [], answerer: null, quotes: {} };

/** How many turns the chat keeps in memory; the oldest are dropped first (the history route has them all). */
export const CHAT_TURNS_LIMIT = 400;

export function addUserTurn(state: ChatState, requestId: string, text: string): ChatState {
  return {
    ...state,
    turns: [...state.turns, { kind: "user" as const, id: requestId, text, status: "sending" as const }].slice(
      -CHAT_TURNS_LIMIT,
    ),
  };
}

/**
 * Words of the assistant that come from the app rather than a run (why a quote it asked for was refused), as a finished
 * turn of their own.
 */
export function addAssistantNote(state: ChatState, id: string, text: string): ChatState {
  const turn: AssistantTurn = {
    kind: "assistant",
    runId: id,
    parts: [{ kind: "text", messageId: id, text, streaming: false }],
    status: "finished",
    answerer: state.answerer,
  };
  return { ...state, turns: [...state.turns, turn].slice(-CHAT_TURNS_LIMIT) };
}

/** The server answered the request (its run started, or it refused it with a message). */
export function settleUserTurn(state: ChatState, requestId: string, error?: string): ChatState {
  let changed = false;
  const turns = state.turns.map((turn) => {
    if (turn.kind !== "user" || turn.id !== requestId || turn.status !== "sending") return turn;
    changed = true;
    return error === undefined ? { ...turn, status: "sent" as const } : { ...turn, status: "refused" as const, error };
  });
  return changed ? { ...state, turns } : state;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function updateParts(turn: AssistantTurn, update: (part: ChatPart) => ChatPart): AssistantTurn {
  return { ...turn, parts: turn.parts.map(update) };
}

function applyToTurn(turn: AssistantTurn, event: AguiEvent): AssistantTurn {
  switch (event.type) {
    case "RUN_FINISHED":
      return {
        ...turn,
        status: "finished",
        parts: turn.parts.map((p) => (p.kind === "text" ? { ...p, streaming: false } : p)),
      };
    case "RUN_ERROR":
      return {
        ...turn,
        status: "failed",
        error: event.message,
        parts: turn.parts.map((p) => (p.kind === "text" ? { ...p, streaming: false } : p)),
      };
    case "TEXT_MESSAGE_START":
      if (turn.parts.some((p) => p.kind === "text" && p.messageId === event.messageId)) return turn;
      return {
        ...turn,
        parts: [...turn.parts, { kind: "text", messageId: event.messageId, text: "", streaming: true }],
      };
    case "TEXT_MESSAGE_CONTENT":
    case "TEXT_MESSAGE_CHUNK": {
      const messageId =
        event.messageId ?? [...turn.parts].reverse().find((p) => p.kind === "text")?.messageId ?? `${turn.runId}-text`;
      const delta = event.delta ?? "";
      if (!turn.parts.some((p) => p.kind === "text" && p.messageId === messageId)) {
        return { ...turn, parts: [...turn.parts, { kind: "text", messageId, text: delta, streaming: true }] };
      }
      return updateParts(turn, (p) =>
        p.kind === "text" && p.messageId === messageId ? { ...p, text: p.text + delta } : p,
      );
    }
    case "TEXT_MESSAGE_END":
      return updateParts(turn, (p) =>
        p.kind === "text" && p.messageId === event.messageId ? { ...p, streaming: false } : p,
      );
    case "TOOL_CALL_START": {
      if (turn.parts.some((p) => (p.kind === "action" || p.kind === "read") && p.toolCallId === event.toolCallId))
        return turn;
      const part: ChatPart =
        event.toolCallName === UI_ACTION_TOOL_NAME
          ? { kind: "action", toolCallId: event.toolCallId, args: "", complete: false }
          : { kind: "read", toolCallId: event.toolCallId, tool: event.toolCallName, card: null, failed: false };
      return { ...turn, parts: [...turn.parts, part] };
    }
    case "TOOL_CALL_ARGS":
      return updateParts(turn, (p) =>
        p.kind === "action" && p.toolCallId === event.toolCallId && !p.complete
          ? { ...p, args: p.args + event.delta }
          : p,
      );
    case "TOOL_CALL_END":
      return updateParts(turn, (p) =>
        p.kind === "action" && p.toolCallId === event.toolCallId ? { ...p, complete: true } : p,
      );
    case "TOOL_CALL_RESULT": {
      const content =
        typeof event.content === "string"
          ? event.content
          : event.content.map((c) => (c.type === "text" ? c.text : "")).join("");
      const card = assistantCardSchema.safeParse(parseJson(content));
      return updateParts(turn, (p) =>
        p.kind === "read" && p.toolCallId === event.toolCallId
          ? { ...p, card: card.success ? card.data : null, failed: !card.success }
          : p,
      );
    }
    case "CUSTOM":
      return applyCustom(turn, event.name, event.value);
    default:
      return turn;
  }
}

function applyCustom(turn: AssistantTurn, name: string, value: unknown): AssistantTurn {
  if (name === ASSISTANT_CUSTOM_EVENTS.answerer) {
    const answerer = answererSchema.safeParse(value);
    return answerer.success ? { ...turn, answerer: answerer.data } : turn;
  }
  if (name === ASSISTANT_CUSTOM_EVENTS.proposal) {
    const proposal = chatProposalSchema.safeParse(value);
    if (!proposal.success) return turn;
    if (turn.parts.some((p) => p.kind === "proposal" && p.proposal.proposalId === proposal.data.proposalId))
      return turn;
    return { ...turn, parts: [...turn.parts, { kind: "proposal", proposal: proposal.data, decision: null }] };
  }
  return turn;
}

/** The proposal's decision, wherever in the conversation the proposal is. */
export function decideProposal(state: ChatState, proposalId: string, decision: "confirm" | "cancel"): ChatState {
  return {
    ...state,
    turns: state.turns.map((turn) =>
      turn.kind === "assistant"
        ? updateParts(turn, (p) =>
            p.kind === "proposal" && p.proposal.proposalId === proposalId && p.decision === null
              ? { ...p, decision }
              : p,
          )
        : turn,
    ),
  };
}

function newTurn(runId: string): AssistantTurn {
  return { kind: "assistant", runId, parts: [], status: "running", answerer: null };
}

/** One live `assistant.event`. */
export function applyAssistantEvent(state: ChatState, payload: AssistantEventPayload): ChatState {
  const { event, runId } = payload;
  if (event.type === "CUSTOM" && event.name === ASSISTANT_CUSTOM_EVENTS.proposalDecided) {
    const decided = proposalDecisionSchema.safeParse(event.value);
    if (decided.success) return decideProposal(state, decided.data.proposalId, decided.data.decision);
  }
  const index = state.turns.findIndex((turn) => turn.kind === "assistant" && turn.runId === runId);
  const current = index === -1 ? newTurn(runId) : (state.turns[index] as AssistantTurn);
  const next = applyToTurn(current, event);
  const turns = index === -1 ? [...state.turns, next].slice(-CHAT_TURNS_LIMIT) : state.turns.with(index, next);
  return {
    ...state,
    conversationId: state.conversationId ?? payload.conversationId,
    turns,
    answerer: next.answerer ?? state.answerer,
  };
}

/** A stored conversation, as the chat shows it after a reload. */
export function chatFromHistory(conversation: ConversationResponse): ChatState {
  let state: ChatState = {
    conversationId: conversation.id,
    turns: [],
    answerer: null,
    quotes: Object.fromEntries(conversation.quotes.map((quote) => [quote.sessionId, quote])),
  };
  for (const message of conversation.messages) {
    if (message.role === "user") {
      state = {
        ...state,
        turns: [...state.turns, { kind: "user", id: message.id, text: message.text, status: "sent" }],
      };
      continue;
    }
    const runId = message.events.find((e) => e.type === "RUN_STARTED")?.runId ?? message.id;
    for (const event of message.events)
      state = applyAssistantEvent(state, { conversationId: conversation.id, runId, event });
    const index = state.turns.findIndex((turn) => turn.kind === "assistant" && turn.runId === runId);
    const stored: AssistantTurn = index === -1 ? newTurn(runId) : (state.turns[index] as AssistantTurn);
    // A run stored with its text but no text events still shows its text.
    const hasText = stored.parts.some((p) => p.kind === "text");
    const parts: ChatPart[] =
      hasText || message.text === ""
        ? stored.parts
        : [{ kind: "text", messageId: message.id, text: message.text, streaming: false }, ...stored.parts];
    const settled: AssistantTurn = {
      ...stored,
      parts: parts.map((p) => (p.kind === "text" ? { ...p, streaming: false } : p)),
      status: stored.status === "running" ? "finished" : stored.status,
    };
    state = { ...state, turns: index === -1 ? [...state.turns, settled] : state.turns.with(index, settled) };
  }
  return { ...state, turns: state.turns.slice(-CHAT_TURNS_LIMIT) };
}

/** The UI action a completed `ui_action` tool call carries (its arguments parsed; the machine validates them). */
export function actionArguments(part: Extract<ChatPart, { kind: "action" }>): unknown {
  return parseJson(part.args) ?? part.args;
}

/** The `ui_action` tool call this event completes, if it does. */
export function completedAction(
  state: ChatState,
  payload: AssistantEventPayload,
): Extract<ChatPart, { kind: "action" }> | undefined {
  if (payload.event.type !== "TOOL_CALL_END") return undefined;
  const { toolCallId } = payload.event;
  for (const turn of state.turns) {
    if (turn.kind !== "assistant" || turn.runId !== payload.runId) continue;
    const part = turn.parts.find((p) => p.kind === "action" && p.toolCallId === toolCallId);
    if (part?.kind === "action") return part;
  }
  return undefined;
}
