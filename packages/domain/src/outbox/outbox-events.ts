import type { AppEvent } from "@fieldops/shared/events";

const distinct = (ids: readonly (string | null)[]) => [...new Set(ids.filter((id): id is string => id !== null))];

/** Messages were written or their delivery moved on: the outbox and the pages that list them refetch. */
export function outboxChanged(
  messages: readonly {
    id: string;
    invoiceId: string | null;
    estimateId: string | null;
    customerId: string | null;
  }[],
): AppEvent[] {
  if (messages.length === 0) return [];
  return [
    {
      name: "outbox.changed",
      payload: {
        messageIds: distinct(messages.map((message) => message.id)),
        invoiceIds: distinct(messages.map((message) => message.invoiceId)),
        estimateIds: distinct(messages.map((message) => message.estimateId)),
        customerIds: distinct(messages.map((message) => message.customerId)),
      },
    },
  ];
}
