import type { TenantScope } from "../tenant-scope.ts";
import { crewChanged } from "./crews-events.ts";

/**
 * Deletes the crew, its hours, breaks and memberships. Its visits stay and become unassigned (visits.crewId is set
 * to null by the foreign key). Deleting a crew that is already gone (or never was the company's) succeeds and
 * changes nothing, so a retried delete is harmless; it is announced all the same.
 */
export async function deleteCrew({ tx, emit }: TenantScope, input: { crewId: string }): Promise<void> {
  await tx.crew.deleteMany({ where: { id: input.crewId } });
  emit(crewChanged(input.crewId));
}
