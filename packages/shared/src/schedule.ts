import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { crewSchema } from "./crews";
import { calendarDaySchema } from "./calendar-day";
import { visitStatusSchema } from "./visit-lifecycle";

/** The longest range the schedule is read for at once: a week. */
export const MAX_SCHEDULE_DAYS = 7;
/**
 * A range of several days lists its visits up to this many; beyond it (a week of a large company), only each crew's
 * load per day comes, and a day is opened to see its visits. A single day always lists them all.
 */
export const MAX_RANGE_VISITS = 1000;
/** How many visits of the unassigned queue are sent; `unassignedTotal` says how many there are. */
export const UNASSIGNED_QUEUE_LIMIT = 200;

/**
 * GET /api/schedule?from=YYYY-MM-DD&to=YYYY-MM-DD: the calendar days from `from` to `to` inclusive, on the company's
 * calendar, at most MAX_SCHEDULE_DAYS of them.
 */
export const scheduleQuerySchema = z.object({ from: calendarDaySchema, to: calendarDaySchema });
export type ScheduleQuery = z.infer<typeof scheduleQuerySchema>;

/** A crew as the board draws it: its row, colour, skills, hours and breaks. */
export const scheduleCrewSchema = crewSchema.pick({
  id: true,
  name: true,
  color: true,
  skills: true,
  workingHours: true,
  breaks: true,
});
export type ScheduleCrew = z.infer<typeof scheduleCrewSchema>;

/** A visit with what a calendar block shows of its job, customer and property. */
export const scheduleVisitSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  jobNumber: z.number(),
  jobTitle: z.string(),
  customerName: z.string(),
  propertyLabel: z.string().nullable(),
  requiredSkills: z.array(z.string()),
  crewId: z.string().nullable(),
  status: visitStatusSchema,
  start: z.string().nullable(),
  end: z.string().nullable(),
  durationMinutes: z.number(),
  version: z.number(),
  createdAt: z.string(),
});
export type ScheduleVisit = z.infer<typeof scheduleVisitSchema>;

/** One crew's (or, with a null crew, the crewless visits') booked work on one day of the range. */
export const crewDaySchema = z.object({
  crewId: z.string().nullable(),
  day: z.string(),
  visits: z.number().int(),
  bookedMinutes: z.number().int(),
});
export type CrewDay = z.infer<typeof crewDaySchema>;

export const scheduleResponseSchema = z.object({
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  /** The instants the range starts and ends (exclusive). */
  rangeStart: z.string(),
  rangeEnd: z.string(),
  crews: z.array(scheduleCrewSchema),
  /** Visits scheduled in the range, canceled ones left out, by start; none when `visitsOmitted`. */
  visits: z.array(scheduleVisitSchema),
  /** True when the range spans several days and holds more than MAX_RANGE_VISITS visits: `crewDays` shows the load. */
  visitsOmitted: z.boolean(),
  /** Each crew's visits and booked minutes per day of the range (by the visit's start, in the company's time zone). */
  crewDays: z.array(crewDaySchema),
  /** Open jobs' visits without a time or without a crew, oldest first, at most UNASSIGNED_QUEUE_LIMIT. */
  unassigned: z.array(scheduleVisitSchema),
  unassignedTotal: z.number(),
});
export type ScheduleResponse = z.infer<typeof scheduleResponseSchema>;

export const scheduleEndpoints = {
  get: defineEndpoint({
    method: "GET",
    path: "/api/schedule",
    tags: ["schedule"],
    summary: "The dispatch board of a day or a week (at most 7 days): crews, their visits and the unassigned queue",
    query: scheduleQuerySchema,
    response: scheduleResponseSchema,
    capability: "schedule.manage",
  }),
} as const;
