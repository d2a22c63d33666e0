import * as chrono from "chrono-node";
import { dayInTimeZone, utcToZonedWallClock, zonedWallClockToUtc } from "@fieldops/shared/company-time";

export type ParsedWhen = {
  /** Where the date's words start in the text, so that what precedes them can be read as a name. */
  index: number;
  /** The calendar day in the company's time zone; null when the text names only a time. */
  day: string | null;
  /** The moment, when the text names a time of day as well. */
  at: Date | null;
};

/**
 * The first date in `text`, read on the company's wall clock ("next Tuesday at 9" is 9:00 where the company is,
 * whatever the server's zone), always forward from `now`.
 */
export function parseWhen(text: string, now: Date, timeZone: string): ParsedWhen | null {
  const offsetMinutes = Math.round((utcToZonedWallClock(now, timeZone) - now.getTime()) / 60_000);
  const [result] = chrono.parse(text, { instant: now, timezone: offsetMinutes }, { forwardDate: true });
  if (!result) return null;
  const start = result.start;
  const hasDay = start.isCertain("day") || start.isCertain("weekday");
  const hasTime = start.isCertain("hour");
  if (!hasDay && !hasTime) return null;
  const wallClock = Date.UTC(
    start.get("year")!,
    start.get("month")! - 1,
    start.get("day")!,
    start.get("hour") ?? 0,
    start.get("minute") ?? 0,
  );
  const day = hasDay ? new Date(wallClock).toISOString().slice(0, 10) : null;
  return { index: result.index, day, at: hasDay && hasTime ? zonedWallClockToUtc(wallClock, timeZone) : null };
}

/** The company's calendar day of `now`. */
export function todayIn(now: Date, timeZone: string): string {
  return dayInTimeZone(now, timeZone);
}
