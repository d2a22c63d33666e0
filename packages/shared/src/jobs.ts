import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { optionalIdempotencyHeadersSchema } from "./idempotency";
import { skillsSchema } from "./crews";
import { jobStatusSchema } from "./job-status";
import { locationPrecisionSchema } from "./locations";
import { text } from "./text";
import { visitStatusSchema } from "./visit-lifecycle";

export const MAX_LINE_ITEMS = 100;
export const MAX_CHECKLIST_ITEMS = 100;
/** How far ahead the visits of a recurring job are generated. */
export const VISIT_HORIZON_DAYS = 56;
/** The most visits one recurrence may generate within the horizon. */
export const MAX_VISITS_PER_HORIZON = 200;

const uuid = z.uuid();
const isoDateTime = z.iso.datetime({ offset: true }).max(40);

export const lineItemInputSchema = z.object({
  service: text({ max: 200, trim: true }).min(1),
  quantity: z.number().positive().max(100_000).multipleOf(0.01),
  unitPriceCents: z.number().int().min(0).max(100_000_000),
  taxable: z.boolean().default(false),
});
export type LineItemInput = z.infer<typeof lineItemInputSchema>;

export const checklistItemInputSchema = z.object({
  label: text({ max: 200, trim: true }).min(1),
  done: z.boolean().default(false),
});

/** How long a visit takes, in minutes: the job's default for its visits, or one visit's. */
export const visitDurationMinutesSchema = z
  .number()
  .int()
  .min(5)
  .max(24 * 60);
/**
 * The arrival window promised to the customer: the crew arrives within this many minutes either side of the visit's
 * set time (route optimization keeps to it).
 */
export const arrivalWindowMinutesSchema = z
  .number()
  .int()
  .min(5)
  .max(12 * 60);

/** The repeats the product offers (a job's form, an estimate's option), each with its RFC 5545 rule. */
export const RECURRENCE_FREQUENCIES = {
  daily: { rule: "FREQ=DAILY", label: "Every day" },
  weekly: { rule: "FREQ=WEEKLY", label: "Every week" },
  every_2_weeks: { rule: "FREQ=WEEKLY;INTERVAL=2", label: "Every 2 weeks" },
  monthly: { rule: "FREQ=MONTHLY", label: "Every month" },
} as const;
export const recurrenceFrequencySchema = z.enum(["daily", "weekly", "every_2_weeks", "monthly"]);
export type RecurrenceFrequency = z.infer<typeof recurrenceFrequencySchema>;
/** The most visits a recurrence with an end may have (ten years of weekly visits). */
export const MAX_RECURRING_VISITS = 520;
/** How many visits a recurrence with an end has: at least two (one visit is a one-off). */
export const recurringVisitCountSchema = z.number().int().min(2).max(MAX_RECURRING_VISITS);

/** The rule of a repeat, ending after `visits` visits when given ("FREQ=WEEKLY;COUNT=26"), else when the job closes. */
export function recurrenceRuleFor(frequency: RecurrenceFrequency, visits?: number | null): string {
  const rule = RECURRENCE_FREQUENCIES[frequency].rule;
  return visits ? `${rule};COUNT=${visits}` : rule;
}

/**
 * A stored rule in words: "Every week, 26 visits" for a repeat the product offers, "Every week" without an end; a rule
 * written by hand (BYDAY, UNTIL, …) as it is.
 */
export function describeRecurrence(rule: string): string {
  const parts = rule.replace(/^RRULE:/i, "").split(";");
  const count = parts.find((part) => part.startsWith("COUNT="));
  const base = parts.filter((part) => part !== count).join(";");
  const frequency = recurrenceFrequencySchema.options.find((key) => RECURRENCE_FREQUENCIES[key].rule === base);
  if (!frequency) return rule;
  const visits = count ? Number(count.slice("COUNT=".length)) : null;
  return visits
    ? `${RECURRENCE_FREQUENCIES[frequency].label}, ${visits} visits`
    : RECURRENCE_FREQUENCIES[frequency].label;
}

/**
 * An RFC 5545 recurrence rule without DTSTART (e.g. `FREQ=WEEKLY;BYDAY=MO`) and the first visit's start; the rule is
 * read in the company's time zone, so a weekly 9:00 visit stays at 9:00 across daylight-saving changes.
 */
export const recurrenceInputSchema = z.object({
  rule: text({ max: 500, trim: true }).min(1),
  start: isoDateTime,
});

export const createJobRequestSchema = z.object({
  customerId: uuid,
  title: text({ max: 200, trim: true }).min(1),
  description: text({ max: 5000 }).optional(),
  instructions: text({ max: 5000 }).optional(),
  /** Absent: a one-off job with one unscheduled visit. */
  recurrence: recurrenceInputSchema.optional(),
  /** Each visit's length; a recurring job's generated visits take it too. */
  visitDurationMinutes: visitDurationMinutesSchema.default(60),
  /** Absent or null: no window promised (any time in the crew's day). */
  arrivalWindowMinutes: arrivalWindowMinutesSchema.nullish(),
  /** One of the customer's properties; absent: the customer's first. */
  propertyId: uuid.optional(),
  /** Skills a crew needs to be given this job's visits. */
  requiredSkills: skillsSchema.optional(),
  lineItems: z.array(lineItemInputSchema).max(MAX_LINE_ITEMS).optional(),
  checklist: z.array(checklistItemInputSchema).max(MAX_CHECKLIST_ITEMS).optional(),
});
export type CreateJobRequest = z.input<typeof createJobRequestSchema>;
export type CreateJobInput = z.output<typeof createJobRequestSchema>;

export const updateJobRequestSchema = z.object({
  title: text({ max: 200, trim: true }).min(1).optional(),
  description: text({ max: 5000 }).nullable().optional(),
  instructions: text({ max: 5000 }).nullable().optional(),
  propertyId: uuid.optional(),
  requiredSkills: skillsSchema.optional(),
  lineItems: z.array(lineItemInputSchema).max(MAX_LINE_ITEMS).optional(),
  checklist: z.array(checklistItemInputSchema).max(MAX_CHECKLIST_ITEMS).optional(),
  /**
   * A new length or window for the job's visits: the ones generated from now on take it, and so does every visit not
   * yet started that is unscheduled or set for later (a visit whose time has passed keeps what it had).
   */
  visitDurationMinutes: visitDurationMinutesSchema.optional(),
  arrivalWindowMinutes: arrivalWindowMinutesSchema.nullable().optional(),
  /** Makes a one-off job recurring: its visits from the first visit's start (and from now on) are added. */
  recurrence: recurrenceInputSchema.optional(),
  closed: z.boolean().optional(),
  invoiced: z.boolean().optional(),
});
export type UpdateJobInput = z.output<typeof updateJobRequestSchema>;

export const addJobNoteRequestSchema = z.object({ body: text({ max: 5000, trim: true }).min(1) });

export const visitSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  crewId: z.string().nullable(),
  crewName: z.string().nullable(),
  status: visitStatusSchema,
  scheduledStart: z.string().nullable(),
  scheduledEnd: z.string().nullable(),
  durationMinutes: z.number(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  version: z.number(),
});
export type Visit = z.infer<typeof visitSchema>;

export const lineItemSchema = z.object({
  id: z.string(),
  service: z.string(),
  quantity: z.number(),
  unitPriceCents: z.number(),
  taxable: z.boolean(),
  totalCents: z.number(),
});

export const checklistItemSchema = z.object({ id: z.string(), label: z.string(), done: z.boolean() });

export const jobNoteSchema = z.object({
  id: z.string(),
  kind: z.enum(["note", "event"]),
  body: z.string(),
  authorUserId: z.string().nullable(),
  createdAt: z.string(),
});

export const jobSummarySchema = z.object({
  id: z.string(),
  number: z.number(),
  title: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  status: jobStatusSchema,
  recurring: z.boolean(),
  nextVisitAt: z.string().nullable(),
  totalCents: z.number(),
  createdAt: z.string(),
});
export type JobSummary = z.infer<typeof jobSummarySchema>;

export const jobDetailSchema = jobSummarySchema.extend({
  description: z.string().nullable(),
  instructions: z.string().nullable(),
  recurrence: z.object({ rule: z.string(), start: z.string() }).nullable(),
  visitDurationMinutes: z.number(),
  arrivalWindowMinutes: z.number().nullable(),
  property: z
    .object({ id: z.string(), label: z.string(), latitude: z.number().nullable(), longitude: z.number().nullable() })
    .nullable(),
  /** Where the work is done: the job's property, else the customer's main address; its point null when unlocated. */
  serviceAddress: z.object({
    address: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    locationPrecision: locationPrecisionSchema.nullable(),
  }),
  requiredSkills: z.array(z.string()),
  closedAt: z.string().nullable(),
  invoicedAt: z.string().nullable(),
  visits: z.array(visitSchema),
  lineItems: z.array(lineItemSchema),
  checklist: z.array(checklistItemSchema),
  notes: z.array(jobNoteSchema),
});
export type JobDetail = z.infer<typeof jobDetailSchema>;

export const listJobsQuerySchema = z.object({
  status: jobStatusSchema.optional(),
  crewId: uuid.optional(),
  customerId: uuid.optional(),
  /** Jobs with a visit scheduled in [from, to). */
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  search: text({ max: 100, trim: true }).optional(),
  cursor: text({ max: 200 }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type ListJobsQuery = z.output<typeof listJobsQuerySchema>;

export const jobListResponseSchema = z.object({
  items: z.array(jobSummarySchema),
  nextCursor: z.string().nullable(),
});
export type JobListResponse = z.infer<typeof jobListResponseSchema>;

export const visitListResponseSchema = z.object({ items: z.array(visitSchema) });

export const scheduleVisitRequestSchema = z.object({
  crewId: uuid.nullable(),
  start: isoDateTime,
  durationMinutes: visitDurationMinutesSchema,
  /** The version the dispatcher saw: a visit changed since is refused (409). */
  version: z.number().int().min(1),
});
export type ScheduleVisitInput = z.infer<typeof scheduleVisitRequestSchema>;

/** How long after the fact a start or a completion recorded without a connection may still be sent with its time. */
export const OFFLINE_ACTION_MAX_AGE_DAYS = 7;

export const transitionVisitRequestSchema = z.object({
  to: visitStatusSchema,
  version: z.number().int().min(1),
  /**
   * When the crew started or completed the visit, for one recorded on a device without a connection and sent later
   * (the field app's queue): within the last OFFLINE_ACTION_MAX_AGE_DAYS days. Now when left out.
   */
  occurredAt: z.iso.datetime({ offset: true }).max(40).optional(),
});
export type TransitionVisitInput = z.infer<typeof transitionVisitRequestSchema>;

export const idParamsSchema = z.object({ id: uuid });

export function lineItemTotalCents(item: { quantity: number; unitPriceCents: number }): number {
  return Math.round(item.quantity * item.unitPriceCents);
}

export const customerOptionsQuerySchema = z.object({ search: text({ max: 100, trim: true }).optional() });
export const customerOptionsResponseSchema = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type CustomerOption = z.infer<typeof customerOptionsResponseSchema>["items"][number];

export const listVisitsQuerySchema = z.object({
  from: isoDateTime,
  to: isoDateTime,
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type ListVisitsQuery = z.output<typeof listVisitsQuerySchema>;

export const jobEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/jobs",
    tags: ["jobs"],
    summary: "The company's jobs, newest first, filtered and paged by cursor",
    query: listJobsQuerySchema,
    response: jobListResponseSchema,
    capability: "jobs.manage",
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/api/jobs",
    tags: ["jobs"],
    summary: "Create a one-off or recurring job",
    body: createJobRequestSchema,
    status: 201,
    response: jobDetailSchema,
    capability: "jobs.manage",
  }),
  customerOptions: defineEndpoint({
    method: "GET",
    path: "/api/jobs/customer-options",
    tags: ["jobs"],
    summary: "Customers a job can be for, found by name, phone, e-mail or address",
    query: customerOptionsQuerySchema,
    response: customerOptionsResponseSchema,
    capability: "jobs.manage",
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/api/jobs/:id",
    tags: ["jobs"],
    summary: "A job with its visits, line items, checklist, notes and history",
    params: idParamsSchema,
    response: jobDetailSchema,
    capability: "jobs.manage",
  }),
  update: defineEndpoint({
    method: "PATCH",
    path: "/api/jobs/:id",
    tags: ["jobs"],
    summary:
      "Edit, close or mark a job invoiced; a new visit length or arrival window applies to its upcoming visits, and a one-off job can be made recurring",
    params: idParamsSchema,
    body: updateJobRequestSchema,
    response: jobDetailSchema,
    capability: "jobs.manage",
  }),
  visits: defineEndpoint({
    method: "GET",
    path: "/api/jobs/:id/visits",
    tags: ["jobs"],
    summary: "A job's visits",
    params: idParamsSchema,
    response: visitListResponseSchema,
    capability: "jobs.manage",
  }),
  addNote: defineEndpoint({
    method: "POST",
    path: "/api/jobs/:id/notes",
    tags: ["jobs"],
    summary: "Add a note to a job",
    params: idParamsSchema,
    body: addJobNoteRequestSchema,
    status: 201,
    response: jobNoteSchema,
    capability: "jobs.manage",
  }),
} as const;

export const visitEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/visits",
    tags: ["visits"],
    summary: "Visits in a time range (a field user's own crews' only)",
    query: listVisitsQuerySchema,
    response: visitListResponseSchema,
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/api/visits/:id",
    tags: ["visits"],
    summary: "A visit (a field user's own crew's only)",
    params: idParamsSchema,
    response: visitSchema,
  }),
  schedule: defineEndpoint({
    method: "POST",
    path: "/api/visits/:id/schedule",
    tags: ["visits"],
    summary: "Give a visit a crew, a start and a duration (with the version seen)",
    params: idParamsSchema,
    body: scheduleVisitRequestSchema,
    response: visitSchema,
    capability: "jobs.manage",
  }),
  transition: defineEndpoint({
    method: "POST",
    path: "/api/visits/:id/transition",
    tags: ["visits"],
    summary:
      "Move a visit along its lifecycle (with the version seen); with an Idempotency-Key, a replay of an applied move answers the visit as it is",
    params: idParamsSchema,
    headers: optionalIdempotencyHeadersSchema,
    body: transitionVisitRequestSchema,
    response: visitSchema,
  }),
} as const;
