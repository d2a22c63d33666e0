import type { TenantTransaction } from "@fieldops/db";
import { addDays, dayInTimeZone, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import { conflict } from "../errors.ts";
import { placementProblem, type PlacedVisit } from "./placement-rules.ts";

/** Statuses in which a visit holds its crew's time. */
export const BOOKED_STATUSES = ["scheduled", "dispatched", "in_progress", "completed"] as const;

/**
 * Takes the crews' rows for the rest of the transaction, so that two dispatchers booking the same crew at once are
 * checked one after the other and cannot both take the last free hour. Crews are locked in id order (no deadlock).
 */
export async function lockCrews(tx: TenantTransaction, crewIds: readonly string[]): Promise<void> {
  const ids = [...new Set(crewIds)].sort();
  if (ids.length === 0) return;
  await tx.$queryRaw`SELECT id FROM crews WHERE id = ANY(${ids}::uuid[]) ORDER BY id FOR UPDATE`;
}

const placedVisit = (visit: { id: string; scheduledStart: Date; scheduledEnd: Date; job: { title: string; requiredSkills: string[] } }): PlacedVisit => ({
  id: visit.id,
  jobTitle: visit.job.title,
  start: visit.scheduledStart,
  end: visit.scheduledEnd,
  requiredSkills: visit.job.requiredSkills,
});

/**
 * Checks, after the writes of a transaction, that each of the given visits that holds a crew's time is allowed where
 * it now is (skills, working hours, no double booking, breaks still fit) and refuses with a conflict otherwise, which
 * rolls the transaction back. Checking after writing lets a batch (applying an optimized day) swap visits freely.
 * The crews must have been locked with `lockCrews` before the writes. Three queries whatever the number of visits.
 */
export async function assertVisitPlacements(tx: TenantTransaction, visitIds: readonly string[]): Promise<void> {
  if (visitIds.length === 0) return;
  const company = await tx.company.findFirstOrThrow({ select: { timeZone: true } });
  const moved = await tx.visit.findMany({
    where: { id: { in: [...visitIds] }, crewId: { not: null }, status: { in: [...BOOKED_STATUSES] }, scheduledStart: { not: null }, scheduledEnd: { not: null } },
    select: {
      id: true,
      crewId: true,
      scheduledStart: true,
      scheduledEnd: true,
      job: { select: { title: true, requiredSkills: true } },
      crew: { select: { name: true, skills: true, workingHours: true, breaks: true } },
    },
  });
  if (moved.length === 0) return;
  const { timeZone } = company;
  const days = moved.map((visit) => dayInTimeZone(visit.scheduledStart!, timeZone)).sort();
  const booked = await tx.visit.findMany({
    where: {
      crewId: { in: [...new Set(moved.map((visit) => visit.crewId!))] },
      status: { in: [...BOOKED_STATUSES] },
      // Bounded on both sides so the crew's index range stays a few days, not its whole history (a visit lasts at
      // most a day, so none starting earlier can reach the first day).
      scheduledStart: { gte: startOfDayInTimeZone(addDays(days[0]!, -2), timeZone), lt: startOfDayInTimeZone(addDays(days.at(-1)!, 2), timeZone) },
      scheduledEnd: { gt: startOfDayInTimeZone(addDays(days[0]!, -1), timeZone) },
    },
    select: { id: true, crewId: true, scheduledStart: true, scheduledEnd: true, job: { select: { title: true, requiredSkills: true } } },
  });
  for (const crewId of new Set(moved.map((visit) => visit.crewId!))) {
    const crewMoved = moved.filter((visit) => visit.crewId === crewId);
    const crew = crewMoved[0]!.crew!;
    const problem = placementProblem({
      crew,
      timeZone,
      moved: crewMoved.map((visit) => placedVisit({ ...visit, scheduledStart: visit.scheduledStart!, scheduledEnd: visit.scheduledEnd! })),
      booked: booked
        .filter((visit) => visit.crewId === crewId && visit.scheduledStart && visit.scheduledEnd)
        .map((visit) => placedVisit({ ...visit, scheduledStart: visit.scheduledStart!, scheduledEnd: visit.scheduledEnd! })),
    });
    if (problem) throw conflict(problem, "crewId");
  }
}
