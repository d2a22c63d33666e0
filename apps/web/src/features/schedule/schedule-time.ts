import {
  addDays,
  dayInTimeZone,
  mondayOf,
  utcToZonedWallClock,
  zonedWallClockToUtc,
} from "@fieldops/shared/company-time";

/** Where a dragged visit lands is rounded to this many minutes. */
export const SNAP_MINUTES = 15;

export type ScheduleView = "day" | "week" | "board";

export const SCHEDULE_VIEWS: readonly { value: ScheduleView; label: string }[] = [
  { value: "day", label: "Day" },
  { value: "week", label: "Week" },
  { value: "board", label: "Dispatch board" },
];

/** The days a view shows around `date`: the day itself, or its week from Monday. */
export function viewRange(view: ScheduleView, date: string): { from: string; to: string; days: string[] } {
  if (view !== "week") return { from: date, to: date, days: [date] };
  const monday = mondayOf(date);
  const days = Array.from({ length: 7 }, (_, index) => addDays(monday, index));
  return { from: monday, to: days[6]!, days };
}

/** The date one step (a day, or a week) before or after. */
export function stepDate(view: ScheduleView, date: string, direction: -1 | 1): string {
  return addDays(date, direction * (view === "week" ? 7 : 1));
}

export function todayIn(timeZone: string, now = new Date()): string {
  return dayInTimeZone(now, timeZone);
}

/** Minutes after the company's midnight of `day` at which `iso` falls on its wall clock (past 1440 on later days). */
export function minuteOfDay(iso: string, day: string, timeZone: string): number {
  return Math.round((utcToZonedWallClock(new Date(iso), timeZone) - Date.parse(`${day}T00:00:00Z`)) / 60_000);
}

/** The instant the company's wall clock shows `minute` minutes after midnight of `day`. */
export function instantAt(day: string, minute: number, timeZone: string): string {
  return zonedWallClockToUtc(Date.parse(`${day}T00:00:00Z`) + minute * 60_000, timeZone).toISOString();
}

export function snapMinutes(minute: number): number {
  return Math.round(minute / SNAP_MINUTES) * SNAP_MINUTES;
}

/** `HH:MM` ⇄ minutes after midnight. */
export function timeInputValue(minute: number): string {
  const clamped = Math.max(0, Math.min(24 * 60 - 1, minute));
  return `${String(Math.floor(clamped / 60)).padStart(2, "0")}:${String(clamped % 60).padStart(2, "0")}`;
}

/** `9:00`, `13:45`: a wall-clock time for labels. */
export function clockLabel(minute: number): string {
  const wrapped = ((minute % 1440) + 1440) % 1440;
  return `${Math.floor(wrapped / 60)}:${String(wrapped % 60).padStart(2, "0")}`;
}

/** "Mon 4 Mar" style label of a calendar day, whatever the device's zone. */
export function dayLabel(
  day: string,
  options: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short" },
): string {
  return new Intl.DateTimeFormat(undefined, { ...options, timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The hours a time axis shows: 6:00 to 20:00, widened to hold every working hour and visit given. */
export function axisHours(spans: readonly { startMinute: number; endMinute: number }[]): {
  startMinute: number;
  endMinute: number;
} {
  let start = 6 * 60;
  let end = 20 * 60;
  for (const span of spans) {
    start = Math.min(start, Math.floor(span.startMinute / 60) * 60);
    end = Math.max(end, Math.ceil(span.endMinute / 60) * 60);
  }
  return { startMinute: Math.max(0, start), endMinute: Math.min(24 * 60, end) };
}
