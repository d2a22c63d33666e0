import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { telemetryEndpoints } from "@fieldops/shared/telemetry";
import type { TelemetrySender } from "@fieldops/domain/telemetry/occurred-at";
import { readAlerts, readTenantActivity, readVitals } from "@fieldops/domain/telemetry/read-telemetry";
import {
  recordBundleAlert,
  recordPerformance,
  recordPerformanceAlert,
  recordTelemetryEvent,
} from "@fieldops/domain/telemetry/record-telemetry";
import type { AppContext } from "../context.ts";
import { registerEndpoint } from "../http/endpoint-route.ts";
import { requirePlatformAdmin } from "../http/platform-admin.ts";

/** Per client address: a browser sends a handful a minute; anything far beyond that is abuse. */
export const TELEMETRY_EVENTS_PER_MINUTE = 120;
/** Per client address, across the three performance calls: one report per route change and an alert now and then. */
export const PERFORMANCE_REPORTS_PER_MINUTE = 120;
/** The largest telemetry body: a report is a few hundred bytes, its longest field a 2 KiB path. */
export const TELEMETRY_BODY_LIMIT = 16 * 1024;

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

  /** A telemetry call's handler: the body (validated and size-limited) stored with its sender from the session. */
  const stored =
    <Body>(record: (db: AppContext["db"], from: TelemetrySender, body: Body) => Promise<void>) =>
    async ({ body }: { body: Body }, request: FastifyRequest): Promise<null> => {
      await record(context.db, await sender(request), body);
      return null;
    };

  registerEndpoint(app, telemetryEndpoints.track, stored(recordTelemetryEvent), {
    bodyLimit: TELEMETRY_BODY_LIMIT,
    config: { rateLimit: { max: TELEMETRY_EVENTS_PER_MINUTE, timeWindow: 60_000 } },
  });
  registerEndpoint(app, telemetryEndpoints.performance, stored(recordPerformance), {
    bodyLimit: TELEMETRY_BODY_LIMIT,
    onRequest: performanceRateLimit,
  });
  registerEndpoint(app, telemetryEndpoints.alert, stored(recordPerformanceAlert), {
    bodyLimit: TELEMETRY_BODY_LIMIT,
    onRequest: performanceRateLimit,
  });
  registerEndpoint(app, telemetryEndpoints.bundleAlert, stored(recordBundleAlert), {
    bodyLimit: TELEMETRY_BODY_LIMIT,
    onRequest: performanceRateLimit,
  });

  // Cross-company reads for platform admins only (403 to anyone else), checked before anything is read.
  registerEndpoint(app, telemetryEndpoints.vitals, async ({ query }, request) => {
    await requirePlatformAdmin(context, request);
    return readVitals(context.db, query);
  });
  registerEndpoint(app, telemetryEndpoints.alerts, async ({ query }, request) => {
    await requirePlatformAdmin(context, request);
    return readAlerts(context.db, query);
  });
  registerEndpoint(app, telemetryEndpoints.tenantActivity, async ({ query }, request) => {
    await requirePlatformAdmin(context, request);
    return readTenantActivity(context.db, query);
  });
};
