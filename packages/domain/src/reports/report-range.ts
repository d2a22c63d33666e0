import { Prisma } from "@fieldops/db";
import { addDays, mondayOf, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import type { ReportInterval, ReportQuery } from "@fieldops/shared/reports";

/** A report's days as instants: from the first moment of `from` to the first moment after `to`, in the company's zone. */
export type ReportRange = { from: string; to: string; start: Date; end: Date; timeZone: string };

export function reportRange(query: Pick<ReportQuery, "from" | "to">, timeZone: string): ReportRange {
  return {
    from: query.from,
    to: query.to,
    start: startOfDayInTimeZone(query.from, timeZone),
    end: startOfDayInTimeZone(addDays(query.to, 1), timeZone),
    timeZone,
  };
}

/** The first day of the period `day` falls in: itself, its week's Monday, or its month's first day. */
export function periodOf(day: string, interval: ReportInterval): string {
  if (interval === "week") return mondayOf(day);
  if (interval === "month") return `${day.slice(0, 7)}-01`;
  return day;
}

/** Every period of the range, in order, each as its first day (a week that starts before `from` by its Monday). */
export function periodsOf(range: Pick<ReportRange, "from" | "to">, interval: ReportInterval): string[] {
  const periods: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const period = periodOf(day, interval);
    if (periods.at(-1) !== period) periods.push(period);
  }
  return periods;
}

/**
 * The first day of the period of a stored timestamp column, on the company's calendar (timestamps are UTC wall-clock
 * values), as `YYYY-MM-DD` text: the same as `periodOf` gives for the day.
 */
export function periodSql(column: Prisma.Sql, interval: ReportInterval, timeZone: string): Prisma.Sql {
  const day = Prisma.sql`((${column} AT TIME ZONE 'UTC') AT TIME ZONE ${timeZone})`;
  return Prisma.sql`to_char(date_trunc(${interval}, ${day}), 'YYYY-MM-DD')`;
}
