import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { text } from "./text";

/**
 * POST /api/telemetry/track: routing and impersonation events. Failures are ignored by the client. The body's
 * `tenantId` and `userId` (and the vitals' `tenant` below) are accepted as the client sends them but never stored:
 * the server attributes telemetry to the session's company and user, and a signed-out visitor's to none.
 */
export const telemetryEventNameSchema = z.enum([
  "tenant_access",
  "tenant_navigation",
  "admin_impersonate_started",
  "admin_impersonate_ended",
  "router_mode",
]);
export type TelemetryEventName = z.infer<typeof telemetryEventNameSchema>;

const pathSchema = text({ max: 2048 });
const tenantSchema = text({ max: 100 });

/** When it happened on the client: epoch milliseconds or an ISO 8601 string. */
const clientTimestampSchema = z.union([z.number().int().nonnegative(), z.iso.datetime({ offset: true }).max(64)]);

export const telemetryTrackRequestSchema = z.object({
  event: telemetryEventNameSchema,
  tenantId: tenantSchema.optional(),
  userId: text({ max: 100 }).optional(),
  path: pathSchema.optional(),
  fromPath: pathSchema.optional(),
  toPath: pathSchema.optional(),
  impersonating: z.boolean().optional(),
  mode: text({ max: 50 }).optional(),
  timestamp: clientTimestampSchema.optional(),
});
export type TelemetryTrackRequest = z.infer<typeof telemetryTrackRequestSchema>;

/** The web vitals the client measures: time to first byte, largest contentful paint, interaction (INP, sent as fid), layout shift. */
export const vitalNameSchema = z.enum(["ttfb", "lcp", "fid", "cls"]);
export type VitalName = z.infer<typeof vitalNameSchema>;
export const VITAL_NAMES = vitalNameSchema.options;

/** Performance alert thresholds: milliseconds, except cls (a unitless score). */
export const PERFORMANCE_THRESHOLDS: Readonly<Record<VitalName, number>> = {
  ttfb: 1000,
  lcp: 2500,
  fid: 100,
  cls: 0.1,
};
/** A single JavaScript bundle larger than this many bytes raises a bundle alert. */
export const BUNDLE_SIZE_THRESHOLD_BYTES = 1_000_000;

/** Milliseconds up to an hour; a layout shift score is small, a milliseconds value never this large. */
const vitalValueSchema = z.number().finite().nonnegative().max(3_600_000);
const bundleBytesSchema = z.number().int().nonnegative().max(2_000_000_000);

export const performanceReportSchema = z
  .object({
    ttfb: vitalValueSchema.optional(),
    lcp: vitalValueSchema.optional(),
    fid: vitalValueSchema.optional(),
    cls: vitalValueSchema.optional(),
    route: pathSchema,
    tenant: tenantSchema.nullable().optional(),
    bundleSize: bundleBytesSchema.optional(),
    cacheHit: z.boolean().optional(),
    timestamp: clientTimestampSchema.optional(),
  })
  .refine((report) => VITAL_NAMES.some((name) => report[name] !== undefined), {
    message: "At least one metric is required",
    path: ["ttfb"],
  });
export type PerformanceReport = z.infer<typeof performanceReportSchema>;

export const performanceAlertSchema = z.object({
  type: text({ max: 50 }),
  metric: vitalNameSchema,
  value: vitalValueSchema,
  threshold: vitalValueSchema,
  route: pathSchema,
  tenant: tenantSchema.nullable().optional(),
  timestamp: clientTimestampSchema.optional(),
  userAgent: text({ max: 512 }).optional(),
});
export type PerformanceAlert = z.infer<typeof performanceAlertSchema>;

export const bundleAlertSchema = z.object({
  type: text({ max: 50 }),
  fileName: pathSchema,
  size: bundleBytesSchema,
  sizeMB: z.number().finite().nonnegative().max(2000),
  route: pathSchema,
  timestamp: clientTimestampSchema.optional(),
});
export type BundleAlert = z.infer<typeof bundleAlertSchema>;

export const PERFORMANCE_ALERT_TYPE = "performance_threshold_exceeded";
export const BUNDLE_ALERT_TYPE = "bundle_size_exceeded";

/** The metrics of `values` past their threshold (strictly above it), in the order ttfb, lcp, fid, cls. */
export function exceededThresholds(
  values: Partial<Record<VitalName, number>>,
): { metric: VitalName; value: number; threshold: number }[] {
  return VITAL_NAMES.flatMap((metric) => {
    const value = values[metric];
    const threshold = PERFORMANCE_THRESHOLDS[metric];
    return value !== undefined && value > threshold ? [{ metric, value, threshold }] : [];
  });
}

export function isBundleTooLarge(bytes: number): boolean {
  return bytes > BUNDLE_SIZE_THRESHOLD_BYTES;
}

/** How long telemetry is kept: the longest range the admin views show. */
export const TELEMETRY_RETENTION_DAYS = 90;

/** The admin charts' range: how many days back, ending now. */
export const telemetryRangeQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(TELEMETRY_RETENTION_DAYS).default(7),
});
export type TelemetryRangeQuery = z.infer<typeof telemetryRangeQuerySchema>;

export const vitalsGroupingSchema = z.enum(["route", "tenant"]);
export const vitalsQuerySchema = telemetryRangeQuerySchema.extend({ by: vitalsGroupingSchema.default("route") });

/** Buckets are hours for a range of up to two days, days beyond. */
export function telemetryBucket(days: number): "hour" | "day" {
  return days <= 2 ? "hour" : "day";
}

const p75Schema = z.number().nullable();
/** GET /api/admin/telemetry/vitals: the 75th percentile of each vital per group (route or tenant) and time bucket. */
export const vitalsSeriesSchema = z.object({
  bucket: z.enum(["hour", "day"]),
  points: z.array(
    z.object({
      key: z.string(),
      at: z.string(),
      samples: z.number().int(),
      ttfb: p75Schema,
      lcp: p75Schema,
      fid: p75Schema,
      cls: p75Schema,
    }),
  ),
});
export type VitalsSeries = z.infer<typeof vitalsSeriesSchema>;

/** GET /api/admin/telemetry/alerts: the latest alerts and how many arrived per bucket and kind. */
export const alertsOverviewSchema = z.object({
  bucket: z.enum(["hour", "day"]),
  counts: z.array(z.object({ at: z.string(), metric: z.string(), count: z.number().int() })),
  latest: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(["metric", "bundle"]),
      metric: z.string().nullable(),
      value: z.number(),
      threshold: z.number().nullable(),
      route: z.string(),
      tenant: z.string().nullable(),
      fileName: z.string().nullable(),
      occurredAt: z.string(),
    }),
  ),
});
export type AlertsOverview = z.infer<typeof alertsOverviewSchema>;

/** GET /api/admin/telemetry/tenant-activity: tenant events per tenant and bucket. */
export const tenantActivitySchema = z.object({
  bucket: z.enum(["hour", "day"]),
  points: z.array(
    z.object({
      tenant: z.string(),
      at: z.string(),
      accesses: z.number().int(),
      navigations: z.number().int(),
      impersonations: z.number().int(),
    }),
  ),
});
export type TenantActivity = z.infer<typeof tenantActivitySchema>;

/** The newest alerts the admin view lists. */
export const LATEST_ALERTS = 50;

const ID_SEGMENT = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+)$/i;

/** A path as the charts group it: ids (UUIDs, numbers) become `:id`, so /jobs/3 and /jobs/4 are one route. */
export function normalizeRoute(pathname: string): string {
  return pathname
    .split("/")
    .map((segment) => (ID_SEGMENT.test(segment) ? ":id" : segment))
    .join("/");
}

export const telemetryEndpoints = {
  track: defineEndpoint({
    method: "POST",
    path: "/api/telemetry/track",
    tags: ["telemetry"],
    summary: "Record a routing or impersonation event",
    body: telemetryTrackRequestSchema,
    status: 204,
    response: z.null(),
  }),
  performance: defineEndpoint({
    method: "POST",
    path: "/api/brain/telemetry/performance",
    tags: ["telemetry"],
    summary: "Record a page's web vitals",
    body: performanceReportSchema,
    status: 204,
    response: z.null(),
  }),
  alert: defineEndpoint({
    method: "POST",
    path: "/api/brain/telemetry/alert",
    tags: ["telemetry"],
    summary: "Record a web vital past its threshold",
    body: performanceAlertSchema,
    status: 204,
    response: z.null(),
  }),
  bundleAlert: defineEndpoint({
    method: "POST",
    path: "/api/brain/telemetry/bundle-alert",
    tags: ["telemetry"],
    summary: "Record a script bundle past its size limit",
    body: bundleAlertSchema,
    status: 204,
    response: z.null(),
  }),
  vitals: defineEndpoint({
    method: "GET",
    path: "/api/admin/telemetry/vitals",
    tags: ["telemetry"],
    summary: "Platform admins: the 75th percentile of each web vital by route or tenant over time",
    query: vitalsQuerySchema,
    response: vitalsSeriesSchema,
  }),
  alerts: defineEndpoint({
    method: "GET",
    path: "/api/admin/telemetry/alerts",
    tags: ["telemetry"],
    summary: "Platform admins: performance and bundle alerts over time, and the latest ones",
    query: telemetryRangeQuerySchema,
    response: alertsOverviewSchema,
  }),
  tenantActivity: defineEndpoint({
    method: "GET",
    path: "/api/admin/telemetry/tenant-activity",
    tags: ["telemetry"],
    summary: "Platform admins: tenant accesses, navigations and impersonations over time",
    query: telemetryRangeQuerySchema,
    response: tenantActivitySchema,
  }),
} as const;
