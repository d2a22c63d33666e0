import { Prisma, type TenantTransaction } from "@fieldops/db";
import type { JobStatus } from "@fieldops/shared/job-status";
import type { JobListResponse, ListJobsQuery } from "@fieldops/shared/jobs";
import { invalidInput } from "../errors.ts";
import { companyDay, jobStatusIs, jobStatusOn } from "./job-status-sql.ts";

/**
 * Where a page ended: among the jobs with an upcoming visit, at that visit's start and the job's number; among the
 * others, at the job's number.
 */
type Cursor = { next: Date | null; number: number };

function encodeJobCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.next?.toISOString() ?? "none"}|${cursor.number}`).toString("base64url");
}

function decodeJobCursor(value: string): Cursor {
  const [next, number] = Buffer.from(value, "base64url").toString().split("|");
  if (next !== undefined && number !== undefined && /^\d{1,9}$/.test(number)) {
    if (next === "none") return { next: null, number: Number(number) };
    const at = new Date(next);
    const year = at.getUTCFullYear();
    if (year >= 1 && year <= 9999) return { next: at, number: Number(number) };
  }
  throw invalidInput("The cursor is not valid", "cursor");
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

/**
 * The company's jobs, one page after the cursor, in the order the office works through them: the jobs with an
 * upcoming visit, soonest first (at the same time, the older job first); then the others, newest first. Filters and
 * order read the status the database keeps on each job (job-status-sql.ts), through indexes: a page costs the same in
 * a company of any size.
 *
 * A job's next visit is its first booked visit when that has not started yet (the stored firstBookedStart, indexed);
 * only the jobs whose first booked visit is already past (late, or due earlier today), which are few, have theirs
 * looked up among their visits.
 */
export async function listJobs(
  tx: TenantTransaction,
  input: ListJobsQuery & { now?: Date; /** One customer's jobs only (the assistant's read). */ customerId?: string },
): Promise<JobListResponse> {
  const now = input.now ?? new Date();
  const { timeZone } = await tx.company.findFirstOrThrow({ select: { timeZone: true } });
  const day = companyDay(now, timeZone);
  const cursor = input.cursor ? decodeJobCursor(input.cursor) : null;
  const filters: Prisma.Sql[] = [];
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
  if (input.status) filters.push(jobStatusIs(input.status, day));
  const jobsWhere = (...conditions: Prisma.Sql[]) => Prisma.join([...filters, ...conditions], " AND ");
  // The cursor, for the part of the order with a next visit and for the rest.
  const afterNext = (next: Prisma.Sql, number: Prisma.Sql) =>
    cursor === null
      ? Prisma.sql`true`
      : cursor.next
        ? Prisma.sql`(${next}, ${number}) > (${cursor.next}::timestamp, ${cursor.number})`
        : Prisma.sql`false`;
  const afterRest = (number: Prisma.Sql) =>
    cursor === null || cursor.next ? Prisma.sql`true` : Prisma.sql`${number} < ${cursor.number}`;
  const take = input.limit + 1;
  // Each part yields at most a page, in its index's order; the page is the first of them all in the list's order.
  const rows = await tx.$queryRaw<Row[]>`
    WITH past_first AS MATERIALIZED (
      SELECT j.id, j.number,
        (SELECT min(v."scheduledStart") FROM visits v
          WHERE v."jobId" = j.id AND v.status IN ('scheduled', 'dispatched') AND v."scheduledStart" >= ${now}::timestamp
        ) AS "nextVisitAt"
      FROM jobs j
      WHERE ${jobsWhere(Prisma.sql`j."firstBookedStart" < ${now}::timestamp`)}
    ),
    candidates AS (
      (SELECT j.id, j."firstBookedStart" AS "nextVisitAt", j.number
        FROM jobs j
        WHERE ${jobsWhere(Prisma.sql`j."firstBookedStart" >= ${now}::timestamp`, afterNext(Prisma.sql`j."firstBookedStart"`, Prisma.sql`j.number`))}
        ORDER BY j."firstBookedStart", j.number
        LIMIT ${take})
      UNION ALL
      SELECT p.id, p."nextVisitAt", p.number FROM past_first p
      WHERE p."nextVisitAt" IS NOT NULL AND ${afterNext(Prisma.sql`p."nextVisitAt"`, Prisma.sql`p.number`)}
      UNION ALL
      (SELECT j.id, NULL, j.number
        FROM jobs j
        WHERE ${jobsWhere(Prisma.sql`j."firstBookedStart" IS NULL`, afterRest(Prisma.sql`j.number`))}
        ORDER BY j.number DESC
        LIMIT ${take})
      UNION ALL
      SELECT p.id, NULL, p.number FROM past_first p
      WHERE p."nextVisitAt" IS NULL AND ${afterRest(Prisma.sql`p.number`)}
    ),
    page AS (
      SELECT * FROM candidates
      ORDER BY "nextVisitAt", CASE WHEN "nextVisitAt" IS NULL THEN -number ELSE number END
      LIMIT ${take}
    )
    SELECT j.id, j.number, j.title, j."customerId", c.name AS "customerName", j.recurrence, j."createdAt",
      page."nextVisitAt", ${jobStatusOn(day)} AS status,
      (SELECT coalesce(sum(round(li.quantity * li."unitPriceCents")), 0) FROM job_line_items li WHERE li."jobId" = j.id
      )::int AS "totalCents"
    FROM page
    JOIN jobs j ON j.id = page.id
    JOIN customers c ON c.id = j."customerId"
    ORDER BY page."nextVisitAt", CASE WHEN page."nextVisitAt" IS NULL THEN -page.number ELSE page.number END`;
  const items = rows.slice(0, input.limit);
  const last = items.at(-1);
  return {
    items: items.map((row) => ({
      id: row.id,
      number: row.number,
      title: row.title,
      customerId: row.customerId,
      customerName: row.customerName,
      status: row.status,
      recurring: row.recurrence !== null,
      nextVisitAt: row.nextVisitAt?.toISOString() ?? null,
      totalCents: row.totalCents,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor:
      rows.length > input.limit && last ? encodeJobCursor({ next: last.nextVisitAt, number: last.number }) : null,
  };
}
