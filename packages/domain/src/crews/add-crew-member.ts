import type { TenantTransaction } from "@fieldops/db";
import type { Crew } from "@fieldops/shared/crews";
import { checkNewMembers } from "./crew-members.ts";
import { loadCrew } from "./crew-view.ts";

/** Adds a user of the company to the crew; adding someone already in it changes nothing. */
export async function addCrewMember(
  tx: TenantTransaction,
  input: { crewId: string; userId: string; companyId: string },
): Promise<Crew> {
  await loadCrew(tx, input.crewId);
  await checkNewMembers(tx, [input.userId], input.crewId);
  await tx.crewMember.createMany({
    data: [{ crewId: input.crewId, userId: input.userId, companyId: input.companyId }],
    skipDuplicates: true,
  });
  return loadCrew(tx, input.crewId);
}
