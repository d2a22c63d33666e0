import { Prisma, type TenantTransaction } from "@fieldops/db";
import { type JobStatus } from "@fieldops/shared/job-status";
import { JOB_STATUS, jobVisitFacts } from "./job-status-sql.ts";
import { addDays, dayInTimeZone, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import type { JobListResponse, ListJobsQuery } from "@fieldops/shared/jobs";
import { invalidInput } from "../errors.ts";

interface Cursor {
  createdAt: Date;
  id: string;
}

export function encodeJobCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString("base64url");
}

function decodeJobCursor(value: string): Cursor {
  const [at, id] = Buffer.from(value, "base64url").toString().split("|");
  const createdAt = new Date(at ?? "");
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(createdAt.getTime()))
    throw invalidInput("The cursor is not valid", "cursor");
  return { createdAt, id };
}

/**
 * Jobs whose title or customer's name contains `search` (ignoring case; served by the trigram index on searchText,
 * which triggers keep in step), or whose number it is ("42" or "#42").
 */
export function jobSearchFilter(search: string): Prisma.Sql {
  // The term's own LIKE wildcards and escape character are escaped first.
  const pattern = `%${search
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, "\\$&")}%`;
  const text = Prisma.sql`j."searchText" LIKE ${pattern}`;
  const number = /^#?\d{1,9}$/.exec(search.trim()) ? Number(search.trim().replace("#", "")) : null;
  return number === null ? text : Prisma.sql`(${text} OR j.number = ${number})`;
}

interface Row {
  id: string;
  number: number;
  title: string;
  customerId: string;
  customerName: string;
  recurrence: string | null;
  createdAt: Date;
  status: JobStatus;
  nextVisitAt: Date | null;
  totalCents: number;
}

/** A job that has a visit matching `condition` (on the alias `sv`). */
const hasVisit = (condition: Prisma.Sql) =>
  Prisma.sql`EXISTS (SELECT 1 FROM visits sv WHERE sv."jobId" = j.id AND ${condition})`;
const open = Prisma.sql`j."closedAt" IS NULL`;
const booked = Prisma.sql`sv.status IN ('scheduled', 'dispatched')`;

/**
 * What a job of a rare status must have, cheap to find from the visits: without it, the page would derive the status
 * of every job of the company to find the few late, today's or unscheduled ones. Each condition is implied by the
 * status (never stricter), which is still derived and filtered on below. The common statuses have none: walking the
 * newest jobs finds a page of them sooner. `todayStart` and `tomorrowStart` bound the company's today.
 */
function rareStatusCandidates(status: JobStatus, todayStart: Date, tomorrowStart: Date): Prisma.Sql | null {
  switch (status) {
    case "late":
      return Prisma.sql`${open} AND ${hasVisit(Prisma.sql`${booked} AND sv."scheduledStart" < ${todayStart}::timestamp`)}`;
    case "today":
      return Prisma.sql`${open} AND ${hasVisit(Prisma.sql`(sv.status = 'in_progress' OR (${booked} AND sv."scheduledStart" >= ${todayStart}::timestamp AND sv."scheduledStart" < ${tomorrowStart}::timestamp))`)}`;
    case "unscheduled":
      return Prisma.sql`${open} AND (${hasVisit(Prisma.sql`sv.status = 'unscheduled'`)} OR NOT ${hasVisit(Prisma.sql`true`)})`;
    default:
      return null;
  }
}

/**
 * The company's jobs, newest first, one page after the cursor. The status is derived in SQL by the same rules as
 * deriveJobStatus (the integration test holds them together), so that filtering by status pages correctly.
 */
export async function listJobs(
  tx: TenantTransaction,
  input: ListJobsQuery & { now?: Date; /** One customer's jobs only (the assistant's read). */ customerId?: string },
): Promise<JobListResponse> {
  const now = input.now ?? new Date();
  const company = await tx.company.findFirstOrThrow({ select: { timeZone: true } });
  const tz = company.timeZone;
  const today = dayInTimeZone(now, tz);
  const cursor = input.cursor ? decodeJobCursor(input.cursor) : null;
  const filters: Prisma.Sql[] = [];
  if (cursor) filters.push(Prisma.sql`(j."createdAt", j.id) < (${cursor.createdAt}::timestamp, ${cursor.id}::uuid)`);
  if (input.crewId)
    filters.push(
      Prisma.sql`EXISTS (SELECT 1 FROM visits cv WHERE cv."jobId" = j.id AND cv."crewId" = ${input.crewId}::uuid)`,
    );
  if (input.from || input.to) {
    const from = input.from ? new Date(input.from) : new Date(0);
    const to = input.to ? new Date(input.to) : new Date(8.64e15);
    filters.push(
      Prisma.sql`EXISTS (SELECT 1 FROM visits dv WHERE dv."jobId" = j.id AND dv."scheduledStart" >= ${from}::timestamp AND dv."scheduledStart" < ${to}::timestamp)`,
    );
  }
  if (input.search) filters.push(jobSearchFilter(input.search));
  if (input.customerId) filters.push(Prisma.sql`j."customerId" = ${input.customerId}::uuid`);
  if (input.status) {
    const candidates = rareStatusCandidates(
      input.status,
      startOfDayInTimeZone(today, tz),
      startOfDayInTimeZone(addDays(today, 1), tz),
    );
    if (candidates) filters.push(candidates);
  }
  const where = filters.length > 0 ? Prisma.sql`WHERE ${Prisma.join(filters, " AND ")}` : Prisma.empty;
  const statusFilter = input.status ? Prisma.sql`WHERE status = ${input.status}` : Prisma.empty;
  // The planner cannot tell how many jobs a derived status (or a search) keeps, so it prices a filtered page as a scan
  // of most jobs and reaches for JIT compilation and parallel workers, which at 60,000 jobs cost 50–300 ms more than
  // the page itself. Off for this transaction only.
  await tx.$executeRaw`SELECT set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`;
  // Visit days are compared on the company's calendar: timestamps are stored as UTC wall-clock values.
  const rows = await tx.$queryRaw<Row[]>`
    SELECT * FROM (
      SELECT j.id, j.number, j.title, j."customerId", c.name AS "customerName", j.recurrence, j."createdAt",
        a."nextVisitAt", coalesce(t.total, 0)::int AS "totalCents",
        ${JOB_STATUS} AS status
      FROM jobs j
      JOIN customers c ON c.id = j."customerId"
      ${jobVisitFacts({ today, timeZone: tz, now })}
      LEFT JOIN LATERAL (
        SELECT sum(round(li.quantity * li."unitPriceCents")) AS total FROM job_line_items li WHERE li."jobId" = j.id
      ) t ON true
      ${where}
    ) x
    ${statusFilter}
    ORDER BY "createdAt" DESC, id DESC
    LIMIT ${input.limit + 1}`;
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => ({
      id: row.id,
      number: row.number,
      title: row.title,
      customerId: row.customerId,
      customerName: row.customerName,
      status: row.status,
      recurring: row.recurrence !== null,
      nextVisitAt: row.nextVisitAt?.toISOString() ?? null,
      totalCents: Number(row.totalCents),
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor: rows.length > input.limit && last ? encodeJobCursor(last) : null,
  };
}
