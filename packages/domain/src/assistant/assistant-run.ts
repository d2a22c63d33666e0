import { randomUUID } from "node:crypto";
import {
  ASSISTANT_CUSTOM_EVENTS,
  UI_ACTION_TOOL_NAME,
  aguiEventSchema,
  assistantCardSchema,
  type AguiEvent,
  type Answerer,
  type AssistantCard,
  type ChatProposal,
  type ProposalDecision,
} from "@fieldops/shared/chat";
import { uiActionSchema, type UiAction } from "@fieldops/shared/ui-actions";

/** Where a run's AG-UI events go, in order, a batch at a time (the API publishes them to the user's sockets). */
export type EmitAssistantEvents = (
  events: AguiEvent[],
  run: { conversationId: string; runId: string },
) => Promise<void>;

/**
 * Text deltas are gathered up to this many characters before they are sent: a delta per token would fill the
 * company's 1000-event replay stream with one long answer.
 */
export const TEXT_DELTA_CHARS = 120;
/** ...or until this long has passed since the last one was sent, so that a slow model's answer still streams. */
export const TEXT_DELTA_MS = 80;

/**
 * One run of the assistant as AG-UI events: it validates each event (and each UI action) before emitting it and
 * keeps them, so that the stored message replays the same run.
 *
 * Emitting never waits for delivery: events are sent in order in the background, and those emitted while a batch is
 * on its way (or in the same turn of the event loop) go together in the next one. So a run's first UI action leaves
 * with its preamble in one round trip, and a run is not slowed down by the publishing of its own events. `flush`
 * waits for everything emitted so far to be sent.
 */
export class AssistantRun {
  readonly runId = randomUUID();
  readonly events: AguiEvent[] = [];
  private textMessageId: string | null = null;
  private pendingText = "";
  private lastFlush = 0;
  /** Sends the text gathered so far when the model pauses, rather than waiting for its next piece. */
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  /** Tool calls run one after another, so that two of a model's parallel calls never interleave their events. */
  private queue: Promise<unknown> = Promise.resolve();
  private unsent: AguiEvent[] = [];
  private sending: Promise<void> | null = null;
  private sendFailure: { error: unknown } | null = null;
  text = "";

  constructor(
    readonly conversationId: string,
    private readonly emitEvents: EmitAssistantEvents,
  ) {}

  async emit(event: Record<string, unknown>): Promise<void> {
    const parsed = aguiEventSchema.parse({ ...event, timestamp: Date.now() });
    this.events.push(parsed);
    this.unsent.push(parsed);
    this.sending ??= this.sendUnsent();
  }

  private async sendUnsent(): Promise<void> {
    // The rest of this turn of the event loop joins the batch: a plan's events are emitted one step after another.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.unsent.length > 0 && this.sendFailure === null) {
      const batch = this.unsent.splice(0);
      try {
        await this.emitEvents(batch, { conversationId: this.conversationId, runId: this.runId });
      } catch (error) {
        this.sendFailure = { error };
      }
    }
    this.sending = null;
  }

  /** Waits until every event emitted so far has been sent; throws when one could not be. */
  async flush(): Promise<void> {
    while (this.sending) await this.sending;
    if (this.sendFailure) throw this.sendFailure.error;
  }

  async start(answerer: Answerer): Promise<void> {
    await this.emit({ type: "RUN_STARTED", threadId: this.conversationId, runId: this.runId });
    await this.emit({ type: "CUSTOM", name: ASSISTANT_CUSTOM_EVENTS.answerer, value: answerer });
  }

  /** Streams a piece of the answer's text; pieces are sent in deltas of a sensible size. */
  async appendText(delta: string): Promise<void> {
    if (delta === "") return;
    if (this.textMessageId === null) {
      this.textMessageId = randomUUID();
      this.lastFlush = Date.now();
      await this.emit({ type: "TEXT_MESSAGE_START", messageId: this.textMessageId, role: "assistant" });
    }
    this.text += delta;
    this.pendingText += delta;
    const waited = Date.now() - this.lastFlush;
    if (this.pendingText.length >= TEXT_DELTA_CHARS || waited >= TEXT_DELTA_MS) await this.flushText();
    else
      this.flushTimer ??= setTimeout(() => {
        this.flushTimer = null;
        void this.flushText();
      }, TEXT_DELTA_MS - waited);
  }

  private async flushText(): Promise<void> {
    if (this.flushTimer !== null) {
      clearTimeout(this.flushTimer);
      this.flushTimer = null;
    }
    if (this.textMessageId === null || this.pendingText === "") return;
    const delta = this.pendingText;
    this.pendingText = "";
    this.lastFlush = Date.now();
    await this.emit({ type: "TEXT_MESSAGE_CONTENT", messageId: this.textMessageId, delta });
  }

  /** Ends the text message being streamed, if any (before a tool call, and at the end of the run). */
  async endText(): Promise<void> {
    if (this.textMessageId === null) return;
    await this.flushText();
    await this.emit({ type: "TEXT_MESSAGE_END", messageId: this.textMessageId });
    this.textMessageId = null;
    if (!this.text.endsWith("\n")) this.text += "\n\n";
  }

  /** A whole reply known at once (the offline planner's), streamed in word-aligned deltas. */
  async say(reply: string): Promise<void> {
    for (const piece of reply.match(/\S+\s*|\s+/g) ?? []) await this.appendText(piece);
    await this.flushText();
    await this.endText();
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async toolCall(name: string, args: unknown): Promise<string> {
    await this.endText();
    const toolCallId = randomUUID();
    await this.emit({ type: "TOOL_CALL_START", toolCallId, toolCallName: name });
    await this.emit({ type: "TOOL_CALL_ARGS", toolCallId, delta: JSON.stringify(args) });
    await this.emit({ type: "TOOL_CALL_END", toolCallId });
    return toolCallId;
  }

  /** A UI action for the client's ui-actions machine, validated against the shared contract first. */
  async uiAction(action: UiAction): Promise<void> {
    const valid = uiActionSchema.parse(action);
    await this.serial(() => this.toolCall(UI_ACTION_TOOL_NAME, valid));
  }

  /** A read over the company's data and its answer, a card (data for the user, never instructions). */
  async readResult(tool: string, args: unknown, card: AssistantCard): Promise<void> {
    const content = JSON.stringify(assistantCardSchema.parse(card));
    await this.serial(async () => {
      const toolCallId = await this.toolCall(tool, args);
      await this.emit({ type: "TOOL_CALL_RESULT", messageId: randomUUID(), toolCallId, content, role: "tool" });
    });
  }

  async proposal(proposal: ChatProposal): Promise<void> {
    await this.serial(async () => {
      await this.endText();
      await this.emit({ type: "CUSTOM", name: ASSISTANT_CUSTOM_EVENTS.proposal, value: proposal });
    });
  }

  async proposalDecided(decision: ProposalDecision): Promise<void> {
    await this.emit({ type: "CUSTOM", name: ASSISTANT_CUSTOM_EVENTS.proposalDecided, value: decision });
  }

  async finish(): Promise<void> {
    await this.endText();
    await this.emit({ type: "RUN_FINISHED", threadId: this.conversationId, runId: this.runId });
    await this.flush();
  }

  async fail(message: string): Promise<void> {
    await this.endText().catch(() => undefined);
    await this.emit({ type: "RUN_ERROR", message });
    await this.flush();
  }

  /** The reply as stored with the message: the text without the trailing separator. */
  storedText(): string {
    return this.text.trim();
  }
}
