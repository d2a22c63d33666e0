import { Prisma, type TenantTransaction } from "@fieldops/db";
import { addDays, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import {
  MAX_RANGE_VISITS,
  MAX_SCHEDULE_DAYS,
  UNASSIGNED_QUEUE_LIMIT,
  type CrewDay,
  type ScheduleQuery,
  type ScheduleResponse,
  type ScheduleVisit,
} from "@fieldops/shared/schedule";
import type { VisitStatus } from "@fieldops/shared/visit-lifecycle";
import { toCrewPlan, type CrewPlanRow } from "../crews/crew-view.ts";
import { invalidInput } from "../errors.ts";

/** The longest a visit lasts (the schedule request's maximum), so that a visit starting before the range is found by its start. */
const LONGEST_VISIT_MS = 24 * 3600 * 1000;

interface VisitRow {
  id: string;
  jobId: string;
  jobNumber: number;
  jobTitle: string;
  customerName: string;
  propertyLabel: string | null;
  requiredSkills: string[];
  crewId: string | null;
  status: VisitStatus;
  scheduledStart: Date | null;
  scheduledEnd: Date | null;
  durationMinutes: number;
  version: number;
  createdAt: Date;
}

const visitColumns = Prisma.sql`
  v.id, v."jobId", j.number AS "jobNumber", j.title AS "jobTitle", c.name AS "customerName",
  CASE WHEN p.id IS NULL THEN NULL ELSE coalesce(p.name, p.street || ', ' || p.city) END AS "propertyLabel",
  j."requiredSkills", v."crewId", v.status::text AS status, v."scheduledStart", v."scheduledEnd", v."durationMinutes",
  v.version, v."createdAt"`;
const visitSources = Prisma.sql`
  FROM visits v
  JOIN jobs j ON j.id = v."jobId"
  JOIN customers c ON c.id = j."customerId"
  LEFT JOIN customer_properties p ON p.id = j."propertyId"`;

function toScheduleVisit(row: VisitRow): ScheduleVisit {
  return {
    id: row.id,
    jobId: row.jobId,
    jobNumber: row.jobNumber,
    jobTitle: row.jobTitle,
    customerName: row.customerName,
    propertyLabel: row.propertyLabel,
    requiredSkills: row.requiredSkills,
    crewId: row.crewId,
    status: row.status,
    start: row.scheduledStart?.toISOString() ?? null,
    end: row.scheduledEnd?.toISOString() ?? null,
    durationMinutes: row.durationMinutes,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The schedule of a day or a week on the company's calendar: every crew with its hours and breaks, the visits that
 * overlap the range (for several days, up to MAX_RANGE_VISITS of them), each crew's load per day, and the queue of
 * open jobs' visits still without a time or a crew. The same four queries whatever
 * the size of the company; the visits are found through the (companyId, scheduledStart, …) index and the queue through
 * (companyId, crewId, createdAt).
 */
export async function getSchedule(tx: TenantTransaction, input: ScheduleQuery): Promise<ScheduleResponse> {
  if (input.to < input.from) throw invalidInput("The range ends before it starts", "to");
  if (input.to > addDays(input.from, MAX_SCHEDULE_DAYS - 1))
    throw invalidInput(`The schedule covers at most ${MAX_SCHEDULE_DAYS} days at once`, "to");
  // The company's time zone and its crews with their hours and breaks, in one statement.
  const [{ timeZone, crews }] = await tx.$queryRaw<[{ timeZone: string; crews: CrewPlanRow[] }]>`
    SELECT c."timeZone", coalesce((
      SELECT json_agg(json_build_object(
        'id', cr.id, 'name', cr.name, 'color', cr.color, 'skills', cr.skills,
        'workingHours', (
          SELECT coalesce(json_agg(json_build_object(
            'weekday', h.weekday, 'startMinute', h."startMinute", 'endMinute', h."endMinute") ORDER BY h.weekday), '[]')
          FROM crew_working_hours h WHERE h."crewId" = cr.id),
        'breaks', (
          SELECT coalesce(json_agg(json_build_object(
            'windowStartMinute', b."windowStartMinute", 'windowEndMinute', b."windowEndMinute",
            'durationMinutes', b."durationMinutes") ORDER BY b."windowStartMinute"), '[]')
          FROM crew_breaks b WHERE b."crewId" = cr.id)
      ) ORDER BY cr.name, cr.id)
      FROM crews cr), '[]') AS crews
    FROM companies c`;
  const rangeStart = startOfDayInTimeZone(input.from, timeZone);
  const rangeEnd = startOfDayInTimeZone(addDays(input.to, 1), timeZone);
  const earliestStart = new Date(rangeStart.getTime() - LONGEST_VISIT_MS);
  const inRange = Prisma.sql`v."scheduledStart" >= ${earliestStart}::timestamp AND v."scheduledStart" < ${rangeEnd}::timestamp
    AND v."scheduledEnd" > ${rangeStart}::timestamp AND v.status <> 'canceled'`;
  // Each visit counts on the company's day it starts; the days (two before the range, for a visit that began then
  // and runs into it, whatever the clock change) are given as bounds, so that each is one range of the index.
  const days: string[] = [];
  for (let day = addDays(input.from, -2); day <= input.to; day = addDays(day, 1)) days.push(day);
  const dayStarts = [...days, addDays(input.to, 1)].map((day) => startOfDayInTimeZone(day, timeZone).toISOString());
  // The (companyId, scheduledStart, …) index holds every column read here: a week at scale reads no table page.
  // The day is compared byte by byte ("C"): sorting thousands of visits by it in a language's collation costs more
  // than reading them.
  const crewDays = await tx.$queryRaw<CrewDay[]>`
    SELECT v."crewId", d.day COLLATE "C" AS day, count(*)::int AS visits,
      sum(v."durationMinutes")::int AS "bookedMinutes"
    FROM unnest(${days}::text[], ${dayStarts.slice(0, -1)}::timestamp[], ${dayStarts.slice(1)}::timestamp[])
      AS d(day, starts, ends)
    JOIN visits v ON v."scheduledStart" >= d.starts AND v."scheduledStart" < d.ends
    WHERE ${inRange}
    GROUP BY 1, 2
    ORDER BY 2, 1`;
  const visitCount = crewDays.reduce((sum, crewDay) => sum + crewDay.visits, 0);
  const visitsOmitted = input.to > input.from && visitCount > MAX_RANGE_VISITS;
  // Run whether or not the visits are wanted (a false condition costs nothing), so that a request is the same
  // statements in a company of any size.
  const visits = await tx.$queryRaw<VisitRow[]>`
    SELECT ${visitColumns} ${visitSources}
    WHERE ${inRange} AND ${!visitsOmitted}::boolean
    ORDER BY v."scheduledStart", v.id`;
  // The first of the queue, each with how many there are in all (counted before the limit).
  const unassigned = await tx.$queryRaw<(VisitRow & { total: number })[]>`
    SELECT ${visitColumns}, count(*) OVER ()::int AS total ${visitSources}
    WHERE v."crewId" IS NULL AND v.status IN ('unscheduled', 'scheduled') AND j."closedAt" IS NULL
    ORDER BY v."createdAt", v.id
    LIMIT ${UNASSIGNED_QUEUE_LIMIT}`;
  return {
    timeZone,
    from: input.from,
    to: input.to,
    rangeStart: rangeStart.toISOString(),
    rangeEnd: rangeEnd.toISOString(),
    crews: crews.map(toCrewPlan),
    visits: visits.map(toScheduleVisit),
    visitsOmitted,
    crewDays,
    unassigned: unassigned.map(toScheduleVisit),
    unassignedTotal: unassigned[0]?.total ?? 0,
  };
}
