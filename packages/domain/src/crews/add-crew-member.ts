import type { Crew } from "@fieldops/shared/crews";
import type { TenantScope } from "../tenant-scope.ts";
import { checkNewMembers } from "./crew-members.ts";
import { loadCrew, MANAGER } from "./crew-view.ts";
import { crewChanged } from "./crews-events.ts";

/** Adds a user of the company to the crew; adding someone already in it changes nothing. Announces the crew. */
export async function addCrewMember(
  { tx, companyId, emit }: TenantScope,
  input: { crewId: string; userId: string },
): Promise<Crew> {
  await loadCrew(tx, input.crewId, MANAGER);
  await checkNewMembers(tx, [input.userId], input.crewId);
  await tx.crewMember.createMany({
    data: [{ crewId: input.crewId, userId: input.userId, companyId }],
    skipDuplicates: true,
  });
  emit(crewChanged(input.crewId));
  return loadCrew(tx, input.crewId, MANAGER);
}
