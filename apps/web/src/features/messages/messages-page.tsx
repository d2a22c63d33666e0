import { useSearchParams } from "react-router";
import { messageEndpoints, UNPLACED_WORDS, type ThreadSummary } from "@fieldops/shared/messages";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { useEndpointQuery } from "../../lib/endpoints";
import { usePageTitle } from "../../shell/page-title";
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

function OpenThread({ id }: { id: string }) {
  const thread = useEndpointQuery(messageEndpoints.thread, { params: { id } });
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
          <CardDescription>{UNPLACED_WORDS[thread.data.unplacedReason]}</CardDescription>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-6">
        <ThreadMessages thread={thread.data} />
        <ReplyForm thread={thread.data} />
      </CardContent>
    </Card>
  );
}

/** /app/messages: the company's conversations, newest first with their unread counts, and the one opened. */
export function MessagesPage() {
  usePageTitle("Messages");
  const threads = useEndpointQuery(messageEndpoints.threads, {});
  const [search, setSearch] = useSearchParams();
  // Opening a thread reads it: none opens by itself, so what is unread stays so until someone looks.
  const openId = search.get("thread");
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-semibold">Messages</h1>
      {threads.isPending ? (
        <LoadingBlock label="Loading the conversations" />
      ) : threads.isError ? (
        <ErrorBlock
          title="The conversations could not be loaded"
          retry={() => void threads.refetch()}
          busy={threads.isFetching}
        />
      ) : threads.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No conversations yet. Texts and e-mail replies from customers arrive here, as do the messages sent to them.
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-[20rem_1fr]">
          <nav aria-label="Conversations">
            <ul className="grid gap-1">
              {threads.data.items.map((thread) => (
                <ThreadListItem
                  key={thread.id}
                  thread={thread}
                  selected={thread.id === openId}
                  onOpen={() => setSearch({ thread: thread.id })}
                />
              ))}
            </ul>
          </nav>
          {openId ? (
            <OpenThread key={openId} id={openId} />
          ) : (
            <p className="text-sm text-muted-foreground">Choose a conversation to read it and reply.</p>
          )}
        </div>
      )}
    </div>
  );
}
