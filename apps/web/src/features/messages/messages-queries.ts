import type { Query } from "@tanstack/react-query";
import { messageEndpoints } from "@fieldops/shared/messages";
import { endpointKey } from "../../lib/endpoints";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";

/** Every thread read: the inbox's list (and badge) and each thread under it. */
export const allThreads = endpointKey(messageEndpoints.threads);

/** A customer's conversation on their page (`/api/customers/<id>/thread`). */
export const isCustomerThread = (query: Query) =>
  query.queryKey[0] === "/api/customers" && query.queryKey[2] === "thread";

/**
 * A text or a reply coming in, the office replying or reading, and an outbound message's delivery moving on: the inbox,
 * its badge, the open thread and the customer's conversation fetch again.
 */
export const messagesLiveEvents = [
  ...refetchOnLiveEvents(["messages.changed", "outbox.changed"], { queryKey: allThreads }),
  ...refetchOnLiveEvents(["messages.changed", "outbox.changed"], { predicate: isCustomerThread }),
];
