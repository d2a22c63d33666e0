import type { AppEvent } from "@fieldops/shared/events";

const distinct = (ids: readonly (string | null)[]) => [...new Set(ids.filter((id): id is string => id !== null))];

/** Conversations moved on (a message came in, the office replied or read them): the inbox and the threads refetch. */
export function messagesChanged(
  threads: readonly { id: string; customerId: string | null }[],
  options: { inbound: boolean },
): AppEvent[] {
  if (threads.length === 0) return [];
  return [
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
