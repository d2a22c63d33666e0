import type { CreateCrewRequest, Crew } from "@fieldops/shared/crews";
import type { TenantScope } from "../tenant-scope.ts";
import { checkNewMembers } from "./crew-members.ts";
import { checkCrewSchedule } from "./check-crew-schedule.ts";
import { loadCrew, MANAGER } from "./crew-view.ts";
import { breakRows, workingHoursRows } from "./crew-schedule-rows.ts";
import { crewChanged } from "./crews-events.ts";

/** A new crew with its hours, breaks and members (each in no other crew); announces it. */
export async function createCrew({ tx, companyId, emit }: TenantScope, input: CreateCrewRequest): Promise<Crew> {
  checkCrewSchedule(input);
  const memberIds = [...new Set(input.memberIds ?? [])];
  await checkNewMembers(tx, memberIds, null);
  const crew = await tx.crew.create({
    data: { companyId, name: input.name, color: input.color, skills: input.skills ?? [] },
    select: { id: true },
  });
  await tx.crewWorkingHours.createMany({ data: workingHoursRows(companyId, crew.id, input.workingHours ?? []) });
  await tx.crewBreak.createMany({ data: breakRows(companyId, crew.id, input.breaks ?? []) });
  await tx.crewMember.createMany({
    data: memberIds.map((userId) => ({ companyId, crewId: crew.id, userId })),
  });
  emit(crewChanged(crew.id));
  return loadCrew(tx, crew.id, MANAGER);
}
