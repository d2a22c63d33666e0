import { z } from "zod";
import { calendarDaySchema } from "./calendar-day";
import { defineEndpoint } from "./endpoint";

/** The reports of `/reports`, each a table over a range of the company's calendar days. */
export const reportIdSchema = z.enum([
  "revenue",
  "jobs-by-status",
  "crew-utilization",
  "top-customers",
  "estimates",
  "invoice-aging",
]);
export type ReportId = z.infer<typeof reportIdSchema>;

export const REPORT_TITLES: Record<ReportId, string> = {
  revenue: "Revenue over time",
  "jobs-by-status": "Jobs by status",
  "crew-utilization": "Crew utilization",
  "top-customers": "Top customers",
  estimates: "Estimates won and lost",
  "invoice-aging": "Invoices aging",
};

export const REPORT_DESCRIPTIONS: Record<ReportId, string> = {
  revenue: "Invoiced and collected per period.",
  "jobs-by-status": "Jobs created in the range, by where they stand today.",
  "crew-utilization": "Booked time against each crew's working hours.",
  "top-customers": "The customers invoiced the most in the range.",
  estimates: "Estimates decided in the range, per period.",
  "invoice-aging": "Unpaid balances on the range's last day, by days past due.",
};

/** The reports feature in a sentence ("Reporting requires the Growth plan or higher."). */
export const REPORTS_FEATURE_LABEL = "Reporting";

/** The longest range a report covers: two years of days. */
export const MAX_REPORT_DAYS = 731;

export const reportIntervalSchema = z.enum(["day", "week", "month"]);
export type ReportInterval = z.infer<typeof reportIntervalSchema>;

export const reportParamsSchema = z.object({ report: reportIdSchema });

export const reportQuerySchema = z
  .object({
    from: calendarDaySchema,
    to: calendarDaySchema,
    /** How revenue and estimates are grouped over time; by default by the range's length. */
    interval: reportIntervalSchema.optional(),
  })
  .refine((query) => query.from <= query.to, {
    message: "The range must start on or before its last day",
    path: ["to"],
  })
  .refine((query) => (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < MAX_REPORT_DAYS, {
    message: `A report covers at most ${MAX_REPORT_DAYS} days`,
    path: ["from"],
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** What a column holds, so that the table, the chart and the CSV format it alike. */
export const reportColumnKindSchema = z.enum(["text", "day", "count", "cents", "percent", "minutes"]);
export type ReportColumnKind = z.infer<typeof reportColumnKindSchema>;

export const reportColumnSchema = z.object({ key: z.string(), label: z.string(), kind: reportColumnKindSchema });
export type ReportColumn = z.infer<typeof reportColumnSchema>;

export const reportCellSchema = z.union([z.string(), z.number(), z.null()]);
export type ReportRow = Record<string, z.infer<typeof reportCellSchema>>;

export const reportSchema = z.object({
  report: reportIdSchema,
  title: z.string(),
  from: z.string(),
  to: z.string(),
  interval: reportIntervalSchema.nullable(),
  timeZone: z.string(),
  columns: z.array(reportColumnSchema),
  rows: z.array(z.record(z.string(), reportCellSchema)),
  /** The sums of the rows' numeric columns, where a sum means something; null when it does not. */
  totals: z.record(z.string(), reportCellSchema).nullable(),
});
export type Report = z.infer<typeof reportSchema>;

/** The interval a range is grouped by when none is asked for: days up to a month, weeks up to a quarter, then months. */
export function defaultInterval(from: string, to: string): ReportInterval {
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (days <= 31) return "day";
  if (days <= 92) return "week";
  return "month";
}

/** A cell as it is written in a CSV file: cents as decimal amounts, fractions as percentages. */
export function reportCellText(kind: ReportColumnKind, value: z.infer<typeof reportCellSchema>): string {
  if (value === null) return "";
  if (kind === "cents" && typeof value === "number") return (value / 100).toFixed(2);
  if (kind === "percent" && typeof value === "number") return (value * 100).toFixed(1);
  return String(value);
}

/** A column's heading in a CSV file, with the unit its cells are written in. */
export function reportColumnHeading(column: ReportColumn): string {
  if (column.kind === "cents") return `${column.label} (USD)`;
  if (column.kind === "percent") return `${column.label} (%)`;
  return column.label;
}

export const reportEndpoints = {
  get: defineEndpoint({
    method: "GET",
    path: "/api/reports/:report",
    tags: ["reports"],
    summary: "One of the company's reports over a range of its calendar days (Growth plan and above)",
    params: reportParamsSchema,
    query: reportQuerySchema,
    response: reportSchema,
    capability: "reports.read",
  }),
  csv: defineEndpoint({
    method: "GET",
    path: "/api/reports/:report/csv",
    tags: ["reports"],
    summary: "A report as CSV (Growth plan and above)",
    params: reportParamsSchema,
    query: reportQuerySchema,
    produces: "text/csv",
    response: z.string(),
    capability: "reports.read",
  }),
} as const;
