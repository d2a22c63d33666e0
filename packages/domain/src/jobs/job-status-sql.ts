import { Prisma } from "@fieldops/db";

/**
 * What a job's visits say of it, for the job `j` of the query: joined as `a` (`CROSS JOIN LATERAL`). Visit days are
 * read on the company's calendar: timestamps are stored as UTC wall-clock values.
 */
export function jobVisitFacts(input: { today: string; timeZone: string; now: Date }): Prisma.Sql {
  const { today, timeZone, now } = input;
  return Prisma.sql`CROSS JOIN LATERAL (
        SELECT count(*) AS visits,
          coalesce(bool_or(v.status IN ('scheduled', 'dispatched') AND v.day < ${today}::date), false) AS late,
          coalesce(bool_or(v.status = 'in_progress' OR (v.status IN ('scheduled', 'dispatched') AND v.day = ${today}::date)), false) AS today,
          coalesce(bool_or(v.status = 'unscheduled'), false) AS unscheduled,
          coalesce(bool_or(v.status IN ('scheduled', 'dispatched') AND v.day > ${today}::date), false) AS upcoming,
          coalesce(bool_or(v.status = 'completed'), false) AS completed,
          min(v."scheduledStart") FILTER (WHERE v.status IN ('scheduled', 'dispatched') AND v."scheduledStart" >= ${now}::timestamp) AS "nextVisitAt"
        FROM (
          SELECT status, "scheduledStart", (("scheduledStart" AT TIME ZONE 'UTC') AT TIME ZONE ${timeZone})::date AS day
          FROM visits WHERE "jobId" = j.id
        ) v
      ) a`;
}

/** The job's status from `jobVisitFacts`, by the same rules as deriveJobStatus (the integration tests hold them together). */
export const JOB_STATUS = Prisma.sql`CASE
          WHEN j."closedAt" IS NOT NULL THEN 'closed'
          WHEN a.late THEN 'late'
          WHEN a.today THEN 'today'
          WHEN a.unscheduled OR a.visits = 0 THEN 'unscheduled'
          WHEN a.upcoming THEN 'upcoming'
          WHEN j."invoicedAt" IS NULL AND a.completed THEN 'requires_invoicing'
          ELSE 'closed'
        END`;
