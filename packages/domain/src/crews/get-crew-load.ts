import type { CrewLoad } from "@fieldops/shared/crews";
import { notFound } from "../errors.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { CREW_NOT_FOUND } from "./crew-view.ts";
import { addDays, dayInTimeZone, mondayOf, startOfDayInTimeZone } from "@fieldops/shared/company-time";

/**
 * A crew's load over one week (Monday to Sunday in the company's time zone): per day, its visits that are not
 * canceled, the minutes they are scheduled for, and the crew's working minutes (its hours less its breaks).
 */
export async function getCrewLoad(
  { tx, companyId }: Pick<TenantScope, "tx" | "companyId">,
  input: { crewId: string; week?: string | undefined; now?: Date },
): Promise<CrewLoad> {
  const company = await tx.company.findUniqueOrThrow({ where: { id: companyId }, select: { timeZone: true } });
  const crew = await tx.crew.findUnique({
    where: { id: input.crewId },
    select: { id: true, workingHours: true, breaks: true },
  });
  if (!crew) throw notFound(CREW_NOT_FOUND);
  const { timeZone } = company;
  const weekStart = mondayOf(input.week ?? dayInTimeZone(input.now ?? new Date(), timeZone));
  const dates = Array.from({ length: 7 }, (_, index) => addDays(weekStart, index));
  const visits = await tx.visit.findMany({
    where: {
      crewId: crew.id,
      status: { not: "canceled" },
      scheduledStart: {
        gte: startOfDayInTimeZone(weekStart, timeZone),
        lt: startOfDayInTimeZone(addDays(weekStart, 7), timeZone),
      },
    },
    select: { scheduledStart: true, scheduledEnd: true, durationMinutes: true },
  });
  const breakMinutes = crew.breaks.reduce((sum, entry) => sum + entry.durationMinutes, 0);
  const days = dates.map((date) => {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const hours = crew.workingHours.find((entry) => entry.weekday === weekday);
    const workingMinutes = hours ? Math.max(0, hours.endMinute - hours.startMinute - breakMinutes) : 0;
    return { date, visits: 0, scheduledMinutes: 0, workingMinutes };
  });
  for (const visit of visits) {
    if (!visit.scheduledStart) continue;
    const day = days[dates.indexOf(dayInTimeZone(visit.scheduledStart, timeZone))];
    if (!day) continue;
    day.visits += 1;
    day.scheduledMinutes += visit.scheduledEnd
      ? Math.round((visit.scheduledEnd.getTime() - visit.scheduledStart.getTime()) / 60_000)
      : visit.durationMinutes;
  }
  return {
    crewId: crew.id,
    weekStart,
    timeZone,
    days,
    visits: days.reduce((sum, day) => sum + day.visits, 0),
    scheduledMinutes: days.reduce((sum, day) => sum + day.scheduledMinutes, 0),
    workingMinutes: days.reduce((sum, day) => sum + day.workingMinutes, 0),
  };
}
