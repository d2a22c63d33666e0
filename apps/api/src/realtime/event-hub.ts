import type { Redis } from "ioredis";
import { closeRedis } from "@fieldops/config/redis-connections";
import { EVENTS_CHANNEL, publishedEventSchema, type PublishedEvent } from "@fieldops/events/company-stream";
import type { ServerMessage } from "@fieldops/shared/events";

const serialized = new WeakMap<PublishedEvent, string>();

/**
 * The socket message of an event, as JSON. An event goes to every open socket of its company: it is serialised once,
 * for the first, and the others reuse that text (the hub hands them all the same object).
 */
export function eventMessageJson(event: PublishedEvent): string {
  let json = serialized.get(event);
  if (json === undefined) {
    const message: ServerMessage = {
      type: "event",
      seq: event.seq,
      requestId: event.requestId,
      occurredAt: event.occurredAt,
      event: event.event,
    };
    json = JSON.stringify(message);
    serialized.set(event, json);
  }
  return json;
}

export interface Subscriber {
  companyId: string;
  userId: string;
  deliver(event: PublishedEvent): void;
}

export interface EventHub {
  add(subscriber: Subscriber): () => void;
  /** How many sockets are open, for logs and tests. */
  size(): number;
  close(): Promise<void>;
}

/**
 * One Redis subscription per API process; each published event goes to the open sockets of its company (or of its
 * one user), never to another company's.
 */
export async function createEventHub(subscriberConnection: Redis, onInvalid: (raw: string) => void): Promise<EventHub> {
  const byCompany = new Map<string, Set<Subscriber>>();
  await subscriberConnection.subscribe(EVENTS_CHANNEL);
  subscriberConnection.on("message", (_channel: string, raw: string) => {
    let parsed: ReturnType<typeof publishedEventSchema.safeParse>;
    try {
      parsed = publishedEventSchema.safeParse(JSON.parse(raw));
    } catch {
      onInvalid(raw);
      return;
    }
    if (!parsed.success) return onInvalid(raw);
    const event = parsed.data;
    for (const subscriber of byCompany.get(event.companyId) ?? []) {
      if (event.userId === null || event.userId === subscriber.userId) subscriber.deliver(event);
    }
  });
  return {
    add(subscriber) {
      const set = byCompany.get(subscriber.companyId) ?? new Set();
      set.add(subscriber);
      byCompany.set(subscriber.companyId, set);
      return () => {
        set.delete(subscriber);
        if (set.size === 0) byCompany.delete(subscriber.companyId);
      };
    },
    size: () => [...byCompany.values()].reduce((n, set) => n + set.size, 0),
    async close() {
      await closeRedis(subscriberConnection);
    },
  };
}
