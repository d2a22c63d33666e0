import type { ReadToolCall } from "@fieldops/shared/assistant";
import type { AguiEvent } from "@fieldops/shared/chat";
import type { ServerMessage } from "@fieldops/shared/events";
import type { TestSocket } from "./test-socket.ts";

type AssistantEventMessage = { seq: string; conversationId: string; runId: string; event: AguiEvent };

/** The assistant.event messages a socket received, in order. */
export function assistantEvents(messages: ServerMessage[]): AssistantEventMessage[] {
  return messages.flatMap((m) =>
    m.type === "event" && m.event.name === "assistant.event" ? [{ seq: m.seq, ...m.event.payload }] : [],
  );
}

/** Sends a chat message and waits for its run to end; the run's events, in order. */
export async function chat(
  client: TestSocket,
  text: string,
  options: {
    requestId?: string;
    conversationId?: string | null;
    context?: { path: string; customerId?: string; jobId?: string; day?: string };
    /** A card button's read, by ids. */
    read?: ReadToolCall;
  } = {},
) {
  const requestId = options.requestId ?? crypto.randomUUID();
  await client.sendMessage({
    type: "chat.send",
    requestId,
    conversationId: options.conversationId ?? null,
    text,
    context: options.context ?? { path: "/dashboard" },
    ...(options.read ? { read: options.read } : {}),
  });
  return runOf(client, requestId);
}

/** Waits for the run of `requestId` to finish (or fail); its events. */
export async function runOf(client: TestSocket, requestId: string) {
  await client.next(
    (m) =>
      m.type === "event" &&
      m.requestId === requestId &&
      m.event.name === "assistant.event" &&
      ["RUN_FINISHED", "RUN_ERROR"].includes(m.event.payload.event.type),
  );
  const events = assistantEvents(client.messages.filter((m) => m.type === "event" && m.requestId === requestId));
  return {
    requestId,
    conversationId: events[0]!.conversationId,
    runId: events[0]!.runId,
    events: events.map((e) => e.event),
  };
}

/** The text a run streamed. */
export const textOf = (events: AguiEvent[]) =>
  events.flatMap((event) => (event.type === "TEXT_MESSAGE_CONTENT" ? [event.delta] : [])).join("");

/** The UI actions a run sent (the arguments of its ui_action tool calls). */
export function uiActionsOf(events: AguiEvent[]): Record<string, unknown>[] {
  const names = new Map<string, string>();
  const args = new Map<string, string>();
  for (const event of events) {
    if (event.type === "TOOL_CALL_START") names.set(event.toolCallId, event.toolCallName);
    if (event.type === "TOOL_CALL_ARGS") args.set(event.toolCallId, (args.get(event.toolCallId) ?? "") + event.delta);
  }
  return [...names]
    .filter(([, name]) => name === "ui_action")
    .map(([id]) => JSON.parse(args.get(id) ?? "{}") as Record<string, unknown>);
}

/** The cards of a run's read results. */
export const cardsOf = (events: AguiEvent[]) =>
  events.flatMap((event) =>
    event.type === "TOOL_CALL_RESULT" && typeof event.content === "string"
      ? [JSON.parse(event.content) as Record<string, unknown>]
      : [],
  );

/** The CUSTOM events of a run named `name`, their values. */
export const customOf = (events: AguiEvent[], name: string) =>
  events.flatMap((event) =>
    event.type === "CUSTOM" && event.name === name ? [event.value as Record<string, unknown>] : [],
  );
