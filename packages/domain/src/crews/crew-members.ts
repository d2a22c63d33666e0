import type { TenantTransaction } from "@fieldops/db";
import { conflict, invalidInput } from "../errors.ts";

export const NOT_A_TEAM_MEMBER = "This user is not a member of your team";

/**
 * Refuses users who are not the company's (row-level security hides another company's users, so they read as
 * unknown) and users already in another crew: a person works in one crew at a time, so that two crews' schedules
 * can never book the same person twice.
 */
export async function checkNewMembers(tx: TenantTransaction, userIds: string[], crewId: string | null): Promise<void> {
  if (userIds.length === 0) return;
  const users = await tx.user.findMany({
    where: { id: { in: userIds } },
    select: { id: true, name: true, crewMembers: { select: { crewId: true, crew: { select: { name: true } } } } },
  });
  if (users.length !== new Set(userIds).size) throw invalidInput(NOT_A_TEAM_MEMBER, "userId");
  for (const user of users) {
    const elsewhere = user.crewMembers.find((membership) => membership.crewId !== crewId);
    if (elsewhere)
      throw conflict(`${user.name} is already in the crew ${elsewhere.crew.name}; remove them from it first`, "userId");
  }
}
