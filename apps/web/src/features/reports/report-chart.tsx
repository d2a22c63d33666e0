import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { Report, ReportId } from "@fieldops/shared/reports";
import { formatCell } from "./report-format";

/** Which column each report draws, and against which label column; a horizontal chart for named rows. */
const CHARTS: Record<ReportId, { label: string; value: string; layout: "columns" | "bars" }> = {
  revenue: { label: "period", value: "invoicedCents", layout: "columns" },
  "jobs-by-status": { label: "status", value: "jobs", layout: "bars" },
  "crew-utilization": { label: "crew", value: "utilization", layout: "bars" },
  "top-customers": { label: "customer", value: "invoicedCents", layout: "bars" },
  estimates: { label: "period", value: "wonCents", layout: "columns" },
  "invoice-aging": { label: "bucket", value: "balanceCents", layout: "columns" },
};

const AXIS = { fontSize: 12, fill: "var(--color-muted-foreground)" };

/**
 * The report's main figure as a bar chart. It is a picture of the table beside it, which carries the same figures for
 * screen readers, so the chart itself is hidden from them.
 */
export function ReportChart({ report }: { report: Report }) {
  const chart = CHARTS[report.report];
  const valueColumn = report.columns.find((column) => column.key === chart.value);
  const labelColumn = report.columns.find((column) => column.key === chart.label);
  if (!valueColumn || !labelColumn || report.rows.length === 0) return null;
  const data = report.rows.map((row) => ({
    label: formatCell(labelColumn.kind, row[chart.label], report.interval),
    value: typeof row[chart.value] === "number" ? (row[chart.value] as number) : 0,
  }));
  const format = (value: number) => formatCell(valueColumn.kind, value, report.interval);
  const height = chart.layout === "bars" ? Math.max(160, data.length * 32 + 40) : 220;
  return (
    <div aria-hidden="true" className="w-full" style={{ height }} data-testid={`chart-${report.report}`}>
      <ResponsiveContainer width="100%" height="100%">
        {chart.layout === "bars" ? (
          <BarChart
            data={data}
            layout="vertical"
            margin={{ left: 8, right: 16, top: 4, bottom: 4 }}
            accessibilityLayer={false}
          >
            <CartesianGrid horizontal={false} strokeDasharray="3 3" stroke="var(--color-border)" />
            <XAxis type="number" tickFormatter={format} tick={AXIS} stroke="var(--color-border)" />
            <YAxis type="category" dataKey="label" width={130} tick={AXIS} stroke="var(--color-border)" />
            <Tooltip formatter={(value) => format(Number(value))} cursor={{ fill: "var(--color-muted)" }} />
            <Bar
              dataKey="value"
              name={valueColumn.label}
              fill="var(--color-primary)"
              radius={[0, 4, 4, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        ) : (
          <BarChart data={data} margin={{ left: 8, right: 16, top: 4, bottom: 4 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} strokeDasharray="3 3" stroke="var(--color-border)" />
            <XAxis dataKey="label" tick={AXIS} stroke="var(--color-border)" interval="preserveStartEnd" />
            <YAxis tickFormatter={format} width={80} tick={AXIS} stroke="var(--color-border)" />
            <Tooltip formatter={(value) => format(Number(value))} cursor={{ fill: "var(--color-muted)" }} />
            <Bar
              dataKey="value"
              name={valueColumn.label}
              fill="var(--color-primary)"
              radius={[4, 4, 0, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
