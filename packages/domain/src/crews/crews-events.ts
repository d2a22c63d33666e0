import type { AppEvent } from "@fieldops/shared/events";

export function crewChanged(crewId: string): AppEvent[] {
  return [{ name: "crews.changed", payload: { crewIds: [crewId] } }];
}
