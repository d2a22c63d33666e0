import { z } from "zod";

/**
 * A job's status, derived from its visits as the company sees the calendar (the rule is the database's: the job_status
 * migration, read through packages/domain/src/jobs/job-status-sql.ts).
 */
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
