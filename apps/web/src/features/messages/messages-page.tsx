import { useState } from "react";
import { useSearchParams } from "react-router";
import { messageEndpoints, UNPLACED_WORDS, type Thread, type ThreadSummary } from "@fieldops/shared/messages";
import { CustomerPicker } from "../../components/customer-picker";
import { FormDialog } from "../../components/form-dialog";
import { PagedList } from "../../components/paged-list";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { useEndpointQuery } from "../../lib/endpoints";
import { useTerms } from "../../lib/terms";
import { usePageTitle } from "../../shell/page-title";
import { useAssignThread, useThreadList } from "./messages-queries";
import { ThreadCrewShares } from "./thread-crew-shares";
import { ThreadAssistantPanel } from "./thread-assistant";
import { ReplyForm, ThreadMessages, useMarkReadOnOpen } from "./thread-view";

function ThreadListItem({
  thread,
  selected,
  onOpen,
}: {
  thread: ThreadSummary;
  selected: boolean;
  onOpen: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={selected ? "true" : undefined}
        className={`grid w-full gap-1 rounded-md px-3 py-2 text-left text-sm hover:bg-muted ${selected ? "bg-muted" : ""}`}
      >
        <span className="flex items-center gap-2">
          <span className={thread.unreadCount > 0 ? "font-semibold" : "font-medium"}>{thread.title}</span>
          {thread.unreadCount > 0 ? (
            <Badge data-testid="thread-unread">
              <span aria-hidden="true">{thread.unreadCount}</span>
              <span className="sr-only">{thread.unreadCount} unread</span>
            </Badge>
          ) : null}
          <time className="ml-auto text-xs text-muted-foreground" dateTime={thread.lastMessageAt}>
            {new Date(thread.lastMessageAt).toLocaleString(undefined, { dateStyle: "short", timeStyle: "short" })}
          </time>
        </span>
        {thread.unplacedReason ? (
          <span className="text-xs text-destructive">{UNPLACED_WORDS[thread.unplacedReason]}</span>
        ) : null}
        <span className="truncate text-muted-foreground">{thread.lastMessagePreview}</span>
      </button>
    </li>
  );
}

/**
 * "This is…": the office says which customer an unknown or shared number is. Saving the number to their contacts is
 * proposed for an unknown one (their next text then finds them), not for one several customers share.
 */
function AssignThreadDialog({
  thread,
  onClose,
  onMoved,
}: {
  thread: Thread;
  onClose: () => void;
  onMoved: (threadId: string) => void;
}) {
  const terms = useTerms();
  const customer = terms.customer.toLowerCase();
  const [customerId, setCustomerId] = useState("");
  const [saveContact, setSaveContact] = useState(thread.unplacedReason === "unknown");
  const assign = useAssignThread(thread.id, (moved) => onMoved(moved.id));
  return (
    <FormDialog
      title={`Who is ${thread.title}?`}
      description={`Choose the ${customer} this conversation is with: its messages join their conversation, and this one goes.`}
      confirm="Move conversation"
      pendingLabel="Moving…"
      pending={assign.isPending}
      confirmDisabled={customerId === ""}
      error={assign.error}
      errorFallback="The conversation could not be moved. Try again."
      onOpenChange={(open) => (open ? undefined : onClose())}
      onSubmit={() => assign.mutate({ customerId, saveContact })}
    >
      <CustomerPicker value={customerId} onChange={setCustomerId} enabled />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={saveContact} onChange={(event) => setSaveContact(event.target.checked)} />
        Save {thread.title} to their contacts
      </label>
      {thread.unplacedReason === "ambiguous" ? (
        <p className="text-sm text-muted-foreground">
          Other {customer}s have this number or address too: saving it to one more keeps its next messages here.
        </p>
      ) : null}
    </FormDialog>
  );
}

function OpenThread({ id, onMoved }: { id: string; onMoved: (threadId: string) => void }) {
  const thread = useEndpointQuery(messageEndpoints.thread, { params: { id } });
  const [assigning, setAssigning] = useState(false);
  useMarkReadOnOpen(thread.data, true);
  if (thread.isPending) return <LoadingBlock label="Loading the conversation" />;
  if (thread.isError)
    return (
      <ErrorBlock
        title="The conversation could not be loaded"
        retry={() => void thread.refetch()}
        busy={thread.isFetching}
      />
    );
  return (
    <Card role="region" aria-label={`Conversation with ${thread.data.title}`}>
      <CardHeader>
        <CardTitle>{thread.data.title}</CardTitle>
        {thread.data.unplacedReason ? (
          <>
            <CardDescription>{UNPLACED_WORDS[thread.data.unplacedReason]}</CardDescription>
            <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setAssigning(true)}>
              This is…
            </Button>
          </>
        ) : null}
        <ThreadCrewShares thread={thread.data} />
      </CardHeader>
      {assigning ? (
        <AssignThreadDialog thread={thread.data} onClose={() => setAssigning(false)} onMoved={onMoved} />
      ) : null}
      <CardContent className="grid gap-6">
        <ThreadMessages thread={thread.data} />
        <ThreadAssistantPanel thread={thread.data} />
        <ReplyForm thread={thread.data} />
      </CardContent>
    </Card>
  );
}

/**
 * /app/messages: the company's conversations, newest first with their unread counts (older ones a page at a time;
 * "Unread only" narrows them), and the one opened.
 */
export function MessagesPage() {
  usePageTitle("Messages");
  const [search, setSearch] = useSearchParams();
  const unreadOnly = search.get("unread") === "1";
  const threads = useThreadList(unreadOnly);
  const items = threads.data?.pages.flatMap((page) => page.items) ?? [];
  // Opening a thread reads it: none opens by itself, so what is unread stays so until someone looks.
  const openId = search.get("thread");
  const open = (threadId: string) => setSearch({ ...(unreadOnly ? { unread: "1" } : {}), thread: threadId });
  const toggleUnread = (checked: boolean) =>
    setSearch({ ...(checked ? { unread: "1" } : {}), ...(openId ? { thread: openId } : {}) });
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-4">
        <h1 className="text-2xl font-semibold">Messages</h1>
        <label className="ml-auto flex items-center gap-2 text-sm">
          <input type="checkbox" checked={unreadOnly} onChange={(event) => toggleUnread(event.target.checked)} />
          Unread only
        </label>
      </div>
      <div className="grid gap-4 md:grid-cols-[20rem_1fr]">
        <PagedList
          query={threads}
          noun="Conversations"
          count={items.length}
          empty={
            unreadOnly
              ? "No unread conversations."
              : "No conversations yet. Texts and e-mail replies from customers arrive here, as do the messages sent to them."
          }
          moreLabel="Show older conversations"
          className="self-start"
        >
          <nav aria-label="Conversations">
            <ul className="grid gap-1">
              {items.map((thread) => (
                <ThreadListItem
                  key={thread.id}
                  thread={thread}
                  selected={thread.id === openId}
                  onOpen={() => open(thread.id)}
                />
              ))}
            </ul>
          </nav>
        </PagedList>
        {openId ? (
          <OpenThread key={openId} id={openId} onMoved={open} />
        ) : items.length > 0 ? (
          <p className="text-sm text-muted-foreground">Choose a conversation to read it and reply.</p>
        ) : null}
      </div>
    </div>
  );
}
