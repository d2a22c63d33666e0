import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { messageEndpoints, replyRequestSchema, type Thread } from "@fieldops/shared/messages";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Textarea } from "../../components/ui/textarea";
import { NativeSelect } from "../../components/ui/native-select";
import { MessageDeliveryState } from "../../components/message-delivery";
import { FormField, FormRefusal, useRefusal, useSchemaForm } from "../../components/form";
import { useEndpointMutation } from "../../lib/endpoints";
import { allThreads, isCustomerThread } from "./messages-queries";
import { AssistantNote } from "./thread-assistant";

const CHANNEL_WORDS = { sms: "Text", email: "E-mail", portal: "Portal chat" } as const;

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** A conversation's messages, oldest first: the customer's on the left, the company's on the right with their delivery. */
export function ThreadMessages({ thread }: { thread: Thread }) {
  if (thread.messages.length === 0)
    return <p className="text-sm text-muted-foreground">No messages with this customer yet.</p>;
  return (
    <ol aria-label="Messages" className="grid gap-3">
      {thread.messages.map((message) => {
        const inbound = message.direction === "inbound";
        return (
          <li
            key={message.id}
            aria-label={`${inbound ? "From the customer" : "From the company"}: ${message.body.slice(0, 60)}`}
            data-direction={message.direction}
            className={`grid max-w-[85%] gap-1 rounded-lg border p-3 text-sm ${
              inbound ? "justify-self-start bg-muted" : "justify-self-end bg-primary/5"
            }`}
          >
            <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <Badge variant="outline">{CHANNEL_WORDS[message.channel]}</Badge>
              <span>{inbound ? `From ${message.from ?? "the customer"}` : `To ${message.to ?? "the customer"}`}</span>
              <time dateTime={message.createdAt}>{when(message.createdAt)}</time>
              {inbound && !message.readAt ? <Badge>New</Badge> : null}
            </div>
            {message.subject ? <p className="font-medium">{message.subject}</p> : null}
            <p className="break-words whitespace-pre-wrap">{message.body}</p>
            {message.delivery ? (
              <MessageDeliveryState message={{ ...message.delivery, channel: message.channel }} />
            ) : null}
            <AssistantNote thread={thread} message={message} />
          </li>
        );
      })}
    </ol>
  );
}

/** Marks the thread read once it is shown with unread messages (opening a thread reads it, for the whole office). */
export function useMarkReadOnOpen(thread: Thread | undefined, exists: boolean) {
  const queryClient = useQueryClient();
  const markRead = useEndpointMutation(messageEndpoints.markRead, {
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: allThreads });
      await queryClient.invalidateQueries({ predicate: isCustomerThread });
    },
  });
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!thread || !exists || thread.unreadCount === 0) return;
    const key = `${thread.id}:${thread.lastMessageAt}`;
    if (marked.current === key) return;
    marked.current = key;
    markRead.mutate({ params: { id: thread.id } });
  }, [thread, exists, markRead]);
}

/** The office's reply: by text or e-mail, through the outbox (the dispatcher delivers it). */
export function ReplyForm({ thread }: { thread: Thread }) {
  const queryClient = useQueryClient();
  const defaultChannel = thread.replyTo.sms && thread.smsAllowed ? "sms" : "email";
  const form = useSchemaForm(replyRequestSchema, { channel: defaultChannel, body: "" });
  const { refusal, place, clear } = useRefusal(form);
  const reply = useEndpointMutation(messageEndpoints.reply, {
    onSuccess: async () => {
      form.reset({ channel: form.getValues("channel"), body: "" });
      await queryClient.invalidateQueries({ queryKey: allThreads });
      await queryClient.invalidateQueries({ predicate: isCustomerThread });
    },
    onError: place,
  });
  const channel = form.watch("channel");
  const to = thread.replyTo[channel];
  return (
    <form
      aria-label="Reply"
      className="grid gap-3"
      onSubmit={form.handleSubmit((body) => {
        clear();
        reply.mutate({ params: { id: thread.id }, body });
      })}
    >
      <FormField form={form} name="channel" label="Send as">
        {(control) => (
          <NativeSelect {...control} {...form.register("channel")}>
            <option value="sms" disabled={!thread.replyTo.sms || !thread.smsAllowed}>
              Text message{thread.replyTo.sms ? ` to ${thread.replyTo.sms}` : " (no phone number)"}
              {thread.smsAllowed ? "" : " (Growth plan)"}
            </option>
            <option value="email" disabled={!thread.replyTo.email}>
              E-mail{thread.replyTo.email ? ` to ${thread.replyTo.email}` : " (no e-mail address)"}
            </option>
          </NativeSelect>
        )}
      </FormField>
      <FormField form={form} name="body" label="Message">
        {(control) => <Textarea {...control} rows={3} {...form.register("body")} />}
      </FormField>
      <FormRefusal error={refusal} />
      <div>
        <Button type="submit" disabled={reply.isPending || !to}>
          {reply.isPending ? "Sending..." : "Send reply"}
        </Button>
      </div>
    </form>
  );
}
