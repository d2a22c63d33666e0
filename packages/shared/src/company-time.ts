const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as the company sees it: in its own time zone, with the zone's abbreviation, whatever the zone of the
 * device: dates are stored in UTC and shown in the company's time zone.
 */
export function formatCompanyTime(iso: string, timeZone: string, locale?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const key = `${locale ?? ""}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, {
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZone,
        timeZoneName: "short",
      });
    } catch {
      return formatCompanyTime(iso, "UTC", locale);
    }
    formats.set(key, format);
  }
  return format.format(at);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of a moment in a time zone. */
export function dayInTimeZone(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

const partFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock fields of a moment in a time zone, as a UTC timestamp with the same fields. */
function wallClockAsUtc(at: Date, timeZone: string): number {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    partFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/**
 * The moment at which a time zone's wall clock shows the given fields (passed as a UTC timestamp with those fields).
 * A wall-clock time skipped by a daylight-saving jump resolves to the moment after the jump.
 */
export function zonedWallClockToUtc(wallClock: number, timeZone: string): Date {
  const firstOffset = wallClockAsUtc(new Date(wallClock), timeZone) - wallClock;
  let candidate = wallClock - firstOffset;
  const secondOffset = wallClockAsUtc(new Date(candidate), timeZone) - candidate;
  if (secondOffset !== firstOffset) candidate = wallClock - secondOffset;
  return new Date(candidate);
}

/** The wall-clock fields of a moment in a time zone, as a UTC timestamp (the inverse of zonedWallClockToUtc). */
export function utcToZonedWallClock(at: Date, timeZone: string): number {
  return wallClockAsUtc(at, timeZone);
}

/** The first moment of the calendar month of `at` in the time zone. */
export function startOfMonthInTimeZone(at: Date, timeZone: string): Date {
  const wall = new Date(wallClockAsUtc(at, timeZone));
  return zonedWallClockToUtc(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), 1), timeZone);
}

/** The first moment of a calendar day (`YYYY-MM-DD`) in the time zone. */
export function startOfDayInTimeZone(date: string, timeZone: string): Date {
  return zonedWallClockToUtc(Date.parse(`${date}T00:00:00Z`), timeZone);
}

/** The calendar day `days` after `date` (both `YYYY-MM-DD`). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The days of the week by their number in a calendar date (0 = Sunday), as crews' working hours count them. */
export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** The day of the week of a calendar date (0 = Sunday). */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The Monday of the week `date` falls in. */
export function mondayOf(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

const DAY_IN_WORDS = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** A day of the company's calendar (`YYYY-MM-DD`) in words, "Nov 27, 2026", as documents to customers print it. */
export function formatCompanyDay(date: string): string {
  const at = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? date : DAY_IN_WORDS.format(at);
}

/** A moment as a message to a customer says it, in the company's time zone: "Thursday, December 10" and "9:00 AM". */
export function momentWords(at: Date, timeZone: string): { date: string; time: string } {
  return {
    date: at.toLocaleDateString("en-US", { timeZone, weekday: "long", month: "long", day: "numeric" }),
    time: at.toLocaleTimeString("en-US", { timeZone, hour: "numeric", minute: "2-digit" }),
  };
}
