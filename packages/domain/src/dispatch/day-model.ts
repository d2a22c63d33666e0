import type { TenantTransaction } from "@fieldops/db";
import type { CrewInput, Location, VisitInput } from "@fieldops/route-optimizer";
import { addDays, dayInTimeZone, startOfDayInTimeZone, WEEKDAY_NAMES, weekdayOf } from "@fieldops/shared/company-time";
import { crewStartSelect, resolveCrewStart, yardSelect } from "../crews/crew-start.ts";
import { notFound } from "../errors.ts";
import { BOOKED_STATUSES } from "../schedule/assert-visit-placements.ts";
import type { CrewRules, PlacedVisit } from "../schedule/placement-rules.ts";

/** Statuses the optimizer may move; in-progress and completed visits stay where they are. */
const MOVABLE_STATUSES = ["scheduled", "dispatched"] as const;

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
  /** Where its day starts and ends, in words. */
  startLabel: string;
  /** Its own breaks come first in the solver's `breaks`; the rest hold the time of its visits without a location. */
  breakCount: number;
}

/** A movable visit whose address has no location: it stays where it is, out of the plan. */
export interface UnlocatedVisit {
  id: string;
  jobTitle: string;
  crewId: string | null;
  customerId: string;
  version: number;
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
  /**
   * Movable visits whose address has no location: left where they are, out of the plan, and said so; on a crew of the
   * plan, their time stays blocked, so the rest of the day is planned around them.
   */
  unlocated: UnlocatedVisit[];
  /** Every visit of these crews that day that holds their time (movable ones included), for the placement rules. */
  booked: (PlacedVisit & { crewId: string })[];
  problem: { visits: VisitInput[]; crews: CrewInput[] };
  /** Crew id -> its movable visits in their current order. */
  currentOrder: Map<string, string[]>;
  /** Proposed times are rounded up to this many minutes (the company's slot). */
  slotMinutes: number;
  notes: string[];
}

export const toSeconds = (model: Pick<DayModel, "dayStart">, at: Date) =>
  (at.getTime() - model.dayStart.getTime()) / 1000;
/** A model time as a moment, rounded up to the whole minute (durations are whole minutes, so order is kept). */
export const toMoment = (model: Pick<DayModel, "dayStart">, seconds: number) =>
  new Date(model.dayStart.getTime() + Math.ceil(Math.round(seconds) / 60) * 60_000);

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
 * - visits: the day's scheduled and dispatched visits of those crews plus the unassigned ones dated that day of open
 *   jobs (the board's queue), at
 *   their job's property (the customer's address when the job has none), with their duration and the job's skills;
 * - time windows: a visit with `arrivalWindowMinutes` must start within that many minutes of its scheduled start;
 *   any other visit may go anywhere in the crew's hours;
 * - crews: their hours that weekday (crews off that day are left out, and said so), skills, breaks (anywhere in
 *   their window), starting and ending at the company's yard, their own address or a member's home; a crew whose
 *   start has no location is left out with the reason (nothing stands in for it), its visits staying as they are;
 * - a movable visit without a location stays where it is, out of the plan; on a crew of the plan its time is held
 *   like a break at exactly that time, so nothing else is planned over it;
 * - a crew with in-progress or completed visits that day is planned from after the last one ends, from its place
 *   when it has one;
 * - `from` (re-planning the rest of a day): no crew is planned before that moment.
 */
export async function loadDayModel(
  tx: TenantTransaction,
  input: { date: string; crewIds?: readonly string[]; from?: Date | null; excludeVisitIds?: readonly string[] },
): Promise<DayModel> {
  const company = await tx.company.findFirstOrThrow({
    select: { timeZone: true, scheduleSlotMinutes: true, ...yardSelect },
  });
  const { timeZone } = company;
  const dayStart = startOfDayInTimeZone(input.date, timeZone);
  const dayEnd = startOfDayInTimeZone(addDays(input.date, 1), timeZone);
  const weekday = weekdayOf(input.date);
  const crewRows = await tx.crew.findMany({
    where: input.crewIds ? { id: { in: [...input.crewIds] } } : {},
    select: { ...crewStartSelect, name: true, skills: true, workingHours: true, breaks: true },
    orderBy: { name: "asc" },
  });
  if (input.crewIds && crewRows.length !== new Set(input.crewIds).size) throw notFound("Crew not found");
  const notes: string[] = [];
  const working = crewRows.flatMap((crew) => {
    if (!crew.workingHours.some((hours) => hours.weekday === weekday)) {
      notes.push(`${crew.name} does not work on ${WEEKDAY_NAMES[weekday]}s and was left out.`);
      return [];
    }
    const start = resolveCrewStart(crew, company, { showHomes: true });
    if (!start.point) {
      notes.push(`${crew.name} was left out (its visits stay as they are). ${start.problem}.`);
      return [];
    }
    return [{ ...crew, start: { ...start, point: start.point } }];
  });
  const crewIds = working.map((crew) => crew.id);
  const rows = await tx.visit.findMany({
    where: {
      scheduledStart: { gte: dayStart, lt: dayEnd },
      OR: [
        { crewId: { in: crewIds }, status: { in: [...BOOKED_STATUSES] } },
        // The unassigned queue as the board shows it: a closed job's visits are not waiting for a crew.
        { crewId: null, status: { in: [...MOVABLE_STATUSES] }, job: { closedAt: null } },
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
          customerId: true,
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
  const dayVisit = (row: (typeof rows)[number], location: Location | null) => ({
    id: row.id,
    jobId: row.jobId,
    jobTitle: row.job.title,
    version: row.version,
    crewId: row.crewId,
    status: row.status,
    scheduledStart: row.scheduledStart,
    scheduledEnd: row.scheduledEnd,
    durationMinutes: row.durationMinutes,
    location,
    skills: row.job.requiredSkills,
    arrivalWindowMinutes: row.arrivalWindowMinutes,
  });
  const unlocated: UnlocatedVisit[] = [];
  const blocked: { crewId: string; start: Date; end: Date }[] = [];
  const all = rows
    .filter((row) => !excluded.has(row.id))
    .flatMap((row) => {
      const place = row.job.property ?? row.job.customer;
      if (place.latitude === null || place.longitude === null) {
        if (!isMovable(row.status)) {
          // A visit in progress or done without a location still holds its crew's time but is no place to plan
          // from.
          return [{ ...dayVisit(row, null), freedAt: freedAt(row), located: false }];
        }
        unlocated.push({
          id: row.id,
          jobTitle: row.job.title,
          crewId: row.crewId,
          customerId: row.job.customerId,
          version: row.version,
        });
        if (row.crewId && row.scheduledStart && row.scheduledEnd)
          blocked.push({ crewId: row.crewId, start: row.scheduledStart, end: row.scheduledEnd });
        return [];
      }
      const location = { lat: place.latitude, lon: place.longitude };
      return [{ ...dayVisit(row, location), freedAt: isMovable(row.status) ? null : freedAt(row), located: true }];
    });
  const visits: DayVisit[] = all.flatMap((visit) =>
    isMovable(visit.status) && visit.location ? [{ ...visit, location: visit.location }] : [],
  );
  const fixed = all.filter((visit) => !isMovable(visit.status));
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
    slotMinutes: company.scheduleSlotMinutes,
    notes,
  };
  const fromSeconds = input.from ? toSeconds(model, input.from) : -Infinity;

  for (const crew of working) {
    const hours = crew.workingHours.find((entry) => entry.weekday === weekday)!;
    const home: Location = crew.start.point;
    const done = fixed
      .filter((visit) => visit.crewId === crew.id && visit.freedAt)
      .sort((a, b) => a.freedAt!.getTime() - b.freedAt!.getTime())
      .at(-1);
    if (done && !done.located)
      notes.push(`${crew.name}'s "${done.jobTitle}" has no location: the rest of its day was planned from its start.`);
    const from = Math.max(hours.startMinute * 60, fromSeconds, done ? toSeconds(model, done.freedAt!) : -Infinity);
    const end = hours.endMinute * 60;
    const shiftStart = Math.min(Math.ceil(from), end);
    const breaks = crew.breaks
      .map((entry) => ({
        durationSeconds: entry.durationMinutes * 60,
        window: { start: Math.max(entry.windowStartMinute * 60, shiftStart), end: entry.windowEndMinute * 60 },
      }))
      .filter((entry) => entry.window.end - entry.window.start >= entry.durationSeconds);
    // A visit left where it is for want of a location holds its crew's time: a "break" that must be taken then.
    const holds = blocked
      .filter((block) => block.crewId === crew.id)
      .map((block) => ({
        start: Math.max(toSeconds(model, block.start), shiftStart),
        end: Math.min(toSeconds(model, block.end), end),
      }))
      .filter((span) => span.end > span.start)
      .map((span) => ({ durationSeconds: span.end - span.start, window: span }));
    model.crews.push({
      id: crew.id,
      name: crew.name,
      startLabel: crew.start.label,
      breakCount: breaks.length,
      rules: { name: crew.name, skills: crew.skills, workingHours: crew.workingHours, breaks: crew.breaks },
    });
    model.problem.crews.push({
      id: crew.id,
      start: done?.location ?? home,
      end: home,
      shift: { start: shiftStart, end },
      skills: crew.skills,
      breaks: [...breaks, ...holds],
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
