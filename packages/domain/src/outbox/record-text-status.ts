import twilio from "twilio";
import type { MessageStatus } from "@fieldops/shared/outbox";
import { SMS_OPTED_OUT_ERROR } from "@fieldops/shared/outbox";
import type { TenantScope } from "../tenant-scope.ts";
import { outboxChanged } from "./outbox-events.ts";
import { recordSmsOptOut } from "./record-sms-opt-out.ts";
import { TWILIO_UNSUBSCRIBED_RECIPIENT } from "./twilio-transport.ts";

/**
 * Whether Twilio signed this request: `X-Twilio-Signature` is the HMAC-SHA1, with the auth token, of the exact URL
 * Twilio called (scheme, host, path and query as the public sees them) followed by the posted parameters sorted by
 * name. No auth token configured: nothing is Twilio's.
 */
export function isSignedByTwilio(input: {
  authToken: string | undefined;
  signature: string | undefined;
  url: string;
  params: Record<string, string>;
}): boolean {
  if (!input.authToken || !input.signature) return false;
  return twilio.validateRequest(input.authToken, input.signature, input.url, input.params);
}

/** Twilio's status of a message, as ours: null for the states before the carrier (queued, accepted, scheduled). */
function ourStatus(twilioStatus: string): MessageStatus | null {
  switch (twilioStatus) {
    case "sending":
    case "sent":
      return "sent";
    case "delivered":
    case "read":
      return "delivered";
    case "undelivered":
    case "failed":
      return "failed";
    default:
      return null;
  }
}

/** How far along a status is: a callback only ever moves a message forward (Twilio's callbacks may come out of order). */
const RANK: Record<MessageStatus, number> = { queued: 0, sending: 1, sent: 2, delivered: 3, bounced: 3, failed: 3 };

/**
 * Applies one of Twilio's status callbacks (already checked to be Twilio's) to the company's text it names: `sent`,
 * `delivered`, or `failed` with Twilio's error code (an `undelivered` or `failed` text; 21610 also records the number
 * opted out). A callback only moves the message forward: the same one twice changes nothing more, and a "sent" after
 * "delivered" does not go back. Another company's message (not found in this company's transaction) and an e-mail are
 * left alone. A SID other than the recorded one is a repeated send of the same message (see deliver-text.ts) and moves
 * it the same way. Answers whether the message changed.
 */
export async function recordTextStatus(
  scope: TenantScope,
  input: { messageId: string; messageSid: string; status: string; errorCode: string | null },
): Promise<boolean> {
  const { tx } = scope;
  const next = ourStatus(input.status);
  const message = await tx.outboxMessage.findUnique({
    where: { id: input.messageId },
    select: {
      id: true,
      channel: true,
      status: true,
      providerMessageId: true,
      recipient: true,
      invoiceId: true,
      estimateId: true,
      customerId: true,
    },
  });
  if (!message || message.channel !== "sms") return false;
  if (!input.messageSid.startsWith("SM") && !input.messageSid.startsWith("MM")) return false;
  if (!next) return false;
  const earlier = (Object.keys(RANK) as MessageStatus[]).filter((status) => RANK[status] < RANK[next]);
  const now = new Date();
  const code = input.errorCode && /^\d+$/.test(input.errorCode) ? Number(input.errorCode) : null;
  const unsubscribed = next === "failed" && code === TWILIO_UNSUBSCRIBED_RECIPIENT;
  const updated = await tx.outboxMessage.updateMany({
    where: { id: message.id, status: { in: earlier } },
    data: {
      status: next,
      ...(message.providerMessageId ? {} : { providerMessageId: input.messageSid }),
      ...(next === "sent" ? { sentAt: now, lastError: null } : {}),
      ...(next === "delivered" ? { deliveredAt: now, failedAt: null, lastError: null } : {}),
      ...(next === "failed"
        ? {
            failedAt: now,
            lastError: unsubscribed
              ? SMS_OPTED_OUT_ERROR
              : `Not delivered: Twilio reported the text ${input.status}${code ? ` (error ${code})` : ""}`,
          }
        : {}),
    },
  });
  if (updated.count === 0) return false;
  if (unsubscribed && message.recipient)
    await recordSmsOptOut(tx, scope.companyId, message.recipient, true, "twilio_21610");
  scope.emit(outboxChanged([message]));
  return true;
}
