import { z } from "zod";
import { dayInTimeZone } from "./company-time";
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
