import type { AppEvent } from "@fieldops/shared/events";

/** Deliveries of these subscriptions were written or tried: their logs refetch. */
export function webhookDeliveriesChanged(subscriptionIds: readonly string[]): AppEvent {
  return {
    name: "webhook_deliveries.changed",
    payload: { subscriptionIds: [...new Set(subscriptionIds)].slice(0, 100) },
  };
}
