import { useId, useState, type ReactNode } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import {
  PERFORMANCE_THRESHOLDS,
  VITAL_NAMES,
  vitalNameSchema,
  type AlertsOverview,
  type VitalName,
} from "@fieldops/shared/telemetry";
import { DataTable } from "../../components/data-table";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { bucketLabel, formatVital, pivotSeries, seriesColor } from "./telemetry-chart-data";
import { useAlerts, useTenantActivity, useVitals } from "./telemetry-queries";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";

const AXIS = { fontSize: 12, fill: "var(--color-muted-foreground)" };
const VITAL_LABELS: Record<VitalName, string> = { ttfb: "TTFB", lcp: "LCP", fid: "INP (fid)", cls: "CLS" };
const RANGES = [
  { days: 1, label: "Last 24 hours" },
  { days: 7, label: "Last 7 days" },
  { days: 30, label: "Last 30 days" },
] as const;

/** How an alert reads in the table: its vital (or bundle) and its value against the threshold. */
function describeAlert(alert: AlertsOverview["latest"][number]): { name: string; value: string } {
  const vital = vitalNameSchema.safeParse(alert.metric).data;
  if (alert.kind === "bundle" || !vital)
    return { name: `Bundle ${alert.fileName ?? ""}`.trim(), value: `${(alert.value / 1_000_000).toFixed(2)} MB` };
  return {
    name: VITAL_LABELS[vital],
    value: `${formatVital(vital, alert.value)} (over ${formatVital(vital, alert.threshold)})`,
  };
}

type Query<T> = { isPending: boolean; isError: boolean; isFetching: boolean; data?: T; refetch: () => unknown };

/** A panel's card: its title, and its body once its data has come. */
function Panel<T>({
  title,
  description,
  query,
  children,
}: {
  title: string;
  description: string;
  query: Query<T>;
  children: (data: T) => ReactNode;
}) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? (
          <LoadingBlock label={`Loading ${title.toLowerCase()}`} />
        ) : query.isError || query.data === undefined ? (
          <ErrorBlock
            title={`${title} could not be loaded`}
            retry={() => void query.refetch()}
            busy={query.isFetching}
          />
        ) : (
          children(query.data)
        )}
      </CardContent>
    </Card>
  );
}

/** A chart is a picture of the table beside it, which carries its figures for screen readers. */
function ChartFrame({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div aria-hidden="true" className="h-64 w-full" data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

/** Counts over time, a stacked bar per key. */
function StackedBarsOverTime({
  testId,
  rows,
  keys,
  bucket,
}: {
  testId: string;
  rows: Record<string, string | number>[];
  keys: string[];
  bucket: "hour" | "day";
}) {
  return (
    <ChartFrame testId={testId}>
      <BarChart data={rows} margin={{ left: 8, right: 16, top: 4, bottom: 4 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} strokeDasharray="3 3" stroke="var(--color-border)" />
        <XAxis
          dataKey="at"
          tickFormatter={(at: string) => bucketLabel(at, bucket)}
          tick={AXIS}
          stroke="var(--color-border)"
        />
        <YAxis allowDecimals={false} width={40} tick={AXIS} stroke="var(--color-border)" />
        <Tooltip labelFormatter={(at) => bucketLabel(String(at), bucket)} />
        <Legend />
        {keys.map((key, index) => (
          <Bar key={key} dataKey={key} stackId={testId} fill={seriesColor(index)} isAnimationActive={false} />
        ))}
      </BarChart>
    </ChartFrame>
  );
}

/** The 75th percentile of one vital over time, a line per route or per tenant, with the latest figures in a table. */
export function VitalsPanel({ days, by, metric }: { days: number; by: "route" | "tenant"; metric: VitalName }) {
  const vitals = useVitals(days, by);
  const title = by === "route" ? "Web vitals by route" : "Web vitals by tenant";
  return (
    <Panel
      title={title}
      description={`75th percentile of ${VITAL_LABELS[metric]}; alert threshold ${formatVital(metric, PERFORMANCE_THRESHOLDS[metric])}.`}
      query={vitals}
    >
      {(series) => {
        if (series.points.length === 0)
          return <p className="text-sm text-muted-foreground">No vitals were reported in this range.</p>;
        const { rows, keys } = pivotSeries(
          series.points,
          (point) => point.key,
          (point) => point[metric],
        );
        const latest = new Map(series.points.map((point) => [point.key, point]));
        const samples = new Map<string, number>();
        for (const point of series.points) samples.set(point.key, (samples.get(point.key) ?? 0) + point.samples);
        return (
          <>
            <ChartFrame testId={`vitals-chart-${by}`}>
              <LineChart data={rows} margin={{ left: 8, right: 16, top: 4, bottom: 4 }} accessibilityLayer={false}>
                <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
                <XAxis
                  dataKey="at"
                  tickFormatter={(at: string) => bucketLabel(at, series.bucket)}
                  tick={AXIS}
                  stroke="var(--color-border)"
                />
                <YAxis
                  tickFormatter={(value: number) => formatVital(metric, value)}
                  width={80}
                  tick={AXIS}
                  stroke="var(--color-border)"
                />
                <Tooltip
                  labelFormatter={(at) => bucketLabel(String(at), series.bucket)}
                  formatter={(value) => formatVital(metric, Number(value))}
                />
                <Legend />
                {keys.map((key, index) => (
                  <Line
                    key={key}
                    type="monotone"
                    dataKey={key}
                    stroke={seriesColor(index)}
                    dot={false}
                    connectNulls
                    isAnimationActive={false}
                  />
                ))}
              </LineChart>
            </ChartFrame>
            <DataTable
              caption={`${title}: the 75th percentile of each vital in the latest ${series.bucket}`}
              density="compact"
              rows={keys}
              rowKey={(key) => key}
              columns={[
                { id: "key", header: by === "route" ? "Route" : "Tenant", className: "break-all", cell: (key) => key },
                { id: "samples", header: "Samples", cell: (key) => samples.get(key) },
                ...VITAL_NAMES.map((name) => ({
                  id: name,
                  header: VITAL_LABELS[name],
                  cell: (key: string) => formatVital(name, latest.get(key)?.[name] ?? null),
                })),
              ]}
            />
          </>
        );
      }}
    </Panel>
  );
}

/** Alerts per time and metric, and the latest ones. */
export function AlertsPanel({ days }: { days: number }) {
  const alerts = useAlerts(days);
  return (
    <Panel
      title="Performance alerts"
      description="Vitals past their thresholds and script bundles over 1,000,000 bytes."
      query={alerts}
    >
      {(overview) => {
        if (overview.latest.length === 0 && overview.counts.length === 0)
          return <p className="text-sm text-muted-foreground">No alerts in this range.</p>;
        const { rows, keys } = pivotSeries(
          overview.counts,
          (count) => count.metric,
          (count) => count.count,
        );
        return (
          <>
            <StackedBarsOverTime testId="alerts-chart" rows={rows} keys={keys} bucket={overview.bucket} />
            <DataTable
              caption="The latest performance alerts"
              density="compact"
              rows={overview.latest.map((alert) => ({ alert, described: describeAlert(alert) }))}
              rowKey={({ alert }) => alert.id}
              columns={[
                { id: "when", header: "When", cell: ({ alert }) => new Date(alert.occurredAt).toLocaleString() },
                { id: "alert", header: "Alert", className: "break-all", cell: ({ described }) => described.name },
                { id: "value", header: "Value", cell: ({ described }) => described.value },
                { id: "route", header: "Route", className: "break-all", cell: ({ alert }) => alert.route },
                { id: "tenant", header: "Tenant", cell: ({ alert }) => alert.tenant ?? "–" },
              ]}
            />
          </>
        );
      }}
    </Panel>
  );
}

/** Tenant accesses, navigations and impersonations over time, a bar per tenant, with each tenant's totals. */
export function TenantActivityPanel({ days }: { days: number }) {
  const activity = useTenantActivity(days);
  return (
    <Panel
      title="Tenant activity"
      description="Visits to tenants' pages (accesses and navigations) and impersonations."
      query={activity}
    >
      {(data) => {
        if (data.points.length === 0)
          return <p className="text-sm text-muted-foreground">No tenant activity in this range.</p>;
        const { rows, keys } = pivotSeries(
          data.points,
          (point) => point.tenant,
          (point) => point.accesses + point.navigations + point.impersonations,
        );
        const totals = new Map<string, { accesses: number; navigations: number; impersonations: number }>();
        for (const point of data.points) {
          const total = totals.get(point.tenant) ?? { accesses: 0, navigations: 0, impersonations: 0 };
          totals.set(point.tenant, {
            accesses: total.accesses + point.accesses,
            navigations: total.navigations + point.navigations,
            impersonations: total.impersonations + point.impersonations,
          });
        }
        return (
          <>
            <StackedBarsOverTime testId="tenant-activity-chart" rows={rows} keys={keys} bucket={data.bucket} />
            <DataTable
              caption="Tenant activity in the range"
              density="compact"
              rows={[...totals]}
              rowKey={([tenant]) => tenant}
              columns={[
                { id: "tenant", header: "Tenant", cell: ([tenant]) => tenant },
                { id: "accesses", header: "Accesses", cell: ([, total]) => total.accesses },
                { id: "navigations", header: "Navigations", cell: ([, total]) => total.navigations },
                { id: "impersonations", header: "Impersonations", cell: ([, total]) => total.impersonations },
              ]}
            />
          </>
        );
      }}
    </Panel>
  );
}

/**
 * The platform's telemetry for its administrators, for /admin/resources: vitals by route and by tenant, alerts, and
 * tenant activity, over a chosen range. The server refuses these reads to anyone else.
 */
export function TelemetryAdminPanels() {
  const [days, setDays] = useState<number>(7);
  const [metric, setMetric] = useState<VitalName>("lcp");
  const rangeId = useId();
  const metricId = useId();
  return (
    <section aria-labelledby={`${rangeId}-title`} className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id={`${rangeId}-title`} className="text-xl font-semibold">
          Performance and activity
        </h2>
        <div className="flex flex-wrap gap-4">
          <div className="grid gap-1">
            <Label htmlFor={rangeId}>Range</Label>
            <NativeSelect id={rangeId} value={days} onChange={(event) => setDays(Number(event.target.value))}>
              {RANGES.map((range) => (
                <option key={range.days} value={range.days}>
                  {range.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={metricId}>Vital</Label>
            <NativeSelect
              id={metricId}
              value={metric}
              onChange={(event) => setMetric(vitalNameSchema.parse(event.target.value))}
            >
              {VITAL_NAMES.map((name) => (
                <option key={name} value={name}>
                  {VITAL_LABELS[name]}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      </div>
      <VitalsPanel days={days} by="route" metric={metric} />
      <VitalsPanel days={days} by="tenant" metric={metric} />
      <AlertsPanel days={days} />
      <TenantActivityPanel days={days} />
    </section>
  );
}
