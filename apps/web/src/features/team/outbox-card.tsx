import { useState } from "react";
import { companySettingsEndpoints } from "@fieldops/shared/company-settings";
import type { OutboxMessage } from "@fieldops/shared/outbox";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { MessageDeliveryState } from "../../components/message-delivery";
import { endpointUrl, useEndpointMutation, useEndpointQuery } from "../../lib/endpoints";
import { downloadFromApi } from "../../lib/download";
import { DownloadPdfButton } from "../../components/download-pdf-button";
import { useOutbox } from "./team-queries";
import { messageEndpoints } from "@fieldops/shared/messages";
import { Textarea } from "../../components/ui/textarea";
import { Label } from "../../components/ui/label";
import { apiErrorMessage } from "../../lib/api-error";

/**
 * Local testing: answer a caught e-mail as its customer would, from their mail client. The reply goes over SMTP to the
 * local mail catcher at the e-mail's reply address and lands in the customer's conversation (Messages).
 */
function ReplyAsCustomer({ messageId }: { messageId: string }) {
  const [body, setBody] = useState("");
  const reply = useEndpointMutation(messageEndpoints.replyAsCustomer, { onSuccess: () => setBody("") });
  const id = `reply-as-customer-${messageId}`;
  return (
    <form
      className="grid gap-2 rounded-md border border-dashed p-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (body.trim()) reply.mutate({ params: { id: messageId }, body: { body } });
      }}
    >
      <Label htmlFor={id}>Reply as the customer (local testing)</Label>
      <Textarea id={id} rows={2} value={body} onChange={(event) => setBody(event.target.value)} />
      {reply.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {apiErrorMessage(reply.error)}
        </p>
      ) : reply.isSuccess ? (
        <p role="status" className="text-sm">
          {reply.data.message}: it appears in Messages.
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="outline" size="sm" disabled={reply.isPending || !body.trim()}>
          {reply.isPending ? "Sending..." : "Reply as the customer"}
        </Button>
      </div>
    </form>
  );
}

/** What the local mail catcher received for a message: its HTML in a sandboxed frame (no scripts), or its text. */
function CaughtMailPreview({ message }: { message: OutboxMessage }) {
  const caught = useEndpointQuery(companySettingsEndpoints.caughtMail, { params: { id: message.id } });
  if (caught.isPending) return <LoadingBlock label="Loading the mail" />;
  if (caught.isError)
    return (
      <ErrorBlock title="The mail could not be loaded" retry={() => void caught.refetch()} busy={caught.isFetching} />
    );
  const mail = caught.data;
  return (
    <div className="grid gap-2 rounded-md border p-3 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">From</dt>
        <dd>{mail.from}</dd>
        <dt className="text-muted-foreground">To</dt>
        <dd>{mail.to}</dd>
        {mail.replyTo ? (
          <>
            <dt className="text-muted-foreground">Reply-To</dt>
            <dd>{mail.replyTo}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Subject</dt>
        <dd>{mail.subject}</dd>
      </dl>
      {mail.html ? (
        <iframe
          title={`Preview of “${mail.subject}”`}
          sandbox=""
          srcDoc={mail.html}
          className="h-[28rem] w-full rounded border bg-white"
        />
      ) : (
        <pre className="text-sm break-words whitespace-pre-wrap">{mail.text}</pre>
      )}
      {mail.attachments.length > 0 ? (
        <div role="group" aria-label="Attachments" className="flex flex-wrap items-center gap-2">
          <span className="text-muted-foreground">Attached</span>
          {mail.attachments.map((attachment) => (
            <DownloadPdfButton
              key={attachment.id}
              label={`${attachment.fileName} (${Math.max(1, Math.round(attachment.size / 1024))} KB)`}
              download={() =>
                downloadFromApi(
                  endpointUrl(companySettingsEndpoints.caughtMailAttachment, {
                    params: { id: message.id, attachmentId: attachment.id },
                  }),
                  attachment.fileName,
                )
              }
            />
          ))}
        </div>
      ) : null}
      {mail.replyTo?.includes("reply+") ? <ReplyAsCustomer messageId={message.id} /> : null}
    </div>
  );
}

/** Every e-mail and text the company sends, with how its delivery stands (live), and what the local catcher kept. */
export function OutboxCard() {
  const outbox = useOutbox();
  const [previewing, setPreviewing] = useState<string | null>(null);
  return (
    <Card role="region" aria-labelledby="outbox-list-title">
      <CardHeader>
        <CardTitle id="outbox-list-title">Outbox</CardTitle>
        <CardDescription>
          Every e-mail and text message sent for the company (invoices, estimates, reminders, invitations) and where its
          delivery stands. Without a mail server of your own, e-mails go to the local mail catcher, where you can read
          them here. Without Twilio (your connected account or the platform's), text messages go to the local text
          catcher: they are not sent to any phone, and their text is shown here.
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
              <li key={message.id} className="grid gap-1 py-3" aria-label={message.subject}>
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant="outline">{message.channel === "sms" ? "Text" : "E-mail"}</Badge>
                  <span className="font-medium">{message.subject}</span>
                  <span className="text-sm text-muted-foreground">to {message.recipient ?? "nobody"}</span>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <MessageDeliveryState message={message} />
                  {message.caught && message.channel !== "sms" ? (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-expanded={previewing === message.id}
                      onClick={() => setPreviewing((open) => (open === message.id ? null : message.id))}
                    >
                      {previewing === message.id ? "Hide the mail" : "Show the mail"}
                    </Button>
                  ) : null}
                </div>
                {previewing === message.id ? (
                  <CaughtMailPreview message={message} />
                ) : (
                  <p className="text-sm break-words whitespace-pre-wrap">{message.body}</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
