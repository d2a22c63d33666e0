import type { TenantTransaction } from "@fieldops/db";
import { dayInTimeZone } from "@fieldops/shared/company-time";
import type { ReportColumn, ReportRow } from "@fieldops/shared/reports";

const COLUMNS: ReportColumn[] = [
  { key: "bucket", label: "Past due", kind: "text" },
  { key: "invoices", label: "Invoices", kind: "count" },
  { key: "balanceCents", label: "Balance", kind: "cents" },
];

/** The aging buckets, by whole days past the due date on the company's calendar. */
const BUCKETS = [
  { label: "Not yet due", from: Number.NEGATIVE_INFINITY, to: 0 },
  { label: "1–30 days", from: 1, to: 30 },
  { label: "31–60 days", from: 31, to: 60 },
  { label: "61–90 days", from: 61, to: 90 },
  { label: "Over 90 days", from: 91, to: Number.POSITIVE_INFINITY },
] as const;

/** What customers owe today on sent and partly paid invoices, by how long ago each fell due. */
export async function getInvoiceAgingReport(tx: TenantTransaction, input: { timeZone: string; now: Date }) {
  const today = dayInTimeZone(input.now, input.timeZone);
  const owed = await tx.$queryRaw<{ daysPastDue: number | null; invoices: number; balanceCents: number }[]>`
    SELECT (${today}::date - ((("dueAt" AT TIME ZONE 'UTC') AT TIME ZONE ${input.timeZone})::date)) AS "daysPastDue",
      count(*)::int AS invoices, sum("totalCents" - "paidCents")::float8 AS "balanceCents"
    FROM invoices
    WHERE status IN ('sent', 'partially_paid') AND "totalCents" > "paidCents"
    GROUP BY 1`;
  const rows: ReportRow[] = BUCKETS.map((bucket) => {
    const inBucket = owed.filter((row) => (row.daysPastDue ?? 0) >= bucket.from && (row.daysPastDue ?? 0) <= bucket.to);
    return {
      bucket: bucket.label,
      invoices: inBucket.reduce((sum, row) => sum + row.invoices, 0),
      balanceCents: inBucket.reduce((sum, row) => sum + row.balanceCents, 0),
    };
  });
  const totals = {
    invoices: rows.reduce((sum, row) => sum + Number(row.invoices), 0),
    balanceCents: rows.reduce((sum, row) => sum + Number(row.balanceCents), 0),
  };
  return { columns: COLUMNS, rows, totals };
}
