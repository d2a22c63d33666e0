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

/**
 * Appends each body to the stream (KEYS[1], capped near ARGV[1] entries) and publishes it on the channel (KEYS[2]) with
 * the id the stream gave it, spliced in as the first field of the announcement (ARGV[2] is the announcement's JSON
 * prefix of the company, ARGV[3..] the bodies): one round trip for a whole batch, and no announcement without its
 * stored copy.
 */
const APPEND_AND_ANNOUNCE = `
local ids = {}
for i = 3, #ARGV do
  local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'body', ARGV[i])
  redis.call('PUBLISH', KEYS[2], '{"seq":"' .. id .. '",' .. ARGV[2] .. ',' .. string.sub(ARGV[i], 2))
  ids[#ids + 1] = id
end
return ids`;

/** Appends the event to the company's stream (for replay) and announces it to every API process. */
export async function publishEvent(redis: Redis, event: AppEvent, options: PublishOptions): Promise<PublishedEvent> {
  const [published] = await publishEvents(redis, [event], options);
  return published!;
}

/** An event of a batch with its own audience: one user's sockets, or the whole company's with null. */
export interface AddressedEvent {
  event: AppEvent;
  userId: string | null;
}

/**
 * Appends the events, in order, to the company's stream and announces each to every API process, in one round trip.
 * A plain event goes to `options.userId` (everyone in the company without it); an addressed one to its own audience.
 */
export async function publishEvents(
  redis: Redis,
  events: readonly (AppEvent | AddressedEvent)[],
  options: PublishOptions,
): Promise<PublishedEvent[]> {
  if (events.length === 0) return [];
  const occurredAt = new Date().toISOString();
  const requestId = options.requestId ?? null;
  const parsed = events.map((item) =>
    "event" in item
      ? { userId: item.userId, event: appEventSchema.parse(item.event) }
      : { userId: options.userId ?? null, event: appEventSchema.parse(item) },
  );
  const bodies = parsed.map(({ userId, event }) => JSON.stringify({ userId, requestId, occurredAt, event }));
  const companyField = `"companyId":${JSON.stringify(options.companyId)}`;
  const ids = (await redis.eval(
    APPEND_AND_ANNOUNCE,
    2,
    streamKey(options.companyId),
    EVENTS_CHANNEL,
    STREAM_LENGTH,
    companyField,
    ...bodies,
  )) as string[];
  if (!Array.isArray(ids) || ids.length !== parsed.length) throw new Error("Redis refused the events");
  return parsed.map(({ userId, event }, index) => ({
    companyId: options.companyId,
    userId,
    seq: ids[index]!,
    requestId,
    occurredAt,
    event,
  }));
}

const storedBodySchema = publishedEventSchema.omit({ companyId: true, seq: true });

const MAX_STREAM_ID_PART = 2n ** 64n - 1n;

/** A Redis stream id `<ms>-<n>` with both parts unsigned 64-bit integers; Redis answers anything else with an error. */
export function isStreamSeq(value: string): boolean {
  const match = /^(\d{1,20})-(\d{1,20})$/.exec(value);
  return match !== null && BigInt(match[1]!) <= MAX_STREAM_ID_PART && BigInt(match[2]!) <= MAX_STREAM_ID_PART;
}

function parseBody(raw: string | undefined) {
  if (raw === undefined) return null;
  try {
    return storedBodySchema.safeParse(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** The company's events after `afterSeq` (exclusive), oldest first. Throws a RangeError for a malformed position. */
export async function readEventsAfter(redis: Redis, companyId: string, afterSeq: string): Promise<PublishedEvent[]> {
  if (!isStreamSeq(afterSeq)) throw new RangeError(`Not a stream position: ${afterSeq.slice(0, 50)}`);
  // Nothing can follow the greatest id, and Redis refuses an exclusive range that starts there.
  if (afterSeq === `${MAX_STREAM_ID_PART}-${MAX_STREAM_ID_PART}`) return [];
  const entries = await redis.xrange(streamKey(companyId), `(${afterSeq}`, "+", "COUNT", STREAM_LENGTH);
  return entries.flatMap(([seq, fields]) => {
    const parsed = parseBody(fields[fields.indexOf("body") + 1]);
    return parsed?.success ? [{ ...parsed.data, companyId, seq }] : [];
  });
}

/** The newest seq of the company's stream, or null when it is empty. */
export async function latestSeq(redis: Redis, companyId: string): Promise<string | null> {
  const [last] = await redis.xrevrange(streamKey(companyId), "+", "-", "COUNT", 1);
  return last?.[0] ?? null;
}
