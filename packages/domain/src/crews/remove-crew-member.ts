import type { Crew } from "@fieldops/shared/crews";
import type { TenantScope } from "../tenant-scope.ts";
import { loadCrew, MANAGER } from "./crew-view.ts";
import { crewChanged } from "./crews-events.ts";
import { YARD_START } from "./update-crew.ts";

/**
 * Removes the user from the crew; removing someone who is not in it changes nothing. A crew that started from their
 * home starts from the company's yard again. Announces the crew.
 */
export async function removeCrewMember(
  { tx, emit }: TenantScope,
  input: { crewId: string; userId: string },
): Promise<Crew> {
  await loadCrew(tx, input.crewId, MANAGER);
  const { count } = await tx.crewMember.deleteMany({ where: { crewId: input.crewId, userId: input.userId } });
  if (count > 0) {
    await tx.crew.updateMany({
      where: { id: input.crewId, startKind: "member_home", startMemberId: input.userId },
      data: YARD_START,
    });
  }
  emit(crewChanged(input.crewId));
  return loadCrew(tx, input.crewId, MANAGER);
}
