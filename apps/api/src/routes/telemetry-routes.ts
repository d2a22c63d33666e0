import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { errorResponseSchema } from "@fieldops/shared/auth";
import {
  alertsOverviewSchema,
  bundleAlertSchema,
  performanceAlertSchema,
  performanceReportSchema,
  telemetryRangeQuerySchema,
  telemetryTrackRequestSchema,
  tenantActivitySchema,
  vitalsQuerySchema,
  vitalsSeriesSchema,
} from "@fieldops/shared/telemetry";
import type { TelemetrySender } from "@fieldops/domain/telemetry/occurred-at";
import { readAlerts, readTenantActivity, readVitals } from "@fieldops/domain/telemetry/read-telemetry";
import {
  recordBundleAlert,
  recordPerformance,
  recordPerformanceAlert,
  recordTelemetryEvent,
} from "@fieldops/domain/telemetry/record-telemetry";
import type { AppContext } from "../context.ts";
import { requirePlatformAdmin } from "../http/platform-admin.ts";
import { API_PATHS } from "@fieldops/shared/api-paths";

/** Per client address: a browser sends a handful a minute; anything far beyond that is abuse. */
export const TELEMETRY_EVENTS_PER_MINUTE = 120;
/** Per client address, across the three performance calls: one report per route change and an alert now and then. */
export const PERFORMANCE_REPORTS_PER_MINUTE = 120;
/** The largest telemetry body: a report is a few hundred bytes, its longest field a 2 KiB path. */
export const TELEMETRY_BODY_LIMIT = 16 * 1024;

const accepted = { 204: z.null(), 400: errorResponseSchema, 413: errorResponseSchema, 429: errorResponseSchema };
const adminErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const telemetryRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  // One count per address for the three calls together (a route's own `config.rateLimit` counts each route apart).
  const performanceRateLimit = app.rateLimit({
    max: PERFORMANCE_REPORTS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `brain-telemetry:${request.ip}`,
  });
  /** Who sent it is the session's say, not the body's: telemetry from signed-out visitors belongs to no company. */
  const sender = async (request: FastifyRequest): Promise<TelemetrySender> => {
    const user = await context.authenticate(request);
    return { companyId: user?.companyId ?? null, userId: user?.id ?? null };
  };

  /** A telemetry call: the body validated and size-limited, its sender from the session, 204 once stored. */
  const telemetryCall = <Body>(
    path: string,
    summary: string,
    body: z.ZodType<Body>,
    limit: { config: { rateLimit: { max: number; timeWindow: number } } } | { onRequest: typeof performanceRateLimit },
    record: (db: AppContext["db"], from: TelemetrySender, body: Body) => Promise<void>,
  ) =>
    app.post(
      path,
      { bodyLimit: TELEMETRY_BODY_LIMIT, ...limit, schema: { tags: ["telemetry"], summary, body, response: accepted } },
      async (request, reply) => {
        await record(context.db, await sender(request), request.body as Body);
        return reply.status(204).send(null);
      },
    );

  telemetryCall(
    API_PATHS.telemetryTrack,
    "Record a routing or impersonation event",
    telemetryTrackRequestSchema,
    { config: { rateLimit: { max: TELEMETRY_EVENTS_PER_MINUTE, timeWindow: 60_000 } } },
    recordTelemetryEvent,
  );
  telemetryCall(
    API_PATHS.telemetryPerformance,
    "Record a page's web vitals",
    performanceReportSchema,
    { onRequest: performanceRateLimit },
    recordPerformance,
  );
  telemetryCall(
    API_PATHS.telemetryAlert,
    "Record a web vital past its threshold",
    performanceAlertSchema,
    { onRequest: performanceRateLimit },
    recordPerformanceAlert,
  );
  telemetryCall(
    API_PATHS.telemetryBundleAlert,
    "Record a script bundle past its size limit",
    bundleAlertSchema,
    { onRequest: performanceRateLimit },
    recordBundleAlert,
  );

  /** A cross-company read for platform admins only (403 to anyone else), checked before anything is read. */
  const adminRead = <Query, Result>(
    path: string,
    summary: string,
    querystring: z.ZodType<Query>,
    response: z.ZodType<Result>,
    read: (db: AppContext["db"], query: Query) => Promise<Result>,
  ) =>
    app.get(
      path,
      { schema: { tags: ["telemetry"], summary, querystring, response: { 200: response, ...adminErrors } } },
      async (request) => {
        await requirePlatformAdmin(context, request);
        return read(context.db, request.query as Query);
      },
    );

  adminRead(
    API_PATHS.adminTelemetryVitals,
    "Platform admins: the 75th percentile of each web vital by route or tenant over time",
    vitalsQuerySchema,
    vitalsSeriesSchema,
    readVitals,
  );
  adminRead(
    API_PATHS.adminTelemetryAlerts,
    "Platform admins: performance and bundle alerts over time, and the latest ones",
    telemetryRangeQuerySchema,
    alertsOverviewSchema,
    readAlerts,
  );
  adminRead(
    API_PATHS.adminTelemetryTenantActivity,
    "Platform admins: tenant accesses, navigations and impersonations over time",
    telemetryRangeQuerySchema,
    tenantActivitySchema,
    readTenantActivity,
  );
};
