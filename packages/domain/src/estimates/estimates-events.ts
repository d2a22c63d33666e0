import type { AppEvent } from "@fieldops/shared/events";
import { leadsChanged } from "../leads/leads-events.ts";

export function estimatesChanged(estimateIds: readonly string[]): AppEvent[] {
  return [{ name: "estimates.changed", payload: { estimateIds: [...estimateIds] } }];
}

/** An estimate changed, and with it its lead's status (won, lost) when it has one. */
export function estimateChanged(estimate: { id: string; leadId: string | null }): AppEvent[] {
  return [...estimatesChanged([estimate.id]), ...(estimate.leadId ? leadsChanged([estimate.leadId]) : [])];
}
