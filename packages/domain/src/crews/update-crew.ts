import type { Crew, UpdateCrewRequest } from "@fieldops/shared/crews";
import { notFound } from "../errors.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { checkCrewSchedule } from "./check-crew-schedule.ts";
import { CREW_NOT_FOUND, loadCrew } from "./crew-view.ts";
import { breakRows, workingHoursRows } from "./crew-schedule-rows.ts";
import { crewChanged } from "./crews-events.ts";

/** Each field given replaces the crew's value of it: all its hours, all its breaks, all its skills. Announces it. */
export async function updateCrew(
  { tx, companyId, emit }: TenantScope,
  input: UpdateCrewRequest & { crewId: string },
): Promise<Crew> {
  checkCrewSchedule(input);
  const { count } = await tx.crew.updateMany({
    where: { id: input.crewId },
    data: { name: input.name, color: input.color, skills: input.skills },
  });
  if (count === 0) throw notFound(CREW_NOT_FOUND);
  if (input.workingHours) {
    await tx.crewWorkingHours.deleteMany({ where: { crewId: input.crewId } });
    await tx.crewWorkingHours.createMany({ data: workingHoursRows(companyId, input.crewId, input.workingHours) });
  }
  if (input.breaks) {
    await tx.crewBreak.deleteMany({ where: { crewId: input.crewId } });
    await tx.crewBreak.createMany({ data: breakRows(companyId, input.crewId, input.breaks) });
  }
  emit(crewChanged(input.crewId));
  return loadCrew(tx, input.crewId);
}
