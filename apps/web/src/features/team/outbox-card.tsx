import { Badge } from "../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { useOutbox } from "./team-queries";

/** What would have gone out by e-mail and text: kept here until a sender is connected. */
export function OutboxCard() {
  const outbox = useOutbox();
  return (
    <Card role="region" aria-labelledby="outbox-list-title">
      <CardHeader>
        <CardTitle id="outbox-list-title">Outbox</CardTitle>
        <CardDescription>
          No mail server is configured, so e-mails and texts (invitations, reminders) are kept here, where you can read
          what would have gone out, and pass a link on by hand.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {outbox.isPending ? (
          <LoadingBlock label="Loading the outbox" />
        ) : outbox.isError ? (
          <ErrorBlock
            title="The outbox could not be loaded"
            retry={() => void outbox.refetch()}
            busy={outbox.isFetching}
          />
        ) : outbox.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing has been sent yet.</p>
        ) : (
          <ul aria-label="Outbox messages" className="divide-y">
            {outbox.data.items.map((message) => (
              <li key={message.id} className="grid gap-1 py-3">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant="outline">{message.channel === "sms" ? "Text" : "E-mail"}</Badge>
                  <span className="font-medium">{message.subject}</span>
                  <span className="text-sm text-muted-foreground">to {message.recipient ?? "nobody"}</span>
                </div>
                <p className="text-sm break-words whitespace-pre-wrap">{message.body}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
