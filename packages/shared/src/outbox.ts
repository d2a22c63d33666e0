import { z } from "zod";

/**
 * Where a message's delivery stands. E-mails: queued (written, waiting for the dispatcher, or for its next try after a
 * refusal), sending (claimed by a dispatcher), sent (the mail server took it), delivered (it reached the mailbox: the
 * local mail catcher or the provider says so), bounced (the recipient's mail server refused it, at once or in a
 * delivery report later: `lastError` says why), failed (given up, with the error). A complaint (the recipient marked it
 * as spam) leaves the status as it was and sets `complainedAt`. Texts: queued, sending (claimed), sent (Twilio
 * took it), delivered (Twilio's status callback says the carrier delivered it, or the local text catcher has it), failed
 * (refused, undelivered with Twilio's error code, or the number opted out).
 */
export const MESSAGE_STATUSES = ["queued", "sending", "sent", "delivered", "bounced", "failed"] as const;
export const messageStatusSchema = z.enum(MESSAGE_STATUSES);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

/** A message's delivery, as every list of messages shows it. */
export const messageDeliverySchema = z.object({
  status: messageStatusSchema,
  attempts: z.number().int(),
  /** Why the last try failed, in words. */
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  /** When the recipient marked the e-mail as spam: the company no longer e-mails that address. */
  complainedAt: z.string().nullable(),
  /**
   * The local catcher has it: an e-mail's preview can be read (npm start without SMTP_URL); a text went to the local
   * text catcher (no Twilio credentials), and its words are the message's body.
   */
  caught: z.boolean(),
});
export type MessageDelivery = z.infer<typeof messageDeliverySchema>;

export const LOCAL_CATCHER_WORDS = "Delivered to the local mail catcher";
export const LOCAL_TEXT_CATCHER_WORDS = "Delivered to the local text catcher";
/** Why a text was not sent to a number that texted STOP (or that Twilio refused as unsubscribed, error 21610). */
export const SMS_OPTED_OUT_ERROR = "The customer opted out of texts";
/** What a message the recipient marked as spam shows. */
export const MARKED_AS_SPAM_WORDS = "Marked as spam by the recipient";
/** Why an e-mail was not sent to an address that marked one of the company's e-mails as spam. */
export const EMAIL_SUPPRESSED_ERROR =
  "Not sent: this address marked an earlier e-mail from the company as spam, so the company no longer e-mails it";

/** A message's delivery in words, the same on every screen. */
export function deliveryInWords(message: MessageDelivery & { channel: string }): string {
  switch (message.status) {
    case "queued":
      return message.attempts > 0 ? `Waiting to try again (${message.attempts} tried)` : "Queued for sending";
    case "sending":
      return "Sending";
    case "sent":
      return message.channel === "sms" ? "Sent to the carrier" : "Sent to the mail server";
    case "delivered":
      if (message.complainedAt) return MARKED_AS_SPAM_WORDS;
      if (!message.caught) return "Delivered";
      return message.channel === "sms" ? LOCAL_TEXT_CATCHER_WORDS : LOCAL_CATCHER_WORDS;
    case "bounced":
      return "Bounced";
    case "failed":
      if (message.lastError === SMS_OPTED_OUT_ERROR) return "Not sent: the customer opted out of texts";
      if (message.lastError === EMAIL_SUPPRESSED_ERROR) return "Not sent: the address marked an e-mail as spam";
      return "Not delivered: sending failed";
  }
}

export const outboxMessageSchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    channel: z.string(),
    recipient: z.string().nullable(),
    subject: z.string(),
    body: z.string(),
    createdAt: z.string(),
  })
  .extend(messageDeliverySchema.shape);
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const MAX_OUTBOX_LISTED = 100;

/** The kind of a password reset e-mail, whose link is its recipient's alone. */
export const PASSWORD_RESET_MESSAGE_KIND = "password_reset";

/**
 * What the company's outbox shows of a password reset e-mail instead of its body: its link would let whoever reads
 * the outbox (an owner, an administrator) set another user's password.
 */
export const WITHHELD_MESSAGE_BODY = "Withheld: this e-mail holds a password reset link, for its recipient only.";
export const outboxListResponseSchema = z.object({ items: z.array(outboxMessageSchema).max(MAX_OUTBOX_LISTED) });

export const outboxMessageParamsSchema = z.object({ id: z.uuid() });

export const caughtMailAttachmentParamsSchema = z.object({ id: z.uuid(), attachmentId: z.uuid() });

/** A file a caught mail carried (an invoice's or an estimate's PDF). */
export const caughtMailAttachmentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  contentType: z.string(),
  /** Its size in bytes. */
  size: z.number().int(),
});
export type CaughtMailAttachment = z.infer<typeof caughtMailAttachmentSchema>;

/** What the local mail catcher received for a message: the mail as it arrived. */
export const caughtMailSchema = z.object({
  messageId: z.string(),
  from: z.string(),
  to: z.string(),
  replyTo: z.string().nullable(),
  subject: z.string(),
  html: z.string().nullable(),
  text: z.string().nullable(),
  copies: z.number().int(),
  receivedAt: z.string(),
  attachments: z.array(caughtMailAttachmentSchema),
});
export type CaughtMail = z.infer<typeof caughtMailSchema>;
