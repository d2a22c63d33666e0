import type { TenantTransaction } from "@fieldops/db";

/**
 * Deletes the crew, its hours, breaks and memberships. Its visits stay and become unassigned (visits.crewId is set
 * to null by the foreign key). Deleting a crew that is already gone (or never was the company's) succeeds and
 * changes nothing, so a retried delete is harmless.
 */
export async function deleteCrew(tx: TenantTransaction, input: { crewId: string }): Promise<void> {
  await tx.crew.deleteMany({ where: { id: input.crewId } });
}
