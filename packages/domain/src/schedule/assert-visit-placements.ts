import type { TenantTransaction } from "@fieldops/db";
import { addDays, dayInTimeZone, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import { conflict } from "../errors.ts";
import { placementProblem, type CrewRules, type PlacedVisit } from "./placement-rules.ts";

/** Statuses in which a visit holds its crew's time. */
export const BOOKED_STATUSES = ["scheduled", "dispatched", "in_progress", "completed"] as const;

/**
 * Takes the crews' rows for the rest of the transaction, so that two dispatchers booking the same crew at once are
 * checked one after the other and cannot both take the last free hour. Crews are locked in id order (no deadlock).
 * Returns the crews locked: those of the given ids that exist in the company.
 */
export async function lockCrews(
  tx: TenantTransaction,
  crewIds: readonly string[],
): Promise<{ id: string; name: string }[]> {
  const ids = [...new Set(crewIds)].sort();
  if (ids.length === 0) return [];
  return tx.$queryRaw<
    { id: string; name: string }[]
  >`SELECT id, name FROM crews WHERE id = ANY(${ids}::uuid[]) ORDER BY id FOR UPDATE`;
}

interface BookedRow {
  id: string;
  crewId: string;
  scheduledStart: Date;
  scheduledEnd: Date;
  jobTitle: string;
  requiredSkills: string[];
}

/** A moved visit, with what its check needs of its crew and of the company. */
interface MovedRow extends BookedRow {
  timeZone: string;
  crew: CrewRules;
}

const placedVisit = (visit: BookedRow): PlacedVisit => ({
  id: visit.id,
  jobTitle: visit.jobTitle,
  start: visit.scheduledStart,
  end: visit.scheduledEnd,
  requiredSkills: visit.requiredSkills,
});

/**
 * Checks, after the writes of a transaction, that each of the given visits that holds a crew's time is allowed where
 * it now is (skills, working hours, no double booking, breaks still fit) and refuses with a conflict otherwise, which
 * rolls the transaction back. Checking after writing lets a batch (applying an optimized day) swap visits freely.
 * The crews must have been locked with `lockCrews` before the writes. Two queries whatever the number of visits.
 */
export async function assertVisitPlacements(tx: TenantTransaction, visitIds: readonly string[]): Promise<void> {
  if (visitIds.length === 0) return;
  const moved = await tx.$queryRaw<MovedRow[]>`
    SELECT v.id, v."crewId", v."scheduledStart", v."scheduledEnd", j.title AS "jobTitle", j."requiredSkills",
      (SELECT co."timeZone" FROM companies co WHERE co.id = v."companyId") AS "timeZone",
      json_build_object(
        'name', c.name,
        'skills', c.skills,
        'workingHours', COALESCE((
          SELECT json_agg(json_build_object('weekday', h.weekday, 'startMinute', h."startMinute", 'endMinute', h."endMinute") ORDER BY h.weekday)
          FROM crew_working_hours h WHERE h."crewId" = c.id), '[]'),
        'breaks', COALESCE((
          SELECT json_agg(json_build_object('windowStartMinute', b."windowStartMinute", 'windowEndMinute', b."windowEndMinute", 'durationMinutes', b."durationMinutes") ORDER BY b."windowStartMinute", b.id)
          FROM crew_breaks b WHERE b."crewId" = c.id), '[]')
      ) AS crew
    FROM visits v JOIN jobs j ON j.id = v."jobId" JOIN crews c ON c.id = v."crewId"
    WHERE v.id = ANY(${[...visitIds]}::uuid[]) AND v.status = ANY(${[...BOOKED_STATUSES]}::"VisitStatus"[])
      AND v."scheduledStart" IS NOT NULL AND v."scheduledEnd" IS NOT NULL`;
  if (moved.length === 0) return;
  const { timeZone } = moved[0]!;
  const days = moved.map((visit) => dayInTimeZone(visit.scheduledStart, timeZone)).sort();
  const crewIds = [...new Set(moved.map((visit) => visit.crewId))];
  // Bounded on both sides so the crew's index range stays a few days, not its whole history (a visit lasts at most a
  // day, so none starting earlier can reach the first day).
  const booked = await tx.$queryRaw<BookedRow[]>`
    SELECT v.id, v."crewId", v."scheduledStart", v."scheduledEnd", j.title AS "jobTitle", j."requiredSkills"
    FROM visits v JOIN jobs j ON j.id = v."jobId"
    WHERE v."crewId" = ANY(${crewIds}::uuid[]) AND v.status = ANY(${[...BOOKED_STATUSES]}::"VisitStatus"[])
      AND v."scheduledStart" >= ${startOfDayInTimeZone(addDays(days[0]!, -2), timeZone)}::timestamp
      AND v."scheduledStart" < ${startOfDayInTimeZone(addDays(days.at(-1)!, 2), timeZone)}::timestamp
      AND v."scheduledEnd" > ${startOfDayInTimeZone(addDays(days[0]!, -1), timeZone)}::timestamp
    ORDER BY v."scheduledStart", v.id`;
  for (const crewId of crewIds) {
    const crewMoved = moved.filter((visit) => visit.crewId === crewId);
    const problem = placementProblem({
      crew: crewMoved[0]!.crew,
      timeZone,
      moved: crewMoved.map(placedVisit),
      booked: booked.filter((visit) => visit.crewId === crewId).map(placedVisit),
    });
    if (problem) throw conflict(problem, "crewId");
  }
}
