import * as chrono from "chrono-node";
import { addDays, dayInTimeZone, utcToZonedWallClock, zonedWallClockToUtc } from "@fieldops/shared/company-time";

export type PartOfDay = "morning" | "afternoon" | "evening";

/** One date or time a text names, on the company's wall clock. */
export type WhenSpan = {
  /** Where the words start and end in the text `readWhens` returns (its words, normalized). */
  index: number;
  end: number;
  /** The calendar day in the company's time zone; null when the words name only a time. */
  day: string | null;
  /** The moment, when the words name a day and a time of day (a part of the day counts as its usual start). */
  at: Date | null;
  /** "Friday afternoon": the office means a window, not a minute; the moment is its usual start. */
  partOfDay: PartOfDay | null;
  /** The word just before the span ("from", "to", "on"…), which tells what the date is for. */
  preposition: string | null;
  /** The time of day the words name, when they name one (also without a day: "to 3"). */
  time: { hour: number; minute: number } | null;
  /** "next week", "this week": a week, not a day an office would book. */
  vague: boolean;
  /** "tomorrow's mowing": the date names which visit, not where it goes. */
  possessive: boolean;
};

export type ParsedWhen = WhenSpan & { text: string };

/** When a part of the day starts for a trade's office: the first visit of the morning is at 8. */
const PART_OF_DAY_HOURS: Record<PartOfDay, number> = { morning: 8, afternoon: 13, evening: 17 };

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/** Shorthand chrono does not read, written out; each keeps the rest of the text as it is. */
const SHORTHAND: [RegExp, string][] = [
  // "the afternoon tomorrow", "the morning on friday": the day, then the part of it.
  [
    /\bthe\s+(morning|afternoon|evening)\s+(?:on\s+)?(today|tomorrow|(?:sun|mon|tues|wednes|thurs|fri|satur)day)\b/gi,
    "$2 $1",
  ],
  // "thursday december 3rd": the date says the day; the weekday named before it is not a second date.
  [
    /\b(?:sun|mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?)(?:day)?,?\s+(?=(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?\b|\d{1,2}\/\d{1,2}\b)/gi,
    "",
  ],
  // "December 3rd, 11 a.m.": a time after the date's comma is the date's, not its year.
  [/\b(\d{1,2}(?:st|nd|rd|th)?),\s+(?=\d{1,2}(?::\d{2})?\s*(?:a\.?m\.?|p\.?m\.?)(?![a-z]))/gi, "$1 at "],
  // "change the time of the sprinkler check to 11": a bare number is a time once the time is what changes.
  [
    /(?<=\b(?:the|its|what)\s+time\b.*)\bto\s+(\d{1,2})(?![\d:/]|\s*(?:st|nd|rd|th|am|pm|a\.m|p\.m|o['’]?clock)\b)/gi,
    "to $1:00",
  ],
  // "a fortnight tomorrow", "a week today": that long from the day, as the British say it.
  [/\b(?:a\s+)?fortnight\b/gi, "two weeks"],
  [/\b(?:a\s+)?((?:a|one|two|three|four)\s+weeks?)\s+(tomorrow|today)\b/gi, "$1 from $2"],
  // "tmrw 0830": a time on the twenty-four-hour clock, as a crew's sheet writes it.
  [/\b0(\d)([0-5]\d)\b(?!\s*(?:st|nd|rd|th)\b)/g, "$1:$2"],
  [/\btues?\b\.?/gi, "tuesday"],
  [/\bweds?\b\.?/gi, "wednesday"],
  [/\bthu(?:rs?)?\b\.?/gi, "thursday"],
  [/\bmon\b\.?/gi, "monday"],
  [/\bfri\b\.?/gi, "friday"],
  [/\bsat\b\.?/gi, "saturday"],
  [/\b(?:tmrw|tmr|tmrow|tomoro|tomorow|tommorow|tommorrow|tomorrw|2moro|2morrow)s\b/gi, "tomorrow's"],
  [/\b(?:tmrw|tmr|tmrow|tomoro|tomorow|tommorow|tommorrow|tomorrw|2moro|2morrow)\b/gi, "tomorrow"],
  [/\b(tomorrow|today|tonight|yesterday)s\b/gi, "$1's"],
  [
    /\b(morning|afternoon|evening) of (?:the\s+)?([a-z]{3,9}\.? \d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/gi,
    "$2 $1",
  ],
  [/\b(?:2day|tday)\b/gi, "today"],
  [/\s*@\s*(?=\d)/g, " at "],
  // "later tomorrow, like 3", "say 10ish": the time a customer offers.
  [
    /\b(?:like|say|maybe|around|round)\s+(\d{1,2}(?::\d{2})?\s*(?:am|pm)?)(?:ish)?\b(?!\s*(?:days?|weeks?|hours?|hrs?|mins?|minutes?|dollars|bucks|%|people|customers|clients|jobs|visits|invoices|times|more|of)\b)/gi,
    "at $1",
  ],
  [/\bin the (morning|afternoon|evening)\b/gi, "$1"],
  [
    /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today),?\s+(\d{1,2}(?::\d{2})?)\b(?!\s*(?:st|nd|rd|th|am|pm|a\.m|p\.m|[/-]|days?|weeks?|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))/gi,
    "$1 at $2",
  ],
  [/\b((?:a|one|two|three|four|\d)\s+weeks?)\s+from\s+(?:today|now)\b/gi, "in $1"],
  // "after lunch" is the afternoon's first visit; lunch itself is noon.
  [/\b(?:after|past)\s+lunch(?:time)?\b/gi, "afternoon"],
  [/\b(?:midday|lunchtime|lunch time)\b/gi, "noon"],
  [/\b(?:end of (?:the )?day|eod|close of business|cob)\b/gi, "4pm"],
  [/\bfirst thing(?: in the morning)?\b/gi, "8am"],
  // "the end of next week": its Friday, the last working day.
  [/\b(?:at\s+)?(?:the\s+)?end\s+of\s+(?:the\s+)?next\s+week\b/gi, "friday next week"],
  [/\b(?:at\s+)?(?:the\s+)?end\s+of\s+(?:the|this)\s+week\b/gi, "this friday"],
  [
    /\b(?:early|bright and early)\b(?= (?:on |next )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow)\b)/gi,
    "8am",
  ],
];

const HOUR_WORDS: Record<string, string> = {
  one: "1",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
  ten: "10",
  eleven: "11",
  twelve: "12",
};

const ORDINAL_DAY =
  /\b(?:on\s+)?(?:(?:sunday|monday|tuesday|wednesday|thursday|friday|saturday)\s+)?(?:the\s+|(?<=\b(?:on|sunday|monday|tuesday|wednesday|thursday|friday|saturday)\s+))(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of|of\s+\w+)?\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))(?:\s+(?:of\s+)?(this|next|last)\s+month\b)?/gi;
const WEEKDAY_AFTER_NEXT = /\b(?:the\s+)?(sunday|monday|tuesday|wednesday|thursday|friday|saturday)\s+after\s+next\b/gi;
const WEEK_FROM_WEEKDAY =
  /\b(?:a\s+week\s+from|a\s+week\s+on)\s+(sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b|\b(sunday|monday|tuesday|wednesday|thursday|friday|saturday)\s+week\b/gi;
const DAY_AFTER_TOMORROW = /\b(?:the\s+)?day\s+after\s+tomorrow\b/gi;

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
const MONTH_SAID = String.raw`jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?`;
const COUNT_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
const NTH: Record<string, number> = {
  first: 1,
  "1st": 1,
  second: 2,
  "2nd": 2,
  third: 3,
  "3rd": 3,
  fourth: 4,
  "4th": 4,
};

function monthIndex(said: string): number {
  return MONTHS.findIndex((month) => month.startsWith(said.toLowerCase().slice(0, 3)));
}

/** The `nth` (1 to 4, or -1 for the last) `weekday` of a month (0 to 11) of `year`, as a calendar day. */
function nthWeekdayOf(year: number, month: number, weekday: number, nth: number): string {
  if (nth > 0) {
    const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
    return new Date(Date.UTC(year, month, 1 + ((weekday - first + 7) % 7) + 7 * (nth - 1))).toISOString().slice(0, 10);
  }
  const last = new Date(Date.UTC(year, month + 1, 0));
  const back = (last.getUTCDay() - weekday + 7) % 7;
  return new Date(Date.UTC(year, month + 1, -back)).toISOString().slice(0, 10);
}

/** The holidays offices name days by, on or after `today` (before it, looking back): their calendar day. */
const HOLIDAYS: { pattern: string; day: (year: number) => string }[] = [
  { pattern: String.raw`christmas\s+eve`, day: (year) => `${year}-12-24` },
  { pattern: String.raw`(?:christmas|xmas)(?:\s+day)?`, day: (year) => `${year}-12-25` },
  { pattern: String.raw`new\s+year['’]?s\s+eve`, day: (year) => `${year}-12-31` },
  { pattern: String.raw`new\s+year['’]?s(?:\s+day)?`, day: (year) => `${year}-01-01` },
  { pattern: String.raw`thanksgiving(?:\s+day)?`, day: (year) => nthWeekdayOf(year, 10, 4, 4) },
  {
    pattern: String.raw`(?:the\s+)?(?:fourth\s+of\s+july|july\s+4(?:th)?|independence\s+day)`,
    day: (year) => `${year}-07-04`,
  },
  { pattern: String.raw`memorial\s+day`, day: (year) => nthWeekdayOf(year, 4, 1, -1) },
  { pattern: String.raw`labou?r\s+day`, day: (year) => nthWeekdayOf(year, 8, 1, 1) },
  { pattern: String.raw`hallowe(?:e|')?n`, day: (year) => `${year}-10-31` },
  { pattern: String.raw`veterans['’]?\s+day`, day: (year) => `${year}-11-11` },
  { pattern: String.raw`valentine['’]?s(?:\s+day)?`, day: (year) => `${year}-02-14` },
  { pattern: String.raw`(?:st\.?\s+|saint\s+)patrick['’]?s(?:\s+day)?`, day: (year) => `${year}-03-17` },
  {
    pattern: String.raw`(?:mlk|martin\s+luther\s+king)(?:\s+jr\.?)?\s+day`,
    day: (year) => nthWeekdayOf(year, 0, 1, 3),
  },
  { pattern: String.raw`presidents['’]?\s+day`, day: (year) => nthWeekdayOf(year, 1, 1, 3) },
  { pattern: String.raw`columbus\s+day`, day: (year) => nthWeekdayOf(year, 9, 1, 2) },
];
const HOLIDAY = new RegExp(String.raw`\b(?:${HOLIDAYS.map((holiday) => holiday.pattern).join("|")})\b`, "gi");

function holidayDay(said: string, today: string, direction: "forward" | "back"): string | null {
  const holiday = HOLIDAYS.find((candidate) => new RegExp(`^${candidate.pattern}$`, "i").test(said.trim()));
  if (!holiday) return null;
  const year = Number(today.slice(0, 4));
  const candidates = [year - 1, year, year + 1].map(holiday.day);
  return direction === "back"
    ? (candidates.filter((day) => day <= today).at(-1) ?? null)
    : (candidates.find((day) => day >= today) ?? null);
}

/** The next `weekday` strictly after `day` (a calendar day). */
function nextWeekday(day: string, weekday: number): string {
  const current = new Date(`${day}T12:00:00Z`).getUTCDay();
  const ahead = (weekday - current + 7) % 7 || 7;
  return addDays(day, ahead);
}

/**
 * The calendar day numbered `date`: in the month said ("the 1st of this month"), else the next from `today` on (this
 * month's when it is still ahead, else the next month's), or looking back, the last one up to today.
 */
function dayOfMonth(
  today: string,
  date: number,
  month: string | undefined,
  direction: "forward" | "back",
): string | null {
  if (date < 1 || date > 31) return null;
  const said = month?.toLowerCase();
  if (said) {
    const [year, current] = today.split("-").map(Number) as [number, number];
    const shift = said === "next" ? 1 : said === "last" ? -1 : 0;
    const candidate = new Date(Date.UTC(year, current - 1 + shift, date));
    return candidate.getUTCDate() === date ? candidate.toISOString().slice(0, 10) : null;
  }
  if (direction === "back") {
    for (let months = 0; months < 3; months++) {
      const [year, month] = today.split("-").map(Number) as [number, number];
      const candidate = new Date(Date.UTC(year, month - 1 - months, date));
      if (candidate.getUTCDate() !== date) continue;
      const iso = candidate.toISOString().slice(0, 10);
      if (iso <= today) return iso;
    }
    return null;
  }
  for (let months = 0; months < 3; months++) {
    const [year, month] = today.split("-").map(Number) as [number, number];
    const first = new Date(Date.UTC(year, month - 1 + months, 1));
    const candidate = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), date));
    if (candidate.getUTCMonth() !== first.getUTCMonth()) continue;
    const iso = candidate.toISOString().slice(0, 10);
    if (iso >= today) return iso;
  }
  return null;
}

/** A calendar day's hour and minute as a wall-clock timestamp (the zone's local time written as if it were UTC). */
function wallClock(day: string, hour: number, minute: number): number {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date, hour, minute);
}

/** "at 4", "to 3:30": an hour from 1 to 6 with no am or pm is the afternoon's. */
const SMALL_HOUR =
  /\b(at|by|around|to|til|till|until|after|before)\s+([1-6])(:[0-5]\d)?\b(?!\s*(?:am|pm|a\.m|p\.m|o['’]?clock|th|st|nd|rd|days?|weeks?|hours?|hrs?|minutes?|mins?|months?|dollars|bucks|visits?|jobs?|crews?|customers?|invoices?|people|men|guys|techs?|[-/:\d]))/gi;

/** Writes what chrono reads wrongly or not at all as words it reads (calendar days as ISO dates). */
function normalize(text: string, today: string, direction: "forward" | "back"): string {
  // "quarter past 9", "quarter to 3", "half past 10": the clock said in words.
  let out = text.replace(
    /\b(?:a\s+)?(quarter|half)\s+(past|after|to|till|til|before)\s+(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2})\b/gi,
    (_all, part: string, way: string, said: string) => {
      const hour = Number(HOUR_WORDS[said.toLowerCase()] ?? said);
      const minutes = part.toLowerCase() === "quarter" ? 15 : 30;
      if (!/^(?:to|till|til|before)$/i.test(way)) return `${hour}:${minutes}`;
      return `${hour === 1 ? 12 : hour - 1}:${60 - minutes}`;
    },
  );
  out = out.replace(
    SMALL_HOUR,
    (_all, word: string, hour: string, minutes: string | undefined) => `${word} ${hour}${minutes ?? ""}pm`,
  );
  for (const [pattern, replacement] of SHORTHAND) out = out.replace(pattern, replacement);
  // "half ten" is 10:30 where it is said.
  out = out.replace(
    /\bhalf (one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2})\b/gi,
    (_all, hour: string) => `${HOUR_WORDS[hour.toLowerCase()] ?? hour}:30`,
  );
  // "for 2 this afternoon", "at 9 tomorrow morning": the hour of that part of the day.
  out = out.replace(
    /\b(\d{1,2})(:[0-5]\d)?\s+(this|today|tomorrow|tmrw)\s+(morning|afternoon|evening)\b/gi,
    (_all, hour: string, minutes: string | undefined, day: string, part: string) =>
      `${day.toLowerCase() === "this" ? "today" : day} at ${hour}${minutes ?? ""}${part.toLowerCase() === "morning" ? "am" : "pm"}`,
  );
  out = out.replace(DAY_AFTER_TOMORROW, () => `on ${addDays(today, 2)}`);
  // "the Monday after Christmas", "thanksgiving": a holiday is its calendar day; a weekday after or before it, that one.
  out = out.replace(HOLIDAY, (said) => holidayDay(said, today, direction) ?? said);
  out = out.replace(
    /\b(?:the\s+)?(sunday|monday|tuesday|wednesday|thursday|friday|saturday)\s+(after|before)\s+(?:on\s+)?(\d{4}-\d{2}-\d{2})\b/gi,
    (_all, weekday: string, way: string, day: string) => {
      const wanted = WEEKDAYS.indexOf(weekday.toLowerCase());
      const current = new Date(`${day}T12:00:00Z`).getUTCDay();
      const shift =
        way.toLowerCase() === "after" ? (wanted - current + 7) % 7 || 7 : -((current - wanted + 7) % 7 || 7);
      return `on ${addDays(day, shift)}`;
    },
  );
  // "two weeks from tomorrow", "3 days from monday": counted from that day.
  out = out.replace(
    /\b(a|an|one|two|three|four|five|six|\d{1,2})\s+(days?|weeks?)\s+from\s+(tomorrow|tmrw|today|sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/gi,
    (_all, count: string, unit: string, from: string) => {
      const amount = COUNT_WORDS[count.toLowerCase()] ?? Number(count);
      const start = /^(?:tomorrow|tmrw)$/i.test(from)
        ? addDays(today, 1)
        : /^today$/i.test(from)
          ? today
          : nextWeekday(today, WEEKDAYS.indexOf(from.toLowerCase()));
      return `on ${addDays(start, amount * (/^w/i.test(unit) ? 7 : 1))}`;
    },
  );
  // "the first Monday of March", "the last friday of next month": that weekday of that month, the next such month.
  out = out.replace(
    new RegExp(
      String.raw`\b(?:the\s+)?(first|1st|second|2nd|third|3rd|fourth|4th|last)\s+(sunday|monday|tuesday|wednesday|thursday|friday|saturday)\s+(?:of|in)\s+(?:(this|next)\s+month|(${MONTH_SAID})\b)`,
      "gi",
    ),
    (all, nth: string, weekday: string, relative: string | undefined, month: string | undefined) => {
      const [year, current] = today.split("-").map(Number) as [number, number];
      const which = nth.toLowerCase() === "last" ? -1 : NTH[nth.toLowerCase()]!;
      const wanted = WEEKDAYS.indexOf(weekday.toLowerCase());
      if (relative) {
        const shift = relative.toLowerCase() === "next" ? 1 : 0;
        const first = new Date(Date.UTC(year, current - 1 + shift, 1));
        return `on ${nthWeekdayOf(first.getUTCFullYear(), first.getUTCMonth(), wanted, which)}`;
      }
      const index = monthIndex(month!);
      if (index < 0) return all;
      const thisYear = nthWeekdayOf(year, index, wanted, which);
      return `on ${thisYear >= today ? thisYear : nthWeekdayOf(year + 1, index, wanted, which)}`;
    },
  );
  // "the first business day of December", "the last working day of the month": Monday to Friday.
  out = out.replace(
    new RegExp(
      String.raw`\b(?:the\s+)?(first|last)\s+(?:business|working|week)\s*day\s+(?:of|in)\s+(?:(this|next)\s+month|the\s+month|(${MONTH_SAID})\b)`,
      "gi",
    ),
    (all, which: string, relative: string | undefined, month: string | undefined) => {
      const [year, current] = today.split("-").map(Number) as [number, number];
      const index = month ? monthIndex(month) : current - 1 + (relative?.toLowerCase() === "next" ? 1 : 0);
      if (index < 0) return all;
      const first = new Date(Date.UTC(year, index, 1));
      const monthYear = month && first.toISOString().slice(0, 10) < today.slice(0, 8) + "01" ? year + 1 : year;
      const last = which.toLowerCase() === "last";
      let day = new Date(Date.UTC(monthYear, index + (last ? 1 : 0), last ? 0 : 1));
      while (day.getUTCDay() === 0 || day.getUTCDay() === 6)
        day = new Date(day.getTime() + (last ? -1 : 1) * 86_400_000);
      return `on ${day.toISOString().slice(0, 10)}`;
    },
  );
  // "from the first through the 15th of this month": both days of the month said at the end.
  out = out.replace(
    /\b(from\s+)?the\s+(first|1st|\d{1,2}(?:st|nd|rd|th))\s+(through|thru|to|until|till|-)\s+the\s+(\d{1,2})(?:st|nd|rd|th)\s+(?:of\s+)?(this|next|last)\s+month\b/gi,
    (all, from: string | undefined, start: string, way: string, end: string, month: string) => {
      const first = dayOfMonth(today, /^first$/i.test(start) ? 1 : parseInt(start, 10), month, direction);
      const last = dayOfMonth(today, Number(end), month, direction);
      return first && last ? `${from ?? ""}${first} ${way} ${last}` : all;
    },
  );
  out = out.replace(WEEKDAY_AFTER_NEXT, (_all, weekday: string) => {
    const next = nextWeekday(today, WEEKDAYS.indexOf(weekday.toLowerCase()));
    return `on ${addDays(next, 7)}`;
  });
  out = out.replace(WEEK_FROM_WEEKDAY, (_all, first: string | undefined, second: string | undefined) => {
    const weekday = (first ?? second)!.toLowerCase();
    return `on ${addDays(nextWeekday(today, WEEKDAYS.indexOf(weekday)), 7)}`;
  });
  out = out.replace(ORDINAL_DAY, (all, date: string, month: string | undefined) => {
    const day = dayOfMonth(today, Number(date), month, direction);
    return day ? `on ${day}` : all;
  });
  return out;
}

const WEEKDAY_NAMED = /\b(?:sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/i;
const PREPOSITION = /\b(from|to|until|till|til|on|for|at|by|into|onto|before|after|around)\s*$/i;
/** What may stand between a day and a time that belong together: "friday, at 9", "tomorrow @ 10". */
/** "at 7 Pine Rd": a number that starts a street address is not a time. */
const STREET_AFTER =
  /^\s+(?:[a-z][\w'’-]*\s+){1,3}?(?:st|street|rd|road|ave|avenue|dr|drive|ln|lane|blvd|boulevard|ct|court|way|pl|cir|circle|ter|terrace|hwy|highway)\b/i;

function beforeStreet(text: string, result: { index: number; text: string }): boolean {
  return /(?:^|\s)\d{1,6}$/.test(result.text) && STREET_AFTER.test(text.slice(result.index + result.text.length));
}

/** "for half 9 on Monday week": a time before its day, joined by "on". */
const JOIN = /^\s*(?:,|at|@|around|by|-|on)?\s*(?:at|@|on)?\s*$/i;

function partOfDayIn(text: string): PartOfDay | null {
  const found = /\b(morning|afternoon|evening|tonight)\b/i.exec(text)?.[1]?.toLowerCase();
  if (!found) return null;
  return found === "tonight" ? "evening" : (found as PartOfDay);
}

/**
 * Every date and time in `text`, read on the company's wall clock ("next Tuesday at 9" is 9:00 where the company is,
 * whatever the server's zone), forward from `now`. A day and a time a few words apart ("thursday after next, at 8:30")
 * are one. Hours from 1 to 6 without am or pm are the afternoon's: offices do not book visits at 3 in the night.
 */
export function readWhens(
  raw: string,
  now: Date,
  timeZone: string,
  /** "Forward": a date without a year is the next one (a visit); "back": the last one (a period to invoice). */
  direction: "forward" | "back" = "forward",
): { text: string; spans: WhenSpan[] } {
  const today = dayInTimeZone(now, timeZone);
  const text = normalize(raw, today, direction);
  const offsetMinutes = Math.round((utcToZonedWallClock(now, timeZone) - now.getTime()) / 60_000);
  const results = chrono.parse(
    text,
    { instant: now, timezone: offsetMinutes },
    { forwardDate: direction === "forward" },
  );
  // A range ("from tuesday to thursday at 2") is two dates: where something is, and where it goes.
  type Piece = { index: number; end: number; start: chrono.ParsedComponents; preposition?: string };
  const pieces: Piece[] = results
    .filter((result) => !beforeStreet(text, result))
    .flatMap((result) => {
      const at = { index: result.index, end: result.index + result.text.length };
      return result.end
        ? [
            { ...at, start: result.start },
            { ...at, start: result.end, preposition: "to" },
          ]
        : [{ ...at, start: result.start }];
    });
  const merged: Piece[][] = [];
  for (const piece of pieces) {
    const last = merged.at(-1);
    const previous = last?.at(-1);
    if (previous && piece.preposition === undefined && JOIN.test(text.slice(previous.end, piece.index)))
      last!.push(piece);
    else merged.push([piece]);
  }
  const spans: WhenSpan[] = [];
  for (const group of merged) {
    const dayPiece = group.find((p) => p.start.isCertain("day") || p.start.isCertain("weekday"));
    const timePiece = group.find((p) => p.start.isCertain("hour"));
    const index = group[0]!.index;
    let end = group.at(-1)!.end;
    // "Dec 5 morning": chrono reads the day; the part of the day after it belongs to it.
    const partAfter = timePiece ? null : /^\s*(morning|afternoon|evening|tonight)\b/i.exec(text.slice(end));
    if (partAfter) end += partAfter[0].length;
    const words = text.slice(index, end);
    const partOfDay = timePiece ? null : partOfDayIn(words);
    if (!dayPiece && !timePiece && !partOfDay) continue;
    let day: string | null = null;
    if (dayPiece) {
      const { start } = dayPiece;
      day = new Date(Date.UTC(start.get("year")!, start.get("month")! - 1, start.get("day")!))
        .toISOString()
        .slice(0, 10);
      // "on Tuesday to 11am": chrono leaves a range's weekday in the past; a weekday said alone is the next one.
      if (direction === "forward" && !start.isCertain("day") && start.isCertain("weekday"))
        while (day < today) day = addDays(day, 7);
    } else if (partOfDay && /\b(?:this|tonight)\b/i.test(words)) {
      day = today;
    }
    let hour: number | null = null;
    let minute = 0;
    if (timePiece) {
      const { start } = timePiece;
      hour = start.get("hour")!;
      minute = start.get("minute") ?? 0;
      if (!start.isCertain("meridiem") && hour >= 1 && hour <= 6) hour += 12;
    } else if (partOfDay) {
      hour = PART_OF_DAY_HOURS[partOfDay];
    }
    let at = day !== null && hour !== null ? zonedWallClockToUtc(wallClock(day, hour, minute), timeZone) : null;
    // Today's weekday named ("thursday at 2" on a Thursday, not "next" or "this" one, nor a range's end) is today when
    // its time is still ahead, else next week's, whichever chrono chose.
    if (
      at !== null &&
      (day === today || day === addDays(today, 7)) &&
      group[0]!.preposition === undefined &&
      WEEKDAY_NAMED.test(words) &&
      !/\b(?:next|this|today)\b/i.test(words)
    ) {
      day = zonedWallClockToUtc(wallClock(today, hour!, minute), timeZone) > now ? today : addDays(today, 7);
      at = zonedWallClockToUtc(wallClock(day, hour!, minute), timeZone);
    }
    const preposition =
      group[0]!.preposition ?? PREPOSITION.exec(text.slice(Math.max(0, index - 12), index))?.[1]?.toLowerCase() ?? null;
    const vague =
      !dayPiece?.start.isCertain("weekday") && /^(?:on\s+)?(?:next|this|the following)\s+week$/i.test(words.trim());
    const possessive = /^['’]s\b/.test(text.slice(end));
    spans.push({
      index,
      end,
      day,
      at,
      partOfDay,
      preposition,
      time: hour === null ? null : { hour, minute },
      vague,
      possessive,
    });
  }
  return { text, spans };
}

/** The first date in `text` that names a day or a time, with the normalized text its indices refer to. */
export function parseWhen(raw: string, now: Date, timeZone: string): ParsedWhen | null {
  const { text, spans } = readWhens(raw, now, timeZone);
  const first = spans[0];
  return first ? { ...first, text } : null;
}

/** A calendar day as an office says it: "today", "tomorrow", or "Friday, Dec 4". */
export function dayLabel(day: string, now: Date, timeZone: string): string {
  const today = dayInTimeZone(now, timeZone);
  if (day === today) return "today";
  if (day === addDays(today, 1)) return "tomorrow";
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "long",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** The company's calendar day of `now`. */
export function todayIn(now: Date, timeZone: string): string {
  return dayInTimeZone(now, timeZone);
}
