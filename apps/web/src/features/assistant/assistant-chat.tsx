import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { Bot, LoaderCircle, SendHorizontal, SquarePen } from "lucide-react";
import {
  ASSISTANT_ABILITIES,
  ASSISTANT_PLAN_FEATURE,
  CHAT_MESSAGE_MAX_LENGTH,
  MESSAGE_BOX_LABEL,
  type Answerer,
} from "@fieldops/shared/chat";
import { firstPlanWithFeature, planFeatureMessage } from "@fieldops/shared/plans";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { PlanUpgradeRequired } from "../../components/plan-upgrade-required";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { Textarea } from "../../components/ui/textarea";
import { cn } from "../../lib/utils";
import { AssistantCardView, type Ask } from "./assistant-cards";
import { useAssistant, useChatStore } from "./assistant-provider";
import { ChatMarkdown } from "./chat-markdown";
import { ActionChip, ProposalCard } from "./chat-parts";
import type { AssistantTurn, ChatPart, ChatTurn } from "./chat-state";

export function answererText(answerer: Answerer | null | undefined): string | null {
  if (!answerer) return null;
  return answerer.kind === "model"
    ? `Answered by the model${answerer.model ? ` ${answerer.model}` : ""}`
    : "Answered by the offline planner";
}

function Part({ part, ask }: { part: ChatPart; ask: Ask }) {
  switch (part.kind) {
    case "text":
      return part.text === "" ? null : (
        <div className="text-sm leading-relaxed break-words">
          <ChatMarkdown text={part.text} />
        </div>
      );
    case "action":
      return <ActionChip part={part} />;
    case "read":
      if (part.card) return <AssistantCardView card={part.card} ask={ask} />;
      if (part.failed) return <p className="text-xs text-muted-foreground">This answer could not be shown.</p>;
      return (
        <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
          <LoaderCircle aria-hidden="true" className="size-3 animate-spin" /> Looking that up…
        </span>
      );
    case "proposal":
      return <ProposalCard proposal={part.proposal} decision={part.decision} />;
  }
}

function AssistantBubble({ turn, ask }: { turn: AssistantTurn; ask: Ask }) {
  const working = turn.status === "running" && turn.parts.length === 0;
  return (
    <div
      className="grid max-w-[95%] gap-2 justify-self-start"
      data-testid="assistant-turn"
      aria-busy={turn.status === "running"}
    >
      {working ? (
        <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
          <LoaderCircle aria-hidden="true" className="size-3 animate-spin" /> Thinking…
        </span>
      ) : null}
      {turn.parts.map((part) => (
        <Part
          key={
            part.kind === "text"
              ? `t-${part.messageId}`
              : part.kind === "proposal"
                ? `p-${part.proposal.proposalId}`
                : `c-${part.toolCallId}`
          }
          part={part}
          ask={ask}
        />
      ))}
      {turn.status === "failed" ? (
        <p role="alert" className="text-sm text-destructive">
          {turn.error || "The assistant could not answer. Please try again."}
        </p>
      ) : null}
    </div>
  );
}

function Turn({ turn, ask }: { turn: ChatTurn; ask: Ask }) {
  if (turn.kind === "assistant") return <AssistantBubble turn={turn} ask={ask} />;
  return (
    <div className="grid max-w-[85%] justify-self-end gap-1" data-testid="user-turn">
      <p className="rounded-lg bg-primary px-3 py-2 text-sm whitespace-pre-wrap text-primary-foreground">{turn.text}</p>
      {turn.status === "sending" ? (
        <span className="justify-self-end text-xs text-muted-foreground">Sending…</span>
      ) : null}
      {turn.status === "refused" ? (
        <span role="alert" className="justify-self-end text-xs text-destructive">
          {turn.error}
        </span>
      ) : null}
    </div>
  );
}

function Suggestions({ ask }: { ask: Ask }) {
  const { suggestions } = useAssistant();
  if (suggestions.isPending) return <Skeleton className="h-8 w-full" />;
  const items = suggestions.data?.suggestions ?? [];
  if (items.length === 0) return null;
  return (
    <ul aria-label="Suggestions" className="flex flex-wrap gap-2">
      {items.map((suggestion) => (
        <li key={suggestion.prompt}>
          <Button
            size="sm"
            variant="outline"
            className="h-auto py-1 text-left whitespace-normal"
            onClick={() => ask(suggestion.prompt)}
          >
            {suggestion.label}
          </Button>
        </li>
      ))}
    </ul>
  );
}

function Composer({
  onSend,
  inputRef,
}: {
  onSend: (text: string) => void;
  inputRef: React.RefObject<HTMLTextAreaElement | null>;
}) {
  const [text, setText] = useState("");
  const { liveStatus } = useAssistant();
  const hintId = useId();
  const submit = () => {
    const message = text.trim();
    if (message === "") return;
    onSend(message);
    setText("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };
  const offline = liveStatus !== "live";
  return (
    <form
      className="grid gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex items-end gap-2">
        <Textarea
          ref={inputRef}
          aria-label={MESSAGE_BOX_LABEL}
          aria-describedby={hintId}
          placeholder="Ask or tell the assistant…"
          rows={2}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          className="max-h-48 min-h-10 resize-none"
        />
        {/* Never disabled: an empty message is simply not sent, and the button stays reachable and hoverable. */}
        <Button type="submit" size="icon" aria-label="Send">
          <SendHorizontal aria-hidden="true" />
        </Button>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {offline
          ? "Reconnecting: your message is sent as soon as the connection is back."
          : "Enter sends, Shift+Enter adds a line."}
      </p>
    </form>
  );
}

/** In place of the chat on a plan without the assistant: what it does, and the way to a plan that has it. */
function AssistantUpgrade({ className }: { className?: string }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={cn("flex min-h-0 flex-col gap-3", className)}>
      <h2 id={titleId} className="flex items-center gap-2 font-semibold">
        <Bot aria-hidden="true" className="size-4" /> Assistant
      </h2>
      <p className="text-sm text-muted-foreground">Tell the assistant what you need, in your own words. It:</p>
      <ul aria-label="What the assistant does" className="grid list-disc gap-1 pl-5 text-sm">
        {ASSISTANT_ABILITIES.map((ability) => (
          <li key={ability}>{ability}</li>
        ))}
      </ul>
      <PlanUpgradeRequired
        message={planFeatureMessage(ASSISTANT_PLAN_FEATURE)}
        requiredPlan={firstPlanWithFeature(ASSISTANT_PLAN_FEATURE).id}
      />
    </section>
  );
}

/**
 * The conversation with the assistant: history, streamed answers with their actions and cards, and the message box;
 * on a plan without the assistant, what it does and Plan Upgrade Required instead.
 */
export function AssistantChat(props: { variant: "panel" | "inline"; className?: string; autoFocus?: boolean }) {
  const { access } = useAssistant();
  if (access === "upgrade") return <AssistantUpgrade className={props.className} />;
  return <ChatConversation {...props} />;
}

function ChatConversation({
  variant,
  className,
  autoFocus = false,
}: {
  variant: "panel" | "inline";
  className?: string;
  autoFocus?: boolean;
}) {
  const { send, newConversation, history, suggestions, registerInlineChat } = useAssistant();
  const turns = useChatStore((state) => state.chat.turns);
  const answerer = useChatStore((state) => state.chat.answerer) ?? suggestions.data?.answerer;
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (variant !== "inline") return;
    return registerInlineChat(() => inputRef.current?.focus());
  }, [variant, registerInlineChat]);

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [turns]);

  const who = answererText(answerer);
  return (
    <section aria-labelledby={titleId} className={cn("flex min-h-0 flex-col gap-3", className)}>
      <div className="flex items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h2 id={titleId} className="flex items-center gap-2 font-semibold">
            <Bot aria-hidden="true" className="size-4" /> Assistant
          </h2>
          {who ? (
            <p className="text-xs text-muted-foreground" data-testid="answerer">
              {who}
            </p>
          ) : null}
        </div>
        {turns.length > 0 ? (
          <Button size="sm" variant="ghost" onClick={newConversation}>
            <SquarePen aria-hidden="true" /> New conversation
          </Button>
        ) : null}
      </div>
      {history.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Your earlier conversation could not be loaded</AlertTitle>
          <AlertDescription>
            <Button variant="outline" size="sm" disabled={history.isFetching} onClick={() => void history.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}
      <div
        ref={logRef}
        role="log"
        aria-label="Conversation with the assistant"
        tabIndex={0}
        aria-live="polite"
        className={cn(
          "grid min-h-0 flex-1 content-start gap-3 overflow-y-auto",
          variant === "inline" ? "max-h-[28rem]" : "",
        )}
      >
        {history.isPending && turns.length === 0 ? (
          <div aria-label="Loading the conversation" role="status" className="grid gap-2">
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-8 w-1/2 justify-self-end" />
          </div>
        ) : null}
        {turns.map((turn) => (
          <Turn key={turn.kind === "user" ? `u-${turn.id}` : `a-${turn.runId}`} turn={turn} ask={send} />
        ))}
      </div>
      {turns.length === 0 && !history.isPending ? (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">
            Tell the assistant what you need: go somewhere, look something up, or get something done.
          </p>
          <Suggestions ask={send} />
        </div>
      ) : null}
      <Composer onSend={send} inputRef={inputRef} />
    </section>
  );
}
