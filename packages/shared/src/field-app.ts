import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { idempotencyHeadersSchema } from "./idempotency";
import { checklistItemSchema, idParamsSchema } from "./jobs";
import { text } from "./text";
import { visitStatusSchema } from "./visit-lifecycle";

/** Where the field app lives; any other path under it shows the field dashboard. */
export const FIELD_APP_PATH = "/app";
/** How often the service worker (/service-worker.js) is asked for a new build. */
export const SERVICE_WORKER_UPDATE_INTERVAL_MS = 3_600_000;
export const APP_UPDATED_MESSAGE = "App Updated - Refresh to get the latest version";

/** Today and the next two days: what the field app shows (and, later, keeps on the device). */
export const FIELD_APP_DAYS = 3;

const fieldVisitNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
});

export const fieldVisitSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  jobNumber: z.number(),
  jobTitle: z.string(),
  customerName: z.string(),
  status: visitStatusSchema,
  crewId: z.string().nullable(),
  crewName: z.string().nullable(),
  scheduledStart: z.string().nullable(),
  scheduledEnd: z.string().nullable(),
  /** The time promised to the customer: the start give or take this many minutes (null: none promised). */
  arrivalWindowMinutes: z.number().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  version: z.number(),
  instructions: z.string().nullable(),
  property: z
    .object({
      label: z.string(),
      address: z.string(),
      accessNotes: z.string().nullable(),
      gateCode: z.string().nullable(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
    })
    .nullable(),
  checklist: z.array(checklistItemSchema),
  lineItems: z.array(z.object({ id: z.string(), service: z.string(), quantity: z.number() })),
  /** What people wrote on the job (not its history), oldest first. */
  notes: z.array(fieldVisitNoteSchema),
});
export type FieldVisit = z.infer<typeof fieldVisitSchema>;

/** A crew's planned driving for a day, from the route plan applied to it. */
const fieldRouteDriveSchema = z.object({ date: z.string(), crewId: z.string(), driveSeconds: z.number() });

/**
 * The drive to a visit from its crew's previous visit of the day, estimated from the two addresses (straight line
 * times a road factor, at a town's average speed): what the technician has between two stops.
 */
const fieldLegSchema = z.object({ toVisitId: z.string(), driveSeconds: z.number(), distanceMeters: z.number() });

const fieldVisitsResponseSchema = z.object({
  /** Today in the company's time zone, and the zone the times are shown in. */
  date: z.string(),
  timeZone: z.string(),
  /** The user's crews' visits of today and the next days, canceled ones left out, by start. */
  visits: z.array(fieldVisitSchema),
  drive: z.array(fieldRouteDriveSchema),
  legs: z.array(fieldLegSchema),
});
export type FieldVisitsResponse = z.infer<typeof fieldVisitsResponseSchema>;

const setChecklistItemRequestSchema = z.object({ done: z.boolean() });
const addFieldNoteRequestSchema = z.object({ body: text({ max: 5000, trim: true }).min(1) });

/** A customer's conversation as a field user reads it: no replies from the field app. */
const fieldThreadSchema = z.object({
  id: z.string(),
  customerName: z.string(),
  lastMessageAt: z.string(),
  unreadCount: z.number(),
  messages: z.array(
    z.object({
      id: z.string(),
      direction: z.enum(["inbound", "outbound"]),
      body: z.string(),
      createdAt: z.string(),
    }),
  ),
});
const fieldThreadsResponseSchema = z.object({ threads: z.array(fieldThreadSchema), unreadTotal: z.number() });

const visitItemParamsSchema = z.object({ id: z.uuid(), itemId: z.uuid() });

export const fieldAppEndpoints = {
  visits: defineEndpoint({
    method: "GET",
    path: "/api/field/visits",
    tags: ["field app"],
    summary: "The signed-in user's crews' visits of today and the next two days, with what is needed on site",
    response: fieldVisitsResponseSchema,
  }),
  visit: defineEndpoint({
    method: "GET",
    path: "/api/field/visits/:id",
    tags: ["field app"],
    summary: "A visit with what is needed on site (a field user's own crew's only)",
    params: idParamsSchema,
    response: fieldVisitSchema,
  }),
  setChecklistItem: defineEndpoint({
    method: "PUT",
    path: "/api/field/visits/:id/checklist/:itemId",
    tags: ["field app"],
    summary: "Tick or untick an item of the visit's checklist, once per Idempotency-Key (its crew or the office)",
    params: visitItemParamsSchema,
    headers: idempotencyHeadersSchema,
    body: setChecklistItemRequestSchema,
    response: fieldVisitSchema,
  }),
  addNote: defineEndpoint({
    method: "POST",
    path: "/api/field/visits/:id/notes",
    tags: ["field app"],
    summary: "Add a note to the visit's job, once per Idempotency-Key (its crew or the office)",
    params: idParamsSchema,
    headers: idempotencyHeadersSchema,
    body: addFieldNoteRequestSchema,
    response: fieldVisitSchema,
  }),
  threads: defineEndpoint({
    method: "GET",
    path: "/api/field/messages",
    tags: ["field app"],
    summary: "The conversations of the customers of the user's crews' visits of today and the next two days, to read",
    response: fieldThreadsResponseSchema,
  }),
} as const;
