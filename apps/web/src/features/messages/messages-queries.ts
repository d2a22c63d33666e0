import { useInfiniteQuery, useMutation, useQueryClient, type Query } from "@tanstack/react-query";
import { messageEndpoints, type AssignThreadRequest, type Thread } from "@fieldops/shared/messages";
import { callEndpoint, endpointKey, pathKey } from "../../lib/endpoints";
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

const INBOX_PAGE_SIZE = 25;

/**
 * The inbox's conversations, newest first, a page at a time (the first page refetches on live events, and the pages
 * after it follow from its cursor); with `unreadOnly`, only those with unread messages.
 */
export function useThreadList(unreadOnly: boolean) {
  const query = { limit: INBOX_PAGE_SIZE, ...(unreadOnly ? { unread: "true" as const } : {}) };
  return useInfiniteQuery({
    queryKey: endpointKey(messageEndpoints.threads, { query }),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      callEndpoint(messageEndpoints.threads, { query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) } }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

/**
 * Moves an unplaced conversation onto a customer, then `onMoved` (the inbox opens the customer's thread; it runs even
 * when the moved thread's view has closed, as a live event may close it first); the inbox, the customer's page and
 * their contacts read again.
 */
export function useAssignThread(threadId: string, onMoved: (thread: Thread) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignThreadRequest) =>
      callEndpoint(messageEndpoints.assignThread, { params: { id: threadId }, body }),
    onSuccess: async (thread) => {
      onMoved(thread);
      // The moved thread is gone: it is not read again while its view closes.
      queryClient.removeQueries({
        queryKey: endpointKey(messageEndpoints.thread, { params: { id: threadId } }),
        exact: true,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: allThreads }),
        queryClient.invalidateQueries({ predicate: isCustomerThread }),
        queryClient.invalidateQueries({ queryKey: pathKey(`/api/customers/${thread.customerId}`) }),
      ]);
    },
  });
}
