import type { TenantTransaction } from "@fieldops/db";
import type { CreateCrewRequest, Crew } from "@fieldops/shared/crews";
import { checkNewMembers } from "./crew-members.ts";
import { checkCrewSchedule } from "./check-crew-schedule.ts";
import { loadCrew } from "./crew-view.ts";
import { breakRows, workingHoursRows } from "./crew-schedule-rows.ts";

export async function createCrew(
  tx: TenantTransaction,
  input: CreateCrewRequest & { companyId: string },
): Promise<Crew> {
  checkCrewSchedule(input);
  const memberIds = [...new Set(input.memberIds ?? [])];
  await checkNewMembers(tx, memberIds, null);
  const crew = await tx.crew.create({
    data: { companyId: input.companyId, name: input.name, color: input.color, skills: input.skills ?? [] },
    select: { id: true },
  });
  await tx.crewWorkingHours.createMany({ data: workingHoursRows(input.companyId, crew.id, input.workingHours ?? []) });
  await tx.crewBreak.createMany({ data: breakRows(input.companyId, crew.id, input.breaks ?? []) });
  await tx.crewMember.createMany({
    data: memberIds.map((userId) => ({ companyId: input.companyId, crewId: crew.id, userId })),
  });
  return loadCrew(tx, crew.id);
}
