import { z } from "zod";

/**
 * Where a message's delivery stands. E-mails: queued (written, waiting for the dispatcher, or for its next try after a
 * refusal), sending (claimed by a dispatcher), sent (the mail server took it), delivered (it reached the mailbox: the
 * local mail catcher says so), bounced, failed (given up, with the error). Texts stay queued: no SMS sender exists yet.
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
  /** The local mail catcher has it (npm start without SMTP_URL): its preview can be read. */
  caught: z.boolean(),
});
export type MessageDelivery = z.infer<typeof messageDeliverySchema>;

export const LOCAL_CATCHER_WORDS = "Delivered to the local mail catcher";

/** A message's delivery in words, the same on every screen. */
export function deliveryInWords(message: MessageDelivery & { channel: string }): string {
  switch (message.status) {
    case "queued":
      if (message.channel !== "email") return "Not sent: text messages are not delivered yet";
      return message.attempts > 0 ? `Waiting to try again (${message.attempts} tried)` : "Queued for sending";
    case "sending":
      return "Sending";
    case "sent":
      return "Sent to the mail server";
    case "delivered":
      return message.caught ? LOCAL_CATCHER_WORDS : "Delivered";
    case "bounced":
      return "Bounced";
    case "failed":
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
});
export type CaughtMail = z.infer<typeof caughtMailSchema>;
