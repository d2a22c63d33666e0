import { Prisma } from "@fieldops/db";
import { addDays, dayInTimeZone, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import type { JobStatus } from "@fieldops/shared/job-status";

/**
 * A job's status is derived from its visits by one rule, written in SQL in the job_status migration: triggers keep
 * what does not depend on the day on the job row (undatedStatus, firstBookedStart: job_status_facts), in the same
 * transaction as any change of its visits, and job_status_on reads the status on a given day from them. This file is
 * how queries ask for it.
 */

/** The company's today, from its first moment to the next day's (UTC wall-clock values, as timestamps are stored). */
export interface CompanyDay {
  start: Date;
  end: Date;
}

export function companyDay(now: Date, timeZone: string): CompanyDay {
  const today = dayInTimeZone(now, timeZone);
  return { start: startOfDayInTimeZone(today, timeZone), end: startOfDayInTimeZone(addDays(today, 1), timeZone) };
}

/** The status on `day` of the job `j` of the query. */
export function jobStatusOn(day: CompanyDay): Prisma.Sql {
  return Prisma.sql`job_status_on(j."undatedStatus", j."firstBookedStart", ${day.start}::timestamp, ${day.end}::timestamp)`;
}

/**
 * What a job of `status` on `day` must have in its stored columns, so that the jobs of one status are found through
 * the indexes on them (never stricter than the status: the status itself is compared too).
 */
function storedCandidates(status: JobStatus, day: CompanyDay): Prisma.Sql {
  switch (status) {
    case "late":
      return Prisma.sql`j."firstBookedStart" < ${day.start}::timestamp`;
    case "today":
      return Prisma.sql`((j."firstBookedStart" >= ${day.start}::timestamp AND j."firstBookedStart" < ${day.end}::timestamp) OR j."undatedStatus" = 'today')`;
    default:
      return Prisma.sql`j."undatedStatus" = ${status}`;
  }
}

/** The job `j` of the query is of `status` on `day`. */
export function jobStatusIs(status: JobStatus, day: CompanyDay): Prisma.Sql {
  return Prisma.sql`${storedCandidates(status, day)} AND ${jobStatusOn(day)} = ${status}`;
}
