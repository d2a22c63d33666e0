import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import {
  CUSTOMER_INTENT_WORDS,
  customerAssistantEndpoints,
  type CustomerAssistantAction,
} from "@fieldops/shared/customer-assistant";
import type { Thread, ThreadMessage } from "@fieldops/shared/messages";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { FormRefusal } from "../../components/form";
import { useEndpointMutation } from "../../lib/endpoints";
import { allThreads, isCustomerThread } from "./messages-queries";

const STATUS_WORDS: Record<CustomerAssistantAction["status"], string> = {
  answered: "Answered",
  offered: "Offered times",
  waiting: "Waiting for you",
  approved: "Approved",
  declined: "Declined",
  handed_off: "Handed to the office",
  asked_property: "Asked which property",
  skipped: "Not answered",
};

/** What the assistant did with one of the customer's messages, or the answer it sent: shown under the message. */
export function AssistantNote({ thread, message }: { thread: Thread; message: ThreadMessage }) {
  const action = thread.assistant.actions.find((candidate) =>
    message.direction === "inbound"
      ? candidate.inboundMessageId === message.id
      : candidate.answerMessageId === message.id ||
        (candidate.outboxMessageId !== null && candidate.outboxMessageId === message.outboxMessageId),
  );
  if (!action) return null;
  if (message.direction === "outbound")
    return (
      <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <Badge variant="secondary">Assistant</Badge>
        <span>Looked up: {action.lookedUp}</span>
      </p>
    );
  return (
    <p className="text-xs text-muted-foreground">
      Assistant: {CUSTOMER_INTENT_WORDS[action.intent]} · {STATUS_WORDS[action.status]}
      {action.decidedBy ? ` by ${action.decidedBy}` : ""}
    </p>
  );
}

function useRefreshThreads() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: allThreads });
    await queryClient.invalidateQueries({ predicate: isCustomerThread });
  };
}

/** One request the assistant waits on: what the customer asked, what it looked up, its draft, and the office's click. */
function WaitingAction({ action }: { action: CustomerAssistantAction }) {
  const refresh = useRefreshThreads();
  const [error, setError] = useState<unknown>(null);
  const decide = useEndpointMutation(customerAssistantEndpoints.decideAction, {
    onSuccess: refresh,
    onError: (failure) => {
      setError(failure);
      void refresh();
    },
  });
  const approveWords =
    action.intent === "pick"
      ? `Move the visit to ${action.chosen?.label ?? "the time chosen"}`
      : action.intent === "skip"
        ? "Skip the visit"
        : action.intent === "cancel_service" || action.intent === "reschedule"
          ? "Mark handled"
          : "Send the answer";
  return (
    <li aria-label={`Waiting: ${CUSTOMER_INTENT_WORDS[action.intent]}`} className="grid gap-2 rounded-md border p-3">
      <p className="font-medium">{CUSTOMER_INTENT_WORDS[action.intent]}</p>
      <p className="text-sm text-muted-foreground">Looked up: {action.lookedUp}</p>
      {action.reply && action.intent !== "pick" && action.intent !== "skip" ? (
        <p className="text-sm">Its answer: {action.reply}</p>
      ) : null}
      <FormRefusal error={error} />
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={decide.isPending}
          onClick={() => {
            setError(null);
            decide.mutate({ params: { id: action.id }, body: { decision: "approve" } });
          }}
        >
          {approveWords}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={decide.isPending}
          onClick={() => {
            setError(null);
            decide.mutate({ params: { id: action.id }, body: { decision: "decline" } });
          }}
        >
          Decline
        </Button>
      </div>
    </li>
  );
}

/**
 * The customer assistant in a conversation: whether it answers here (the office takes over, or hands it back), and what
 * waits for the office's click. Nothing when the company has it off and it never answered here.
 */
export function ThreadAssistantPanel({ thread }: { thread: Thread }) {
  const refresh = useRefreshThreads();
  const [error, setError] = useState<unknown>(null);
  const set = useEndpointMutation(customerAssistantEndpoints.setThreadAssistant, {
    onSuccess: refresh,
    onError: setError,
  });
  const { assistant } = thread;
  const waiting = assistant.actions.filter((action) => action.status === "waiting");
  if (!assistant.active && assistant.stoppedAt === null && assistant.actions.length === 0) return null;
  const exists = thread.customerId === null || thread.id !== thread.customerId;
  return (
    <section aria-label="Assistant" className="grid gap-3 rounded-md border bg-muted/30 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        {assistant.active ? (
          <p>The assistant answers this customer, as Settings → Communications allows.</p>
        ) : assistant.stoppedAt ? (
          <p>You took this conversation over: the assistant does not answer here.</p>
        ) : (
          <p>The assistant is off.</p>
        )}
        {exists && (assistant.active || assistant.stoppedAt) ? (
          <Button
            size="sm"
            variant="outline"
            disabled={set.isPending}
            onClick={() => {
              setError(null);
              set.mutate({ params: { id: thread.id }, body: { active: !assistant.active } });
            }}
          >
            {assistant.active ? "Take over" : "Let the assistant answer"}
          </Button>
        ) : null}
      </div>
      <FormRefusal error={error} />
      {waiting.length > 0 ? (
        <ul aria-label="Waiting for you" className="grid gap-2">
          {waiting.map((action) => (
            <WaitingAction key={action.id} action={action} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
