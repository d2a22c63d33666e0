import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { useSignedInUser } from "../../lib/session";
import { usePageTitle } from "../../shell/page-title";
import { useCompanyTerms } from "../../lib/terms";
import { useFieldThreads } from "./field-app-data";

const when = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

/**
 * Messages for a crew: the conversations of the customers it visits today and the next two days, to read before
 * arriving (the office answers them from its inbox).
 */
export function FieldMessagesPage() {
  const user = useSignedInUser();
  const terms = useCompanyTerms(user.companyId);
  const threads = useFieldThreads();
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
          What your {terms.customers.toLowerCase()} of the coming days wrote and were sent. The office answers them.
        </p>
      </header>
      {threads.data.threads.length === 0 ? (
        <p>No messages from the {terms.customers.toLowerCase()} on your route.</p>
      ) : (
        <ul className="grid gap-3">
          {threads.data.threads.map((thread) => (
            <li key={thread.id} className="rounded-lg border bg-card p-3">
              <details>
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
