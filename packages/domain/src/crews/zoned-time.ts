const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function offsetFormat(timeZone: string): Intl.DateTimeFormat {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    offsetFormats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock date and time of `at` in `timeZone`, as the fields of a UTC date. */
function wallClock(at: Date, timeZone: string): Date {
  const parts = Object.fromEntries(offsetFormat(timeZone).formatToParts(at).map((part) => [part.type, part.value]));
  return new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)));
}

/** `YYYY-MM-DD` of the day `at` falls on in `timeZone`. */
export function localDate(at: Date, timeZone: string): string {
  return wallClock(at, timeZone).toISOString().slice(0, 10);
}

/** The moment when the clocks of `timeZone` show midnight starting `date` (`YYYY-MM-DD`). */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const guess = new Date(`${date}T00:00:00Z`);
  const offset = wallClock(guess, timeZone).getTime() - guess.getTime();
  const candidate = new Date(guess.getTime() - offset);
  // Across a daylight-saving change the offset at the candidate may differ from the guess's.
  const corrected = wallClock(candidate, timeZone).getTime() - candidate.getTime();
  return corrected === offset ? candidate : new Date(guess.getTime() - corrected);
}

export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The Monday of the week `date` falls in. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}
