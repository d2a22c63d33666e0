import type { Redis } from "ioredis";
import { appEventSchema, type AppEvent } from "@fieldops/shared/events";
import { z } from "zod";

/** How many events each company's stream keeps for replay to clients that reconnect. */
export const STREAM_LENGTH = 1000;

export const streamKey = (companyId: string) => `events:company:${companyId}`;
export const EVENTS_CHANNEL = "events:published";

/** What travels on the pub/sub channel: the stored event plus where it goes. */
export const publishedEventSchema = z.object({
  companyId: z.string(),
  userId: z.string().nullable(),
  seq: z.string(),
  requestId: z.string().nullable(),
  occurredAt: z.string(),
  event: appEventSchema,
});
export type PublishedEvent = z.infer<typeof publishedEventSchema>;

export interface PublishOptions {
  companyId: string;
  /** Deliver only to this user's sockets; null for everyone in the company. */
  userId?: string | null;
  requestId?: string | null;
}

/** Appends the event to the company's stream (for replay) and announces it to every API process. */
export async function publishEvent(redis: Redis, event: AppEvent, options: PublishOptions): Promise<PublishedEvent> {
  const occurredAt = new Date().toISOString();
  const body = JSON.stringify({ userId: options.userId ?? null, requestId: options.requestId ?? null, occurredAt, event });
  const seq = await redis.xadd(streamKey(options.companyId), "MAXLEN", "~", STREAM_LENGTH, "*", "body", body);
  if (seq === null) throw new Error("Redis refused the event");
  const published: PublishedEvent = {
    companyId: options.companyId,
    userId: options.userId ?? null,
    seq,
    requestId: options.requestId ?? null,
    occurredAt,
    event: appEventSchema.parse(event),
  };
  await redis.publish(EVENTS_CHANNEL, JSON.stringify(published));
  return published;
}

const storedBodySchema = publishedEventSchema.omit({ companyId: true, seq: true });

/** The company's events after `afterSeq` (exclusive), oldest first. */
export async function readEventsAfter(redis: Redis, companyId: string, afterSeq: string): Promise<PublishedEvent[]> {
  const entries = await redis.xrange(streamKey(companyId), `(${afterSeq}`, "+", "COUNT", STREAM_LENGTH);
  return entries.flatMap(([seq, fields]) => {
    const raw = fields[fields.indexOf("body") + 1];
    const parsed = raw === undefined ? null : storedBodySchema.safeParse(JSON.parse(raw));
    return parsed?.success ? [{ ...parsed.data, companyId, seq }] : [];
  });
}

/** The newest seq of the company's stream, or null when it is empty. */
export async function latestSeq(redis: Redis, companyId: string): Promise<string | null> {
  const [last] = await redis.xrevrange(streamKey(companyId), "+", "-", "COUNT", 1);
  return last?.[0] ?? null;
}
