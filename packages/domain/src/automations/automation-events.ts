import type { AppEvent } from "@fieldops/shared/events";

/** Automations or their runs changed: their pages refetch. */
export function automationsChanged(automationIds: readonly string[]): AppEvent[] {
  if (automationIds.length === 0) return [];
  return [{ name: "automations.changed", payload: { automationIds: [...automationIds].slice(0, 100) } }];
}
