import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { useSignedInUser } from "../../lib/session";
import { usePageTitle } from "../../shell/page-title";
import { useCompanyTerms } from "../../lib/terms";
import { useFieldThreads, useMarkFieldThreadRead } from "./field-app-data";

const when = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

/**
 * Messages for a crew: the conversations the office shares with it, to read (the office answers them from its inbox).
 * Opening one reads it: its unread count and the tab's badge drop.
 */
export function FieldMessagesPage() {
  const user = useSignedInUser();
  const terms = useCompanyTerms(user.companyId);
  const threads = useFieldThreads();
  const markRead = useMarkFieldThreadRead();
  usePageTitle("Messages");
  if (threads.isPending) return <LoadingBlock label="Loading messages" />;
  if (threads.isError)
    return (
      <ErrorBlock title="Messages could not be loaded" retry={() => void threads.refetch()} busy={threads.isFetching} />
    );
  return (
    <>
      <header>
        <h1 className="text-2xl font-semibold">Messages</h1>
        <p className="text-sm text-muted-foreground">
          The conversations with {terms.customers.toLowerCase()} the office shares with your crew. The office answers
          them.
        </p>
      </header>
      {threads.data.threads.length === 0 ? (
        <p>The office has shared no conversation with your crew.</p>
      ) : (
        <ul className="grid gap-3">
          {threads.data.threads.map((thread) => (
            <li key={thread.id} className="rounded-lg border bg-card p-3">
              <details
                onToggle={(event) => {
                  if (event.currentTarget.open && thread.unreadCount > 0)
                    markRead.mutate({ params: { id: thread.id } });
                }}
              >
                <summary className="flex cursor-pointer items-center justify-between gap-2 font-semibold">
                  <span>{thread.customerName}</span>
                  {thread.unreadCount > 0 ? (
                    <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
                      {thread.unreadCount} unread
                    </span>
                  ) : null}
                </summary>
                <ol className="mt-2 grid gap-2">
                  {thread.messages.map((message) => (
                    <li
                      key={message.id}
                      className={
                        message.direction === "inbound" ? "mr-8 rounded bg-muted p-2" : "ml-8 rounded border p-2"
                      }
                    >
                      <p className="text-xs text-muted-foreground">
                        {message.direction === "inbound" ? thread.customerName : "Office"} ·{" "}
                        {when.format(new Date(message.createdAt))}
                      </p>
                      <p className="whitespace-pre-line">{message.body}</p>
                    </li>
                  ))}
                </ol>
              </details>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
