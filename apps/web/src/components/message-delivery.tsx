import { deliveryInWords, type MessageDelivery } from "@fieldops/shared/outbox";
import { Badge } from "./ui/badge";

const TONE: Record<MessageDelivery["status"], "default" | "secondary" | "destructive" | "outline"> = {
  queued: "outline",
  sending: "secondary",
  sent: "secondary",
  delivered: "default",
  bounced: "destructive",
  failed: "destructive",
};

/**
 * Where a message's delivery stands, in words (the same on every screen that lists messages), and why its last try
 * failed or it bounced when it did (the server's or the delivery report's words). A message the recipient marked as
 * spam shows so in the badge.
 */
export function MessageDeliveryState({ message }: { message: MessageDelivery & { channel: string } }) {
  const words = deliveryInWords(message);
  const problem = message.status === "sent" || message.status === "delivered" ? null : message.lastError;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge variant={message.complainedAt ? "destructive" : TONE[message.status]} data-status={message.status}>
        {words}
      </Badge>
      {problem ? <span className="text-xs text-destructive">{problem}</span> : null}
    </span>
  );
}
