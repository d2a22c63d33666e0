import type { Crew } from "@fieldops/shared/crews";
import type { TenantScope } from "../tenant-scope.ts";
import { loadCrew } from "./crew-view.ts";
import { crewChanged } from "./crews-events.ts";

/** Removes the user from the crew; removing someone who is not in it changes nothing. Announces the crew. */
export async function removeCrewMember(
  { tx, emit }: TenantScope,
  input: { crewId: string; userId: string },
): Promise<Crew> {
  await loadCrew(tx, input.crewId);
  await tx.crewMember.deleteMany({ where: { crewId: input.crewId, userId: input.userId } });
  emit(crewChanged(input.crewId));
  return loadCrew(tx, input.crewId);
}
