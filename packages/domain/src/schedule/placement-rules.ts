import { dayInTimeZone, startOfDayInTimeZone, WEEKDAY_NAMES, weekdayOf } from "@fieldops/shared/company-time";

export interface PlacedVisit {
  id: string;
  jobTitle: string;
  start: Date;
  end: Date;
  requiredSkills: readonly string[];
}

export interface CrewRules {
  name: string;
  skills: readonly string[];
  /** Weekday 0 = Sunday; minutes after the company's local midnight. */
  workingHours: readonly { weekday: number; startMinute: number; endMinute: number }[];
  breaks: readonly { windowStartMinute: number; windowEndMinute: number; durationMinutes: number }[];
}

export function clockTime(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
}

interface LocalSpan {
  date: string;
  weekday: number;
  startMinute: number;
  endMinute: number;
}

/** A visit's span as minutes of its local day; a visit that runs past midnight ends at minute 1440 or later. */
function localSpan(visit: { start: Date; end: Date }, timeZone: string): LocalSpan {
  const date = dayInTimeZone(visit.start, timeZone);
  const midnight = startOfDayInTimeZone(date, timeZone).getTime();
  return {
    date,
    weekday: weekdayOf(date),
    startMinute: Math.round((visit.start.getTime() - midnight) / 60_000),
    endMinute: Math.round((visit.end.getTime() - midnight) / 60_000),
  };
}

function missingSkills(crew: CrewRules, visit: PlacedVisit): string[] {
  return visit.requiredSkills.filter((skill) => !crew.skills.includes(skill));
}

function hoursProblem(crew: CrewRules, span: LocalSpan): string | null {
  const hours = crew.workingHours.find((entry) => entry.weekday === span.weekday);
  const day = WEEKDAY_NAMES[span.weekday];
  if (!hours) return `${crew.name} does not work on ${day}s`;
  if (span.startMinute < hours.startMinute || span.endMinute > hours.endMinute) {
    const asked =
      span.endMinute > 24 * 60
        ? `${clockTime(span.startMinute)} past midnight`
        : `${clockTime(span.startMinute)}–${clockTime(span.endMinute)}`;
    return `${asked} is outside ${crew.name}'s working hours on ${day} (${clockTime(hours.startMinute)}–${clockTime(hours.endMinute)})`;
  }
  return null;
}

/** Whether a break of its duration still fits in its window between the day's busy spans. */
function breakFits(entry: CrewRules["breaks"][number], busy: readonly LocalSpan[]): boolean {
  let cursor = entry.windowStartMinute;
  const inWindow = busy
    .filter((span) => span.endMinute > entry.windowStartMinute && span.startMinute < entry.windowEndMinute)
    .sort((a, b) => a.startMinute - b.startMinute);
  for (const span of inWindow) {
    if (span.startMinute - cursor >= entry.durationMinutes) return true;
    cursor = Math.max(cursor, span.endMinute);
  }
  return entry.windowEndMinute - cursor >= entry.durationMinutes;
}

/**
 * What is wrong with giving `moved` visits to a crew whose day also holds `booked` (the crew's other visits that take
 * time, moved ones included or not): a missing skill, a time outside the crew's hours, a double booking, or a break
 * that no longer fits. Null when every placement is allowed. Messages name the crew, the times and the other visit.
 */
export function placementProblem(input: {
  crew: CrewRules;
  timeZone: string;
  moved: readonly PlacedVisit[];
  booked: readonly PlacedVisit[];
}): string | null {
  const { crew, timeZone } = input;
  const movedIds = new Set(input.moved.map((visit) => visit.id));
  const booked = [...input.moved, ...input.booked.filter((visit) => !movedIds.has(visit.id))];
  for (const visit of input.moved) {
    const missing = missingSkills(crew, visit);
    if (missing.length > 0) {
      return `${crew.name} lacks the skill${missing.length > 1 ? "s" : ""} this visit needs: ${missing.join(", ")}`;
    }
    const span = localSpan(visit, timeZone);
    const hours = hoursProblem(crew, span);
    if (hours) return hours;
    const clash = booked.find((other) => other.id !== visit.id && other.start < visit.end && visit.start < other.end);
    if (clash) {
      const other = localSpan(clash, timeZone);
      return `Double booking: ${crew.name} already has ${clash.jobTitle} from ${clockTime(other.startMinute)} to ${clockTime(other.endMinute)}${other.date === span.date ? "" : ` on ${other.date}`}`;
    }
    const sameDay = booked.map((other) => localSpan(other, timeZone)).filter((other) => other.date === span.date);
    const blocked = crew.breaks.find((entry) => !breakFits(entry, sameDay));
    if (blocked) {
      return `${crew.name} would have no room for the ${blocked.durationMinutes}-minute break between ${clockTime(blocked.windowStartMinute)} and ${clockTime(blocked.windowEndMinute)}`;
    }
  }
  return null;
}
