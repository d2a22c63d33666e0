import type { AppEvent } from "@fieldops/shared/events";

const distinct = (ids: readonly (string | null)[]) => [...new Set(ids.filter((id): id is string => id !== null))];

/**
 * Conversations moved on (a message came in, the office replied, read or shared them): the inbox and the threads
 * refetch, and so does the field app's Messages tab.
 */
export function messagesChanged(
  threads: readonly { id: string; customerId: string | null }[],
  options: { inbound: boolean },
): AppEvent[] {
  if (threads.length === 0) return [];
  return [
    // The field app's copies of the shared ones follow (their text and its users' unread counts).
    ...fieldThreadsChanged(threads.map((thread) => thread.id)),
    {
      name: "messages.changed",
      payload: {
        threadIds: distinct(threads.map((thread) => thread.id)).slice(0, 100),
        customerIds: distinct(threads.map((thread) => thread.customerId)).slice(0, 100),
        inbound: options.inbound,
      },
    },
  ];
}

/** The field app's conversations moved on (a message, a share, a user's read): its Messages tab and badge refetch. */
export function fieldThreadsChanged(threadIds: readonly string[]): AppEvent[] {
  if (threadIds.length === 0) return [];
  return [{ name: "field_threads.changed", payload: { threadIds: [...new Set(threadIds)].slice(0, 100) } }];
}
