import { withSystem, type Database } from "@fieldops/db";
import {
  BUNDLE_SIZE_THRESHOLD_BYTES,
  type BundleAlert,
  type PerformanceAlert,
  type PerformanceReport,
  type TelemetryTrackRequest,
} from "@fieldops/shared/telemetry";
import { occurredAt, type TelemetrySender } from "./occurred-at.ts";

/*
 * Telemetry arrives from signed-out visitors as well as from users, so it is written in the system context with the
 * sender the session names. The body's own claims of who sent it (a userId) or for which tenant (tenantId, tenant) are
 * not stored: its company is the session's, and a visitor's belongs to no company.
 */

export async function recordTelemetryEvent(
  db: Database,
  sender: TelemetrySender,
  body: TelemetryTrackRequest,
): Promise<void> {
  await withSystem(db, (tx) =>
    tx.telemetryEvent.create({
      data: {
        ...sender,
        event: body.event,
        path: body.path ?? null,
        fromPath: body.fromPath ?? null,
        toPath: body.toPath ?? null,
        impersonating: body.impersonating ?? false,
        mode: body.mode ?? null,
        occurredAt: occurredAt(body.timestamp),
      },
    }),
  );
}

export async function recordPerformance(
  db: Database,
  sender: TelemetrySender,
  report: PerformanceReport,
): Promise<void> {
  await withSystem(db, (tx) =>
    tx.performanceMetric.create({
      data: {
        ...sender,
        route: report.route,
        ttfb: report.ttfb ?? null,
        lcp: report.lcp ?? null,
        fid: report.fid ?? null,
        cls: report.cls ?? null,
        bundleSize: report.bundleSize ?? null,
        cacheHit: report.cacheHit ?? null,
        occurredAt: occurredAt(report.timestamp),
      },
    }),
  );
}

export async function recordPerformanceAlert(
  db: Database,
  sender: TelemetrySender,
  alert: PerformanceAlert,
): Promise<void> {
  await withSystem(db, (tx) =>
    tx.performanceAlert.create({
      data: {
        ...sender,
        kind: "metric",
        type: alert.type,
        metric: alert.metric,
        value: alert.value,
        threshold: alert.threshold,
        route: alert.route,
        userAgent: alert.userAgent ?? null,
        occurredAt: occurredAt(alert.timestamp),
      },
    }),
  );
}

export async function recordBundleAlert(db: Database, sender: TelemetrySender, alert: BundleAlert): Promise<void> {
  await withSystem(db, (tx) =>
    tx.performanceAlert.create({
      data: {
        ...sender,
        kind: "bundle",
        type: alert.type,
        metric: "bundle",
        value: alert.size,
        threshold: BUNDLE_SIZE_THRESHOLD_BYTES,
        route: alert.route,
        fileName: alert.fileName,
        occurredAt: occurredAt(alert.timestamp),
      },
    }),
  );
}
