import type { TenantTransaction } from "@fieldops/db";
import type { Crew } from "@fieldops/shared/crews";
import { loadCrew } from "./crew-view.ts";

/** Removes the user from the crew; removing someone who is not in it changes nothing. */
export async function removeCrewMember(
  tx: TenantTransaction,
  input: { crewId: string; userId: string },
): Promise<Crew> {
  await loadCrew(tx, input.crewId);
  await tx.crewMember.deleteMany({ where: { crewId: input.crewId, userId: input.userId } });
  return loadCrew(tx, input.crewId);
}
