import type { AppEvent } from "@fieldops/shared/events";

/** The team changed (invitations, roles, removals); `userIds` names the members whose own screens must refetch. */
export function teamChanged(userIds: readonly string[] = []): AppEvent[] {
  return [{ name: "team.changed", payload: { userIds: [...userIds] } }];
}
