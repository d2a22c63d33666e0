import type { TenantTransaction } from "@fieldops/db";
import type { CrewInput, Location, VisitInput } from "@fieldops/route-optimizer";
import { addDays, dayInTimeZone, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import { notFound } from "../errors.ts";
import { BOOKED_STATUSES } from "../schedule/assert-visit-placements.ts";
import type { CrewRules, PlacedVisit } from "../schedule/placement-rules.ts";

/** Statuses the optimizer may move; in-progress and completed visits stay where they are. */
const MOVABLE_STATUSES = ["scheduled", "dispatched"] as const;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

export interface DayVisit {
  id: string;
  jobId: string;
  jobTitle: string;
  version: number;
  /** The crew it is on now; null in the unassigned queue. */
  crewId: string | null;
  status: string;
  scheduledStart: Date | null;
  scheduledEnd: Date | null;
  durationMinutes: number;
  location: Location;
  skills: string[];
  arrivalWindowMinutes: number | null;
}

export interface DayCrew {
  id: string;
  name: string;
  rules: CrewRules;
  /** False when the crew has no start location and was given the middle of the day's visits. */
  hasStart: boolean;
}

/**
 * One day of a company in the optimizer's terms. Model times are seconds after `dayStart` (the company's local
 * midnight, counted as elapsed time, as the placement rules count them).
 */
export interface DayModel {
  date: string;
  timeZone: string;
  dayStart: Date;
  crews: DayCrew[];
  /** The visits the optimizer may place (scheduled or dispatched, on these crews or unassigned). */
  visits: DayVisit[];
  /** Movable visits whose address has no location: left where they are, out of the plan, and said so. */
  unlocated: { id: string; jobTitle: string; crewId: string | null }[];
  /** Every visit of these crews that day that holds their time (movable ones included), for the placement rules. */
  booked: (PlacedVisit & { crewId: string })[];
  problem: { visits: VisitInput[]; crews: CrewInput[] };
  /** Crew id -> its movable visits in their current order. */
  currentOrder: Map<string, string[]>;
  notes: string[];
}

export const toSeconds = (model: Pick<DayModel, "dayStart">, at: Date) =>
  (at.getTime() - model.dayStart.getTime()) / 1000;
/** A model time as a moment, rounded up to the whole minute (durations are whole minutes, so order is kept). */
export const toMoment = (model: Pick<DayModel, "dayStart">, seconds: number) =>
  new Date(model.dayStart.getTime() + Math.ceil(Math.round(seconds) / 60) * 60_000);

const centroid = (locations: readonly Location[]): Location =>
  locations.length === 0
    ? { lat: 0, lon: 0 }
    : {
        lat: locations.reduce((a, l) => a + l.lat, 0) / locations.length,
        lon: locations.reduce((a, l) => a + l.lon, 0) / locations.length,
      };

/** The moment a fixed (in progress or completed) visit frees its crew. */
function freedAt(visit: {
  status: string;
  startedAt: Date | null;
  completedAt: Date | null;
  scheduledStart: Date | null;
  scheduledEnd: Date | null;
  durationMinutes: number;
}): Date | null {
  if (visit.status === "completed") return visit.completedAt ?? visit.scheduledEnd;
  const started = visit.startedAt ?? visit.scheduledStart;
  const expected = started ? new Date(started.getTime() + visit.durationMinutes * 60_000) : null;
  if (!expected) return visit.scheduledEnd;
  return visit.scheduledEnd && visit.scheduledEnd > expected ? visit.scheduledEnd : expected;
}

/**
 * Builds the optimizer's problem for `date` and the given crews (every crew when none is given):
 * - visits: the day's scheduled and dispatched visits of those crews plus the unassigned ones dated that day, at
 *   their job's property (the customer's address when the job has none), with their duration and the job's skills;
 * - time windows: a visit with `arrivalWindowMinutes` must start within that many minutes of its scheduled start;
 *   any other visit may go anywhere in the crew's hours;
 * - crews: their hours that weekday (crews off that day are left out, and said so), skills, breaks (anywhere in
 *   their window), start and end at `startLatitude/startLongitude` or, without one, the middle of the day's visits;
 * - a crew with in-progress or completed visits that day is planned from the last one's place and end;
 * - `from` (re-planning the rest of a day): no crew is planned before that moment.
 */
export async function loadDayModel(
  tx: TenantTransaction,
  input: { date: string; crewIds?: readonly string[]; from?: Date | null; excludeVisitIds?: readonly string[] },
): Promise<DayModel> {
  const company = await tx.company.findFirstOrThrow({ select: { timeZone: true } });
  const { timeZone } = company;
  const dayStart = startOfDayInTimeZone(input.date, timeZone);
  const dayEnd = startOfDayInTimeZone(addDays(input.date, 1), timeZone);
  const weekday = new Date(`${input.date}T00:00:00Z`).getUTCDay();
  const crewRows = await tx.crew.findMany({
    where: input.crewIds ? { id: { in: [...input.crewIds] } } : {},
    include: { workingHours: true, breaks: true },
    orderBy: { name: "asc" },
  });
  if (input.crewIds && crewRows.length !== new Set(input.crewIds).size) throw notFound("Crew not found");
  const notes: string[] = [];
  const working = crewRows.filter((crew) => {
    const works = crew.workingHours.some((hours) => hours.weekday === weekday);
    if (!works) notes.push(`${crew.name} does not work on ${WEEKDAYS[weekday]}s and was left out.`);
    return works;
  });
  const crewIds = working.map((crew) => crew.id);
  const rows = await tx.visit.findMany({
    where: {
      scheduledStart: { gte: dayStart, lt: dayEnd },
      OR: [
        { crewId: { in: crewIds }, status: { in: [...BOOKED_STATUSES] } },
        { crewId: null, status: { in: [...MOVABLE_STATUSES] } },
      ],
    },
    select: {
      id: true,
      jobId: true,
      version: true,
      crewId: true,
      status: true,
      scheduledStart: true,
      scheduledEnd: true,
      startedAt: true,
      completedAt: true,
      durationMinutes: true,
      arrivalWindowMinutes: true,
      job: {
        select: {
          title: true,
          requiredSkills: true,
          property: { select: { latitude: true, longitude: true } },
          customer: { select: { latitude: true, longitude: true } },
        },
      },
    },
    orderBy: [{ scheduledStart: "asc" }, { id: "asc" }],
  });
  const excluded = new Set(input.excludeVisitIds ?? []);
  const isMovable = (status: string) => MOVABLE_STATUSES.includes(status as (typeof MOVABLE_STATUSES)[number]);
  const unlocated: DayModel["unlocated"] = [];
  const all: (DayVisit & { freedAt: Date | null })[] = rows
    .filter((row) => !excluded.has(row.id))
    .flatMap((row) => {
      const place = row.job.property ?? row.job.customer;
      if (place.latitude === null || place.longitude === null) {
        if (isMovable(row.status)) {
          unlocated.push({ id: row.id, jobTitle: row.job.title, crewId: row.crewId });
          notes.push(`${row.job.title} has no location (check the address) and was left where it is.`);
        }
        // A visit in progress or done without a location still holds its crew's time (booked, below) but is no
        // place to plan from.
        return [];
      }
      return {
        id: row.id,
        jobId: row.jobId,
        jobTitle: row.job.title,
        version: row.version,
        crewId: row.crewId,
        status: row.status,
        scheduledStart: row.scheduledStart,
        scheduledEnd: row.scheduledEnd,
        durationMinutes: row.durationMinutes,
        location: { lat: place.latitude, lon: place.longitude },
        skills: row.job.requiredSkills,
        arrivalWindowMinutes: row.arrivalWindowMinutes,
        freedAt: isMovable(row.status) ? null : freedAt(row),
      };
    });
  const visits = all.filter((visit) => isMovable(visit.status));
  const fixed = all.filter((visit) => !visits.includes(visit));
  const middle = centroid(visits.map((visit) => visit.location));
  const model: DayModel = {
    date: input.date,
    timeZone,
    dayStart,
    crews: [],
    visits,
    unlocated,
    booked: rows
      .filter((row) => !excluded.has(row.id) && row.crewId && row.scheduledStart && row.scheduledEnd)
      .map((row) => ({
        id: row.id,
        crewId: row.crewId!,
        jobTitle: row.job.title,
        start: row.scheduledStart!,
        end: row.scheduledEnd!,
        requiredSkills: row.job.requiredSkills,
      })),
    problem: { visits: [], crews: [] },
    currentOrder: new Map(
      working.map((crew) => [crew.id, visits.filter((visit) => visit.crewId === crew.id).map((visit) => visit.id)]),
    ),
    notes,
  };
  const fromSeconds = input.from ? toSeconds(model, input.from) : -Infinity;

  for (const crew of working) {
    const hours = crew.workingHours.find((entry) => entry.weekday === weekday)!;
    const hasStart = crew.startLatitude !== null && crew.startLongitude !== null;
    const home: Location = hasStart ? { lat: crew.startLatitude!, lon: crew.startLongitude! } : middle;
    if (!hasStart)
      notes.push(`${crew.name} has no start location; its day was planned from the middle of the day's visits.`);
    const done = fixed
      .filter((visit) => visit.crewId === crew.id && visit.freedAt)
      .sort((a, b) => a.freedAt!.getTime() - b.freedAt!.getTime())
      .at(-1);
    const from = Math.max(hours.startMinute * 60, fromSeconds, done ? toSeconds(model, done.freedAt!) : -Infinity);
    const end = hours.endMinute * 60;
    const shiftStart = Math.min(Math.ceil(from), end);
    const breaks = crew.breaks
      .map((entry) => ({
        durationSeconds: entry.durationMinutes * 60,
        window: { start: Math.max(entry.windowStartMinute * 60, shiftStart), end: entry.windowEndMinute * 60 },
      }))
      .filter((entry) => entry.window.end - entry.window.start >= entry.durationSeconds);
    model.crews.push({
      id: crew.id,
      name: crew.name,
      hasStart,
      rules: { name: crew.name, skills: crew.skills, workingHours: crew.workingHours, breaks: crew.breaks },
    });
    model.problem.crews.push({
      id: crew.id,
      start: done ? done.location : home,
      end: home,
      shift: { start: shiftStart, end },
      skills: crew.skills,
      breaks,
    });
  }
  for (const visit of visits) {
    const window =
      visit.arrivalWindowMinutes !== null && visit.scheduledStart
        ? {
            start: toSeconds(model, visit.scheduledStart) - visit.arrivalWindowMinutes * 60,
            end: toSeconds(model, visit.scheduledStart) + visit.arrivalWindowMinutes * 60,
          }
        : undefined;
    model.problem.visits.push({
      id: visit.id,
      location: visit.location,
      serviceSeconds: visit.durationMinutes * 60,
      skills: visit.skills,
      timeWindow: window,
    });
  }
  return model;
}

/** Today in the company's time zone. */
export async function companyToday(tx: TenantTransaction, now: Date): Promise<string> {
  const company = await tx.company.findFirstOrThrow({ select: { timeZone: true } });
  return dayInTimeZone(now, company.timeZone);
}
