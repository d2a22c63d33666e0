import type { AppEvent } from "@fieldops/shared/events";

export function leadsChanged(leadIds: readonly string[]): AppEvent[] {
  return [{ name: "leads.changed", payload: { leadIds: [...leadIds] } }];
}
