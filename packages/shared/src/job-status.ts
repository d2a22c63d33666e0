import { z } from "zod";
import type { VisitStatus } from "./visit-lifecycle";

export const jobStatusSchema = z.enum(["today", "upcoming", "late", "unscheduled", "requires_invoicing", "closed"]);
export type JobStatus = z.infer<typeof jobStatusSchema>;

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  today: "Today",
  upcoming: "Upcoming",
  late: "Late",
  unscheduled: "Unscheduled",
  requires_invoicing: "Requires invoicing",
  closed: "Closed",
};

export interface JobStatusInput {
  closedAt: Date | null;
  invoicedAt: Date | null;
  visits: readonly { status: VisitStatus; scheduledStart: Date | null }[];
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
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
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

/**
 * A job's status, from its visits as the company sees the calendar: closed once closed by hand; late when open work
 * was scheduled on an earlier day; today when open work is scheduled today; unscheduled when a visit waits for a
 * time (or the job has none); upcoming when open work lies ahead; requires invoicing when all work is done, some of
 * it completed, and no invoice was made; closed when nothing is left to do.
 */
export function deriveJobStatus(job: JobStatusInput, now: Date, timeZone: string): JobStatus {
  if (job.closedAt) return "closed";
  const today = dayInTimeZone(now, timeZone);
  let today_ = false;
  let upcoming = false;
  let unscheduled = job.visits.length === 0;
  for (const visit of job.visits) {
    if (visit.status === "unscheduled") unscheduled = true;
    if (visit.status === "in_progress") today_ = true;
    if ((visit.status === "scheduled" || visit.status === "dispatched") && visit.scheduledStart) {
      const day = dayInTimeZone(visit.scheduledStart, timeZone);
      if (day < today) return "late";
      if (day === today) today_ = true;
      else upcoming = true;
    }
  }
  if (today_) return "today";
  if (unscheduled) return "unscheduled";
  if (upcoming) return "upcoming";
  if (job.invoicedAt === null && job.visits.some((visit) => visit.status === "completed")) return "requires_invoicing";
  return "closed";
}
