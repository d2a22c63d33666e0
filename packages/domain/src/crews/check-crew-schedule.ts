import { minutesFromTime, type CrewBreak, type WorkingHours } from "@fieldops/shared/crews";
import { invalidInput } from "../errors.ts";

/** Each weekday at most once, each day's end after its start, each break window in order. */
export function checkCrewSchedule(input: {
  workingHours?: WorkingHours[] | undefined;
  breaks?: CrewBreak[] | undefined;
}): void {
  const seen = new Set<number>();
  input.workingHours?.forEach((hours, index) => {
    if (seen.has(hours.weekday))
      throw invalidInput("Each weekday can have one set of hours", `workingHours.${index}.weekday`);
    seen.add(hours.weekday);
    if (minutesFromTime(hours.end) <= minutesFromTime(hours.start)) {
      throw invalidInput("The end must be after the start", `workingHours.${index}.end`);
    }
  });
  input.breaks?.forEach((entry, index) => {
    if (minutesFromTime(entry.windowEnd) < minutesFromTime(entry.windowStart)) {
      throw invalidInput("The break window must not end before it starts", `breaks.${index}.windowEnd`);
    }
  });
}
