import { z } from "zod";

export const visitStatusSchema = z.enum([
  "unscheduled",
  "scheduled",
  "dispatched",
  "in_progress",
  "completed",
  "canceled",
]);
export type VisitStatus = z.infer<typeof visitStatusSchema>;

/**
 * The visit lifecycle: the only moves a visit may make, the same table for the server (which refuses the rest) and the
 * web app (which offers only these). Completed is final; a canceled visit can be put back in the unscheduled queue.
 * Rescheduling a visit (new time or crew) is not a move between statuses; unscheduling clears its time and crew.
 */
export const VISIT_TRANSITIONS: Readonly<Record<VisitStatus, readonly VisitStatus[]>> = {
  unscheduled: ["scheduled", "canceled"],
  scheduled: ["unscheduled", "dispatched", "in_progress", "canceled"],
  dispatched: ["scheduled", "in_progress", "canceled"],
  in_progress: ["completed", "canceled"],
  completed: [],
  canceled: ["unscheduled"],
};

export function canTransitionVisit(from: VisitStatus, to: VisitStatus): boolean {
  return VISIT_TRANSITIONS[from].includes(to);
}

/** The moves a field user may make on a visit of their own crew. */
export const FIELD_USER_VISIT_TARGETS: readonly VisitStatus[] = ["in_progress", "completed"];

/** The statuses in which a visit is still work to do. */
export const OPEN_VISIT_STATUSES: readonly VisitStatus[] = ["scheduled", "dispatched", "in_progress"];

export const VISIT_STATUS_LABELS: Record<VisitStatus, string> = {
  unscheduled: "Unscheduled",
  scheduled: "Scheduled",
  dispatched: "Dispatched",
  in_progress: "In progress",
  completed: "Completed",
  canceled: "Canceled",
};
