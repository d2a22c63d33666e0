import { Prisma, withSystem, type Database } from "@fieldops/db";
import {
  LATEST_ALERTS,
  telemetryBucket,
  type AlertsOverview,
  type TelemetryRangeQuery,
  type TenantActivity,
  type VitalsSeries,
} from "@fieldops/shared/telemetry";

/** The charts draw this many routes or tenants: the ones with the most samples in the range. */
export const TOP_GROUPS = 10;
/** Telemetry of no company (signed-out visitors) is grouped under this key. */
export const NO_TENANT = "(app)";

/*
 * Platform-wide reads for the platform's administrators: the route checks the role, then these read every company's
 * telemetry in the system context. Percentiles and buckets are computed by PostgreSQL. A tenant is the company of the
 * session that sent the row (companyId), shown by its slug; what a body claimed is never stored.
 */

function range(query: TelemetryRangeQuery, now: Date) {
  return { since: new Date(now.getTime() - query.days * 24 * 3600 * 1000), bucket: telemetryBucket(query.days) };
}

export async function readVitals(
  db: Database,
  query: TelemetryRangeQuery & { by: "route" | "tenant" },
  now = new Date(),
): Promise<VitalsSeries> {
  const { since, bucket } = range(query, now);
  const key = query.by === "route" ? Prisma.sql`m.route` : Prisma.sql`COALESCE(c.slug, ${NO_TENANT})`;
  const rows = await withSystem(
    db,
    (tx) =>
      tx.$queryRaw<
        {
          key: string;
          at: Date;
          samples: number;
          ttfb: number | null;
          lcp: number | null;
          fid: number | null;
          cls: number | null;
        }[]
      >`
      WITH recent AS (
        SELECT ${key} AS key, m.* FROM performance_metrics m LEFT JOIN companies c ON c.id = m."companyId"
        WHERE m."occurredAt" >= ${since}
      ), top AS (
        SELECT key FROM recent GROUP BY key ORDER BY count(*) DESC, key LIMIT ${TOP_GROUPS}
      )
      SELECT recent.key, date_trunc(${bucket}, "occurredAt") AS at, count(*)::int AS samples,
             percentile_cont(0.75) WITHIN GROUP (ORDER BY ttfb) AS ttfb,
             percentile_cont(0.75) WITHIN GROUP (ORDER BY lcp) AS lcp,
             percentile_cont(0.75) WITHIN GROUP (ORDER BY fid) AS fid,
             percentile_cont(0.75) WITHIN GROUP (ORDER BY cls) AS cls
      FROM recent JOIN top USING (key)
      GROUP BY recent.key, at
      ORDER BY at, recent.key`,
  );
  return { bucket, points: rows.map((row) => ({ ...row, at: row.at.toISOString() })) };
}

export async function readAlerts(db: Database, query: TelemetryRangeQuery, now = new Date()): Promise<AlertsOverview> {
  const { since, bucket } = range(query, now);
  return withSystem(db, async (tx) => {
    const counts = await tx.$queryRaw<{ at: Date; metric: string; count: number }[]>`
      SELECT date_trunc(${bucket}, "occurredAt") AS at, COALESCE(metric, kind) AS metric, count(*)::int AS count
      FROM performance_alerts WHERE "occurredAt" >= ${since}
      GROUP BY at, 2 ORDER BY at, 2`;
    const latest = await tx.performanceAlert.findMany({
      where: { occurredAt: { gte: since } },
      orderBy: { occurredAt: "desc" },
      take: LATEST_ALERTS,
      select: {
        id: true,
        kind: true,
        metric: true,
        value: true,
        threshold: true,
        route: true,
        companyId: true,
        fileName: true,
        occurredAt: true,
      },
    });
    const companyIds = [...new Set(latest.flatMap((alert) => (alert.companyId ? [alert.companyId] : [])))];
    const slugs = new Map(
      (await tx.company.findMany({ where: { id: { in: companyIds } }, select: { id: true, slug: true } })).map(
        (company) => [company.id, company.slug],
      ),
    );
    return {
      bucket,
      counts: counts.map((row) => ({ ...row, at: row.at.toISOString() })),
      latest: latest.map(({ companyId, ...alert }) => ({
        ...alert,
        tenant: (companyId && slugs.get(companyId)) || null,
        kind: alert.kind === "bundle" ? "bundle" : "metric",
        occurredAt: alert.occurredAt.toISOString(),
      })),
    };
  });
}

export async function readTenantActivity(
  db: Database,
  query: TelemetryRangeQuery,
  now = new Date(),
): Promise<TenantActivity> {
  const { since, bucket } = range(query, now);
  const rows = await withSystem(
    db,
    (tx) =>
      tx.$queryRaw<{ tenant: string; at: Date; accesses: number; navigations: number; impersonations: number }[]>`
      WITH recent AS (
        SELECT c.slug AS tenant, e.event, e."occurredAt" FROM telemetry_events e JOIN companies c ON c.id = e."companyId"
        WHERE e."occurredAt" >= ${since}
          AND e.event IN ('tenant_access', 'tenant_navigation', 'admin_impersonate_started')
      ), top AS (
        SELECT tenant FROM recent GROUP BY tenant ORDER BY count(*) DESC, tenant LIMIT ${TOP_GROUPS}
      )
      SELECT recent.tenant, date_trunc(${bucket}, "occurredAt") AS at,
             count(*) FILTER (WHERE event = 'tenant_access')::int AS accesses,
             count(*) FILTER (WHERE event = 'tenant_navigation')::int AS navigations,
             count(*) FILTER (WHERE event = 'admin_impersonate_started')::int AS impersonations
      FROM recent JOIN top USING (tenant)
      GROUP BY recent.tenant, at
      ORDER BY at, recent.tenant`,
  );
  return { bucket, points: rows.map((row) => ({ ...row, at: row.at.toISOString() })) };
}
