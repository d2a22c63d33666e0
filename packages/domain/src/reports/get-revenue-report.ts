import { Prisma, type TenantTransaction } from "@fieldops/db";
import type { ReportColumn, ReportInterval, ReportRow } from "@fieldops/shared/reports";
import { periodSql, periodsOf, type ReportRange } from "./report-range.ts";

const COLUMNS: ReportColumn[] = [
  { key: "period", label: "Period", kind: "day" },
  { key: "invoicedCents", label: "Invoiced", kind: "cents" },
  { key: "invoices", label: "Invoices", kind: "count" },
];

/** What was invoiced in each period of the range (invoices issued then, void ones aside), every period listed. */
export async function getRevenueReport(tx: TenantTransaction, range: ReportRange, interval: ReportInterval) {
  const invoiced = await tx.$queryRaw<{ period: string; invoicedCents: number; invoices: number }[]>`
    SELECT ${periodSql(Prisma.sql`"issuedAt"`, interval, range.timeZone)} AS period,
      sum("totalCents")::float8 AS "invoicedCents", count(*)::int AS invoices
    FROM invoices
    WHERE "issuedAt" >= ${range.start}::timestamp AND "issuedAt" < ${range.end}::timestamp AND status <> 'void'
    GROUP BY 1`;
  const rows: ReportRow[] = periodsOf(range, interval).map((period) => {
    const found = invoiced.find((row) => row.period === period);
    return { period, invoicedCents: found?.invoicedCents ?? 0, invoices: found?.invoices ?? 0 };
  });
  const totals = {
    invoicedCents: rows.reduce((sum, row) => sum + Number(row.invoicedCents), 0),
    invoices: rows.reduce((sum, row) => sum + Number(row.invoices), 0),
  };
  return { columns: COLUMNS, rows, totals };
}
