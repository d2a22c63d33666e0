import { z } from "zod";
import { calendarDaySchema } from "./calendar-day";
import { defineEndpoint } from "./endpoint";
import { text } from "./text";

export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  actorUserId: z.string().nullable(),
  /** Who it was, or "System" for changes nobody made by hand. */
  actorName: z.string(),
  summary: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const MAX_AUDIT_PAGE = 200;
/** The most rows one CSV export holds. */
export const MAX_AUDIT_EXPORT = 10_000;

/** Filters of the audit log; dates are calendar days in the company's time zone, both ends included. */
export const auditQuerySchema = z.object({
  actorUserId: z.uuid().optional(),
  action: text({ max: 100, trim: true }).optional(),
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_AUDIT_PAGE).default(50),
  /** The id of the last entry of the previous page. */
  after: z.uuid().optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditListResponseSchema = z.object({
  items: z.array(auditEntrySchema).max(MAX_AUDIT_PAGE),
  /** The id to ask `after` for the next page; null on the last one. */
  nextAfter: z.string().nullable(),
  /** What the filters can choose from. */
  actions: z.array(z.string()).max(500),
  users: z.array(z.object({ id: z.string(), name: z.string() })).max(1000),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

/** The CSV export's filters: the list's, without its paging. */
export const auditExportQuerySchema = auditQuerySchema.omit({ limit: true, after: true });

export const auditEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/audit-log",
    tags: ["security"],
    summary: "The company's audit log, newest first, by user, action and dates (owners; Growth plan and above)",
    query: auditQuerySchema,
    response: auditListResponseSchema,
    capability: "audit.read",
  }),
  export: defineEndpoint({
    method: "GET",
    path: "/api/audit-log/export",
    tags: ["security"],
    summary: "The filtered audit log as CSV (owners; Growth plan and above)",
    query: auditExportQuerySchema,
    produces: "text/csv",
    response: z.string(),
    capability: "audit.read",
  }),
} as const;
