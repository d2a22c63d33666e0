import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import { MAX_PORTAL_MESSAGE_CHARS, reviewEndpoints, type PortalConversation } from "@fieldops/shared/review";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { Textarea } from "../../components/ui/textarea";
import { apiErrorMessage } from "../../lib/api-error";
import { callReviewEndpoint, reviewQueryKey } from "./review-api";

/** While the customer's last message waits for the assistant's answer, the chat looks again this often, this long. */
const ANSWER_POLL_MS = 1500;
const ANSWER_WAIT_MS = 30_000;

function waitingForAnswer(conversation: PortalConversation | undefined): boolean {
  const last = conversation?.messages.at(-1);
  if (!conversation?.assistantOn || last?.from !== "customer") return false;
  return Date.now() - new Date(last.createdAt).getTime() < ANSWER_WAIT_MS;
}

/**
 * The portal's chat box: the customer writes to the company; the company's assistant answers here (their next visit,
 * what they owe, a new time), or the office answers by text or e-mail. Each message is sent once, however often the
 * button is pressed or the request retried (`clientMessageId`).
 */
export function PortalChat({ customerId, token, timeZone }: { customerId: string; token: string; timeZone: string }) {
  const queryClient = useQueryClient();
  const input = { params: { id: customerId } };
  const key = reviewQueryKey(reviewEndpoints.portalConversation, input, token);
  const conversation = useQuery({
    queryKey: key,
    queryFn: () => callReviewEndpoint(reviewEndpoints.portalConversation, token, input),
    refetchInterval: (query) => (waitingForAnswer(query.state.data) ? ANSWER_POLL_MS : false),
  });
  const [text, setText] = useState("");
  const send = useMutation({
    mutationFn: (body: { text: string; clientMessageId: string }) =>
      callReviewEndpoint(reviewEndpoints.sendPortalMessage, token, { ...input, body }),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      setText("");
    },
  });
  const messages = conversation.data?.messages ?? [];
  return (
    <Card role="region" aria-labelledby="portal-chat-title">
      <CardHeader>
        <CardTitle id="portal-chat-title">Message us</CardTitle>
        <CardDescription>
          {conversation.data?.assistantOn
            ? "Ask when we're coming, what you owe, or for another time: our assistant answers here, and the team sees every message."
            : "Our team reads every message and answers by text or e-mail."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {messages.length > 0 ? (
          <ol aria-label="Messages" className="grid gap-2">
            {messages.map((message) => (
              <li
                key={message.id}
                className={`grid max-w-[85%] gap-1 rounded-lg border p-2 text-sm ${
                  message.from === "customer" ? "justify-self-end bg-primary/5" : "justify-self-start bg-muted"
                }`}
              >
                <span className="text-xs text-muted-foreground">
                  {message.from === "customer" ? "You" : "Us"} · {formatCompanyTime(message.createdAt, timeZone)}
                </span>
                <p className="break-words whitespace-pre-wrap">{message.body}</p>
              </li>
            ))}
          </ol>
        ) : null}
        {waitingForAnswer(conversation.data) ? (
          <p role="status" className="text-sm text-muted-foreground">
            Looking that up…
          </p>
        ) : null}
        <form
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim() === "") return;
            send.mutate({ text: text.trim(), clientMessageId: crypto.randomUUID() });
          }}
        >
          <Label htmlFor="portal-message">Your message</Label>
          <Textarea
            id="portal-message"
            rows={2}
            maxLength={MAX_PORTAL_MESSAGE_CHARS}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          {send.error ? (
            <p role="alert" className="text-sm text-destructive">
              {apiErrorMessage(send.error, "Your message could not be sent. Try again.")}
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={send.isPending || text.trim() === ""}>
              {send.isPending ? "Sending…" : "Send"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
