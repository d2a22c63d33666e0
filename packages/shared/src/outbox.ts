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
export const outboxListResponseSchema = z.object({ items: z.array(outboxMessageSchema).max(MAX_OUTBOX_LISTED) });
