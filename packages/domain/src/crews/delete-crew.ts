import type { TenantScope } from "../tenant-scope.ts";
import { crewChanged } from "./crews-events.ts";

/**
 * Deletes the crew, its hours, breaks and memberships. Its visits stay and become unassigned. Deleting a crew that is
 * already gone (or never was the company's) succeeds and changes nothing, so a retried delete is harmless; it is
 * announced all the same.
 */
export async function deleteCrew({ tx, emit }: TenantScope, input: { crewId: string }): Promise<void> {
  // Unassigned here rather than by the foreign key, while the crew's members are still listed: the departure each
  // visit records (visit_crew_departures) names them, so their notes and photos taken offline still reach the job.
  await tx.visit.updateMany({ where: { crewId: input.crewId }, data: { crewId: null, version: { increment: 1 } } });
  await tx.crew.deleteMany({ where: { id: input.crewId } });
  emit(crewChanged(input.crewId));
}
