import { z } from "zod";
import { threadAssistantSchema } from "./customer-assistant";
import { defineEndpoint } from "./endpoint";
import { messageDeliverySchema } from "./outbox";
import { text } from "./text";
import { toE164 } from "./phone";

export const THREAD_DIRECTIONS = ["inbound", "outbound"] as const;
export const threadDirectionSchema = z.enum(THREAD_DIRECTIONS);
export const THREAD_CHANNELS = ["sms", "email"] as const;
export const threadChannelSchema = z.enum(THREAD_CHANNELS);
/** Where a thread's message was written: a text, an e-mail, or the chat box of the customer's portal (no delivery). */
export const THREAD_MESSAGE_CHANNELS = [...THREAD_CHANNELS, "portal"] as const;
export const threadMessageChannelSchema = z.enum(THREAD_MESSAGE_CHANNELS);
export type ThreadMessageChannel = z.infer<typeof threadMessageChannelSchema>;
export type ThreadChannel = z.infer<typeof threadChannelSchema>;

/** Why a thread names no customer: no customer has the number or address, or several do. */
export const unplacedReasonSchema = z.enum(["unknown", "ambiguous"]);
export type UnplacedReason = z.infer<typeof unplacedReasonSchema>;

export const UNPLACED_WORDS: Record<UnplacedReason, string> = {
  unknown: "Unknown sender: no customer has this number or address",
  ambiguous: "Shared by several customers: check who wrote",
};

/** The largest inbound text kept: Twilio concatenates up to 1,600 characters; a mail's text is cut to this too. */
export const MAX_INBOUND_MESSAGE_CHARS = 10_000;
/** The largest form Twilio's inbound webhook may post (a text with its media URLs is a few kilobytes). */
export const TWILIO_WEBHOOK_MAX_BYTES = 64 * 1024;
export const MAX_THREADS_LISTED = 100;
export const MAX_THREAD_MESSAGES = 200;
export const MAX_REPLY_CHARS = 1600;

/** One normal form of a phone number for the whole product (`@fieldops/shared/phone`). */
export { toE164 };

export const threadSummarySchema = z.object({
  id: z.string(),
  customerId: z.string().nullable(),
  /** The customer's name, or the number or address of a thread of no customer. */
  title: z.string(),
  unplacedReason: unplacedReasonSchema.nullable(),
  lastMessageAt: z.string(),
  lastMessagePreview: z.string(),
  unreadCount: z.number().int(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

/**
 * GET /api/messages/threads: newest first, a page at a time (`cursor` is the previous page's `nextCursor`: where it
 * ended, its last thread's lastMessageAt and id); `unread=true` lists only the threads with unread messages.
 */
export const threadListQuerySchema = z.object({
  cursor: text({ max: 200 }).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_THREADS_LISTED).default(MAX_THREADS_LISTED),
  unread: z.enum(["true", "false"]).optional(),
});
export type ThreadListQuery = z.output<typeof threadListQuerySchema>;

export const threadListResponseSchema = z.object({
  items: z.array(threadSummarySchema).max(MAX_THREADS_LISTED),
  /** Unread inbound messages in every thread (whatever the page and filter): the navigation's badge. */
  unreadTotal: z.number().int(),
  /** Where the next page starts; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type ThreadListResponse = z.infer<typeof threadListResponseSchema>;

export const threadMessageSchema = z.object({
  id: z.string(),
  direction: threadDirectionSchema,
  channel: threadMessageChannelSchema,
  body: z.string(),
  subject: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  createdAt: z.string(),
  /** An inbound message: when the office read it. */
  readAt: z.string().nullable(),
  /** An outbound message: its delivery, as the outbox shows it. */
  delivery: messageDeliverySchema.nullable(),
  outboxMessageId: z.string().nullable(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

/** The most crews one conversation is shared with (a company's crews, at most). */
export const MAX_THREAD_CREW_SHARES = 100;

/** A crew the office shares a conversation with: its members read it in the field app's Messages tab. */
const threadCrewShareSchema = z.object({
  crewId: z.string(),
  name: z.string(),
  color: z.string(),
  sharedAt: z.string(),
});

export const threadSchema = threadSummarySchema.extend({
  messages: z.array(threadMessageSchema).max(MAX_THREAD_MESSAGES),
  /** The crews the conversation is shared with, by name. */
  sharedWithCrews: z.array(threadCrewShareSchema).max(MAX_THREAD_CREW_SHARES),
  /** Where a reply can go: the customer's number and e-mail (or the unplaced thread's own), null when none. */
  replyTo: z.object({ sms: z.string().nullable(), email: z.string().nullable() }),
  /** The company may text (its plan has SMS). */
  smsAllowed: z.boolean(),
  /** The customer assistant's part: whether it answers here, what it did and what waits for the office. */
  assistant: threadAssistantSchema,
});
export type Thread = z.infer<typeof threadSchema>;

export const threadParamsSchema = z.object({ id: z.uuid() });
export const customerThreadParamsSchema = z.object({ customerId: z.uuid() });
const threadCrewParamsSchema = z.object({ id: z.uuid(), crewId: z.uuid() });

export const replyRequestSchema = z.object({
  channel: threadChannelSchema,
  body: text({ max: MAX_REPLY_CHARS, trim: true }).min(1, "Write a message"),
  /** An e-mail's subject; "Re: …" of the last one, or the company's name, when empty. */
  subject: text({ max: 200, trim: true }).optional(),
});
export type ReplyRequest = z.infer<typeof replyRequestSchema>;

/**
 * Moves a thread of no customer (an unknown or shared number or address) onto the customer it is: its messages join the
 * customer's conversation. `saveContact` also adds the number or address to the customer's contacts (unless they have
 * it), so that their next message finds them.
 */
export const assignThreadRequestSchema = z.object({
  customerId: z.uuid(),
  saveContact: z.boolean().default(false),
});
export type AssignThreadRequest = z.input<typeof assignThreadRequestSchema>;

/** The customer's reply the local catcher's preview sends (npm start without SMTP_URL), to try replies out. */
export const replyAsCustomerRequestSchema = z.object({
  body: text({ max: MAX_REPLY_CHARS, trim: true }).min(1, "Write a message"),
});

/** Twilio's empty TwiML answer: nothing to send back (the office replies from the inbox). */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
export const TWILIO_SIGNATURE_HEADER = "x-twilio-signature";

const twilioField = text({ max: 200 });
/**
 * The form Twilio posts for an inbound text (its real field names). Fields this list does not name are kept as posted:
 * the signature covers every one.
 */
export const twilioInboundSmsSchema = z.looseObject({
  MessageSid: text({ max: 64 }).regex(/^(SM|MM)[0-9a-fA-F]{32}$/, "Not a Twilio message id"),
  AccountSid: text({ max: 64 }).regex(/^AC[0-9a-fA-F]{32}$/, "Not a Twilio account id"),
  From: twilioField.min(1),
  To: twilioField.min(1),
  Body: text({ max: MAX_INBOUND_MESSAGE_CHARS }).optional(),
  NumMedia: text({ max: 3 }).optional(),
  MessagingServiceSid: twilioField.optional(),
  SmsSid: twilioField.optional(),
  SmsMessageSid: twilioField.optional(),
  SmsStatus: twilioField.optional(),
  ApiVersion: twilioField.optional(),
});

/**
 * The largest mail source the inbound e-mail webhook takes (`raw`): a delivery report with the returned mail's headers,
 * or with the whole mail when it is small; the request itself stays within the API's 1 MB.
 */
export const MAX_INBOUND_RAW_CHARS = 700_000;

/** The header of the inbound e-mail webhook's signature: `sha256=<hex HMAC-SHA256 of the raw body>`. */
export const INBOUND_EMAIL_SIGNATURE_HEADER = "x-fieldops-signature";

/**
 * A mail an inbound mail provider received for the reply domain (INBOUND_EMAIL_DOMAIN), as the provider's route (or a
 * small adapter) posts it: the envelope's recipients, and the parsed mail's sender, subject, text and Message-ID.
 */
export const inboundEmailSchema = z.object({
  recipients: z
    .array(text({ max: 320, trim: true }))
    .min(1)
    .max(50),
  from: text({ max: 500 }),
  subject: text({ max: 1000 }).default(""),
  text: text({ max: 200_000 }),
  messageId: text({ max: 500 }).nullish(),
  /**
   * The whole mail as received (RFC 5322 source). A mail to a bounce address (`bounce+<company>.<token>@…`) is read
   * from it as a delivery report (multipart/report: a bounce, a delay, or a spam complaint); replies need only `text`.
   */
  raw: text({ max: MAX_INBOUND_RAW_CHARS }).nullish(),
});
export type InboundEmail = z.infer<typeof inboundEmailSchema>;

/**
 * A delivery event of one of the company's e-mails, as the e-mail provider posts it: Postmark's webhook shape
 * (https://postmarkapp.com/developer/webhooks/webhooks-overview: RecordType Delivery, Bounce or SpamComplaint, with
 * the Metadata the mail carried). The dispatcher's mails carry `X-PM-Metadata-company` and `X-PM-Metadata-message`
 * headers, which Postmark echoes as `Metadata.company` and `Metadata.message`: our company and outbox message ids.
 * Other fields Postmark sends are accepted and ignored.
 */
export const emailEventSchema = z.object({
  RecordType: z.enum(["Delivery", "Bounce", "SpamComplaint"]),
  /** A Bounce's kind: HardBounce, BadEmailAddress, DnsError, Blocked… bounce it; SoftBounce, Transient… do not. */
  Type: text({ max: 100 }).nullish(),
  /** The provider's id of the mail. */
  MessageID: text({ max: 200 }).nullish(),
  /** The address, of a Delivery (Recipient) or of a Bounce or SpamComplaint (Email). */
  Recipient: text({ max: 320 }).nullish(),
  Email: text({ max: 320 }).nullish(),
  /** What the provider says happened, and the receiving server's words. */
  Description: text({ max: 2000 }).nullish(),
  Details: text({ max: 2000 }).nullish(),
  Metadata: z.object({ company: z.uuid(), message: z.uuid() }),
});
export type EmailEventPayload = z.infer<typeof emailEventSchema>;

export const messageWebhookEndpoints = {
  inboundEmail: defineEndpoint({
    method: "POST",
    path: "/api/webhooks/email/inbound",
    tags: ["webhooks"],
    summary:
      "An inbound mail provider's webhook (HMAC-SHA256 of the body with INBOUND_EMAIL_SECRET in X-FieldOps-Signature): a reply to one of the company's e-mails joins the customer's thread; a delivery report to an e-mail's bounce address moves its delivery on",
    body: inboundEmailSchema,
    status: 202,
    response: z.object({ message: z.string() }),
  }),
  emailEvents: defineEndpoint({
    method: "POST",
    path: "/api/webhooks/email/events",
    tags: ["webhooks"],
    summary:
      "An e-mail provider's delivery event (Postmark's webhook shape: Delivery, Bounce, SpamComplaint; HMAC-SHA256 of the body with INBOUND_EMAIL_SECRET in X-FieldOps-Signature): moves the e-mail's delivery on, once",
    body: emailEventSchema,
    status: 202,
    response: z.object({ message: z.string() }),
  }),
  twilioInbound: defineEndpoint({
    method: "POST",
    path: "/api/webhooks/twilio/inbound",
    tags: ["webhooks"],
    summary:
      "Twilio's inbound text webhook (form-encoded, X-Twilio-Signature): the text joins the sender's thread; answers empty TwiML",
    body: twilioInboundSmsSchema,
    response: z.string(),
    produces: "text/xml",
  }),
} as const;

/** The number customers text the company at (its Twilio number), in any usual form; stored in E.164. Empty: none. */
export const smsNumberSettingsSchema = z.object({
  smsNumber: z.union([
    z.literal(""),
    text({ max: 30, trim: true }).refine(
      (value) => toE164(value) !== null,
      "Enter a phone number with its country code",
    ),
  ]),
});
export const smsNumberSettingsResponseSchema = z.object({
  smsNumber: z.string(),
  canManage: z.boolean(),
  /** The platform bought the number for the company (a number of its own on the platform's Twilio account). */
  provisioned: z.boolean(),
  /**
   * Why the platform cannot get the company a number, or null when it can: the company texts through its own Twilio
   * account, or the platform has no Twilio account or public address configured.
   */
  provisionUnavailable: z.string().nullable(),
});

export type SmsNumberSettings = z.infer<typeof smsNumberSettingsResponseSchema>;

/** Getting a texting number from the platform: near an area code (US and Canada), or anywhere. */
export const provisionSmsNumberSchema = z.object({
  areaCode: z
    .string()
    .trim()
    .max(3, "An area code is three digits, not starting with 0 or 1")
    .regex(/^[2-9]\d{2}$/, "An area code is three digits, not starting with 0 or 1")
    .optional(),
});

export const messageEndpoints = {
  smsNumber: defineEndpoint({
    method: "GET",
    path: "/api/settings/sms-number",
    tags: ["messages"],
    summary: "The number customers text the company at: inbound texts to it join the company's conversations",
    response: smsNumberSettingsResponseSchema,
    capability: "integrations.read",
  }),
  updateSmsNumber: defineEndpoint({
    method: "PUT",
    path: "/api/settings/sms-number",
    tags: ["messages"],
    summary: "Set the number customers text the company at (one company per number)",
    body: smsNumberSettingsSchema,
    response: smsNumberSettingsResponseSchema,
    capability: "integrations.manage",
  }),
  provisionSmsNumber: defineEndpoint({
    method: "POST",
    path: "/api/settings/sms-number/provision",
    tags: ["messages"],
    summary:
      "Buy a texting number of the company's own on the platform's Twilio account (billed by the platform); texts go out from it and replies come back to it",
    body: provisionSmsNumberSchema,
    response: smsNumberSettingsResponseSchema,
    capability: "integrations.manage",
  }),
  releaseSmsNumber: defineEndpoint({
    method: "DELETE",
    path: "/api/settings/sms-number/provisioned",
    tags: ["messages"],
    summary:
      "Give back the texting number the platform bought for the company; texts go out from the shared sender again",
    response: smsNumberSettingsResponseSchema,
    capability: "integrations.manage",
  }),
  threads: defineEndpoint({
    method: "GET",
    path: "/api/messages/threads",
    tags: ["messages"],
    summary:
      "The company's conversations with customers, newest first, with unread counts, a page at a time by cursor (unread=true: only those with unread messages)",
    query: threadListQuerySchema,
    response: threadListResponseSchema,
    capability: "messages.manage",
  }),
  thread: defineEndpoint({
    method: "GET",
    path: "/api/messages/threads/:id",
    tags: ["messages"],
    summary: "One conversation: its messages in both directions, with the delivery of outbound ones",
    params: threadParamsSchema,
    response: threadSchema,
    capability: "messages.manage",
  }),
  customerThread: defineEndpoint({
    method: "GET",
    path: "/api/customers/:customerId/thread",
    tags: ["messages"],
    summary: "The conversation with a customer (empty until a message is sent or received)",
    params: customerThreadParamsSchema,
    response: threadSchema,
    capability: "messages.manage",
  }),
  markRead: defineEndpoint({
    method: "POST",
    path: "/api/messages/threads/:id/read",
    tags: ["messages"],
    summary: "Mark a conversation's messages read",
    params: threadParamsSchema,
    status: 204,
    response: z.null(),
    capability: "messages.manage",
  }),
  reply: defineEndpoint({
    method: "POST",
    path: "/api/messages/threads/:id/replies",
    tags: ["messages"],
    summary: "Reply in a conversation by text or e-mail (written to the outbox and delivered by the dispatcher)",
    params: threadParamsSchema,
    body: replyRequestSchema,
    status: 201,
    response: threadMessageSchema,
    capability: "messages.manage",
  }),
  assignThread: defineEndpoint({
    method: "POST",
    path: "/api/messages/threads/:id/customer",
    tags: ["messages"],
    summary:
      "Move a conversation with an unknown or shared number or address onto a customer (its messages join theirs), optionally saving the number or address to their contacts; answers the customer's conversation",
    params: threadParamsSchema,
    body: assignThreadRequestSchema,
    response: threadSchema,
    capability: "messages.manage",
  }),
  shareWithCrew: defineEndpoint({
    method: "PUT",
    path: "/api/messages/threads/:id/crews/:crewId",
    tags: ["messages"],
    summary:
      "Share a conversation with a crew: its members read it in the field app (sharing it again changes nothing)",
    params: threadCrewParamsSchema,
    status: 204,
    response: z.null(),
    capability: "messages.manage",
  }),
  unshareWithCrew: defineEndpoint({
    method: "DELETE",
    path: "/api/messages/threads/:id/crews/:crewId",
    tags: ["messages"],
    summary: "Stop sharing a conversation with a crew: it leaves its members' field app at once",
    params: threadCrewParamsSchema,
    status: 204,
    response: z.null(),
    capability: "messages.manage",
  }),
  replyAsCustomer: defineEndpoint({
    method: "POST",
    path: "/api/outbox/:id/reply-as-customer",
    tags: ["messages"],
    summary:
      "Local testing: send the customer's reply to a caught e-mail over SMTP to the local mail catcher, as a mail client would",
    params: z.object({ id: z.uuid() }),
    body: replyAsCustomerRequestSchema,
    status: 202,
    response: z.object({ message: z.string() }),
    capability: "outbox.read",
  }),
} as const;
