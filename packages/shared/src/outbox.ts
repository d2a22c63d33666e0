import { z } from "zod";

export const outboxMessageSchema = z.object({
  id: z.string(),
  kind: z.string(),
  channel: z.string(),
  recipient: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
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
