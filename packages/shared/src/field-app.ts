import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { base64Length } from "./company-settings";
import { distanceSourceSchema } from "./dispatch";
import { idempotencyHeadersSchema } from "./idempotency";
import { checklistItemSchema, idParamsSchema } from "./jobs";
import { text } from "./text";
import { visitStatusSchema } from "./visit-lifecycle";

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

/** The images a photo or a signature may be: the server checks their first bytes, not only what the device says. */
export const FIELD_FILE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** The largest photo kept (the device compresses before it sends, so this is a bound, not the usual size). */
export const FIELD_FILE_MAX_BYTES = 15 * 1024 * 1024;
/** An upload is sent in chunks of at most this many bytes; a file up to it goes whole in the request that creates it. */
export const FIELD_UPLOAD_CHUNK_BYTES = 512 * 1024;
const fieldFileKindSchema = z.enum(["photo", "signature"]);

/** A photo or the customer's signature taken on a visit, as the field app and the office's job page show it. */
export const visitFileSchema = z.object({
  id: z.string(),
  visitId: z.string(),
  kind: fieldFileKindSchema,
  contentType: z.string(),
  byteSize: z.number(),
  takenAt: z.string(),
  takenByName: z.string().nullable(),
  /** Who signed (a signature only). */
  signerName: z.string().nullable(),
  /** Where the image is read, for who may see the visit (the session cookie of an img tag will do). */
  url: z.string(),
});
export type VisitFile = z.infer<typeof visitFileSchema>;

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
  /** The job's photos and signatures, from every visit, oldest first. */
  files: z.array(visitFileSchema),
});
export type FieldVisit = z.infer<typeof fieldVisitSchema>;

/** A crew's planned driving for a day, from the route plan applied to it. */
const fieldRouteDriveSchema = z.object({ date: z.string(), crewId: z.string(), driveSeconds: z.number() });

/**
 * The drive to a visit from its crew's previous visit of the day, what the technician has between two stops: by road
 * when a road distance server (OSRM) is configured, otherwise estimated from the two addresses (straight line times a
 * road factor, at a town's average speed).
 */
const fieldLegSchema = z.object({
  toVisitId: z.string(),
  driveSeconds: z.number(),
  distanceMeters: z.number(),
  source: distanceSourceSchema,
});

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

/**
 * A visit the office took off the user's crew after they took a note, a photo or a signature on it (sent later from
 * the device): what they sent is on the job all the same, and this says where the visit went (no crew: null).
 */
const fieldVisitMovedAwaySchema = z.object({ crewName: z.string().nullable() });
export type FieldVisitMovedAway = z.infer<typeof fieldVisitMovedAwaySchema>;

/** A note added: the visit with it, or (a visit no longer the user's crew's) where the visit went instead. */
const fieldNoteResultSchema = z.object({
  visit: fieldVisitSchema.nullable(),
  movedAway: fieldVisitMovedAwaySchema.nullable(),
});
export type FieldNoteResult = z.infer<typeof fieldNoteResultSchema>;

const setChecklistItemRequestSchema = z.object({ done: z.boolean() });
const addFieldNoteRequestSchema = z.object({ body: text({ max: 5000, trim: true }).min(1) });

const base64Chunk = text({ max: base64Length(FIELD_UPLOAD_CHUNK_BYTES) })
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, "Not base64")
  .min(4, "The chunk is empty");

const createFieldUploadRequestSchema = z.object({
  kind: fieldFileKindSchema,
  contentType: z.enum(FIELD_FILE_TYPES),
  /** The whole file's size in bytes. */
  size: z
    .number()
    .int()
    .min(1)
    .max(FIELD_FILE_MAX_BYTES, `A file may be at most ${FIELD_FILE_MAX_BYTES / 1024 / 1024} MB`),
  /** When the device took it: within the last OFFLINE_ACTION_MAX_AGE_DAYS days, as a start recorded offline. */
  takenAt: z.iso.datetime({ offset: true }).max(40),
  /** Who signed: required for a signature, refused for a photo. */
  signerName: text({ max: 200, trim: true }).min(1).optional(),
  /** The whole file, when it is no bigger than a chunk; otherwise its chunks follow. */
  dataBase64: base64Chunk.optional(),
});
export type CreateFieldUploadRequest = z.infer<typeof createFieldUploadRequestSchema>;

const fieldUploadChunkRequestSchema = z.object({
  /** Where this chunk starts: the bytes the server has so far (an upload's `offset`). */
  offset: z.number().int().min(0).max(FIELD_FILE_MAX_BYTES),
  dataBase64: base64Chunk,
});

/** An upload: how many of its bytes the server has; once all are in and checked, the stored file. */
const fieldUploadSchema = z.object({
  id: z.string(),
  offset: z.number(),
  size: z.number(),
  file: visitFileSchema.nullable(),
  /** Set when the visit is no longer the user's crew's: the file is stored on its job all the same. */
  movedAway: fieldVisitMovedAwaySchema.nullable(),
});
export type FieldUpload = z.infer<typeof fieldUploadSchema>;

/**
 * A conversation the office shares with one of the user's crews, as a field user reads it (no replies from the field
 * app); `unreadCount` is the messages the user has not read (all of them until they first open it).
 */
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
export type FieldThreadsResponse = z.infer<typeof fieldThreadsResponseSchema>;

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
    summary:
      "Add a note to the visit's job, once per Idempotency-Key (its crew, a crew the office took it from in the last days, or the office)",
    params: idParamsSchema,
    headers: idempotencyHeadersSchema,
    body: addFieldNoteRequestSchema,
    response: fieldNoteResultSchema,
  }),
  createUpload: defineEndpoint({
    method: "POST",
    path: "/api/field/visits/:id/uploads",
    tags: ["field app"],
    summary:
      "Start the upload of a photo or the customer's signature (whole when small), once per Idempotency-Key: sent again, it answers the same upload and how much of it the server has (its crew, a crew the office took it from in the last days, or the office)",
    params: idParamsSchema,
    headers: idempotencyHeadersSchema,
    body: createFieldUploadRequestSchema,
    response: fieldUploadSchema,
  }),
  upload: defineEndpoint({
    method: "GET",
    path: "/api/field/uploads/:id",
    tags: ["field app"],
    summary: "How much of an upload the server has: where its next chunk starts",
    params: idParamsSchema,
    response: fieldUploadSchema,
  }),
  sendChunk: defineEndpoint({
    method: "PATCH",
    path: "/api/field/uploads/:id",
    tags: ["field app"],
    summary: "Send the next chunk of an upload at its offset; the last one stores the file (409 at another offset)",
    params: idParamsSchema,
    body: fieldUploadChunkRequestSchema,
    response: fieldUploadSchema,
  }),
  file: defineEndpoint({
    method: "GET",
    path: "/api/visit-files/:id",
    tags: ["field app"],
    summary: "A visit's photo or signature image (who may see the visit)",
    params: idParamsSchema,
    produces: "image/*",
    response: z.any(),
  }),
  jobFiles: defineEndpoint({
    method: "GET",
    path: "/api/jobs/:id/files",
    tags: ["field app"],
    summary: "The photos and signatures taken on a job's visits, oldest first",
    params: idParamsSchema,
    response: z.object({ files: z.array(visitFileSchema) }),
    capability: "jobs.manage",
  }),
  threads: defineEndpoint({
    method: "GET",
    path: "/api/field/messages",
    tags: ["field app"],
    summary:
      "The conversations the office shares with the user's crews, newest first, to read, with the user's unread counts",
    response: fieldThreadsResponseSchema,
  }),
  markThreadRead: defineEndpoint({
    method: "POST",
    path: "/api/field/threads/:id/read",
    tags: ["field app"],
    summary: "Mark a conversation shared with the user's crew read by the user (their badge drops)",
    params: idParamsSchema,
    status: 204,
    response: z.null(),
  }),
} as const;
