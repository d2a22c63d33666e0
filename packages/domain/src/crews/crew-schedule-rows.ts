import { minutesFromTime, type CrewBreak, type WorkingHours } from "@fieldops/shared/crews";

export function workingHoursRows(companyId: string, crewId: string, hours: WorkingHours[]) {
  return hours.map((entry) => ({
    companyId,
    crewId,
    weekday: entry.weekday,
    startMinute: minutesFromTime(entry.start),
    endMinute: minutesFromTime(entry.end),
  }));
}

export function breakRows(companyId: string, crewId: string, breaks: CrewBreak[]) {
  return breaks.map((entry) => ({
    companyId,
    crewId,
    windowStartMinute: minutesFromTime(entry.windowStart),
    windowEndMinute: minutesFromTime(entry.windowEnd),
    durationMinutes: entry.durationMinutes,
  }));
}
