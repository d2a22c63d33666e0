import type { Prisma, TenantTransaction } from "@fieldops/db";
import type { Crew, CrewStartInput, UpdateCrewRequest } from "@fieldops/shared/crews";
import { invalidInput, notFound } from "../errors.ts";
import type { Geocoder } from "../geocoding/geocoder.ts";
import { NO_LOCATION, resolveLocation } from "../geocoding/resolve-location.ts";
import { addressColumns, addressSelect, storedAddress } from "../geocoding/stored-address.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { checkCrewSchedule } from "./check-crew-schedule.ts";
import { CREW_NOT_FOUND, loadCrew, MANAGER } from "./crew-view.ts";
import { breakRows, workingHoursRows } from "./crew-schedule-rows.ts";
import { crewChanged } from "./crews-events.ts";

/**
 * Each field given replaces the crew's value of it: all its hours, all its breaks, all its skills, its start. Announces
 * it. A start at an address is located (an unchanged address keeps its point); one at a member's home needs a member
 * of this crew.
 */
export async function updateCrew(
  { tx, companyId, emit }: TenantScope,
  input: UpdateCrewRequest & { crewId: string },
  { geocoder }: { geocoder: Geocoder },
): Promise<Crew> {
  checkCrewSchedule(input);
  const start = input.start ? await startData(tx, input.crewId, input.start, geocoder) : {};
  const { count } = await tx.crew.updateMany({
    where: { id: input.crewId },
    data: { name: input.name, color: input.color, skills: input.skills, ...start },
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
  return loadCrew(tx, input.crewId, MANAGER);
}

/** A crew that starts at the yard (its own start forgotten). */
export const YARD_START = {
  startKind: "yard",
  ...addressColumns({ street: "", city: "", region: "", postcode: "", ...NO_LOCATION }, "start"),
  startMemberId: null,
} as const satisfies Prisma.CrewUncheckedUpdateManyInput;

async function startData(
  tx: TenantTransaction,
  crewId: string,
  start: CrewStartInput,
  geocoder: Geocoder,
): Promise<Prisma.CrewUncheckedUpdateManyInput> {
  if (start.kind === "yard") return YARD_START;
  if (start.kind === "member_home") {
    const membership = await tx.crewMember.findFirst({ where: { crewId, userId: start.memberId } });
    if (!membership) throw invalidInput("Choose a member of this crew", "start.memberId");
    return { ...YARD_START, startKind: "member_home", startMemberId: start.memberId };
  }
  const crew = await tx.crew.findUnique({
    where: { id: crewId },
    select: { startKind: true, ...addressSelect("start") },
  });
  if (!crew) throw notFound(CREW_NOT_FOUND);
  const address = { street: start.street, city: start.city, region: start.region, postcode: start.postcode };
  const stored = crew.startKind === "address" ? storedAddress(crew, "start") : undefined;
  const location = await resolveLocation(geocoder, address, start, stored);
  return { ...YARD_START, startKind: "address", ...addressColumns({ ...address, ...location }, "start") };
}
