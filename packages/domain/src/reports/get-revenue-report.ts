import { Prisma, type TenantTransaction } from "@fieldops/db";
import type { ReportColumn, ReportInterval, ReportRow } from "@fieldops/shared/reports";
import { periodSql, periodsOf, type ReportRange } from "./report-range.ts";

const COLUMNS: ReportColumn[] = [
  { key: "period", label: "Period", kind: "day" },
  { key: "invoicedCents", label: "Invoiced", kind: "cents" },
  { key: "collectedCents", label: "Collected", kind: "cents" },
  { key: "invoices", label: "Invoices", kind: "count" },
];

/**
 * Each period of the range, every one listed: what was invoiced (invoices issued then, void ones aside) and what was
 * collected (payments received then, less refunds made then).
 */
export async function getRevenueReport(tx: TenantTransaction, range: ReportRange, interval: ReportInterval) {
  const within = (column: Prisma.Sql) =>
    Prisma.sql`${column} >= ${range.start}::timestamp AND ${column} < ${range.end}::timestamp`;
  const period = (column: Prisma.Sql) => periodSql(column, interval, range.timeZone);
  const figures = await tx.$queryRaw<
    { period: string; invoicedCents: number; collectedCents: number; invoices: number }[]
  >`
    SELECT period, sum(invoiced)::float8 AS "invoicedCents", sum(collected)::float8 AS "collectedCents", sum(invoices)::int AS invoices
    FROM (
      SELECT ${period(Prisma.sql`"issuedAt"`)} AS period, "totalCents" AS invoiced, 0 AS collected, 1 AS invoices
      FROM invoices WHERE ${within(Prisma.sql`"issuedAt"`)} AND status <> 'void'
      UNION ALL
      SELECT ${period(Prisma.sql`"receivedAt"`)}, 0, "amountCents", 0 FROM payments
      WHERE ${within(Prisma.sql`"receivedAt"`)} AND status = 'succeeded'
      UNION ALL
      SELECT ${period(Prisma.sql`"createdAt"`)}, 0, -"amountCents", 0 FROM refunds WHERE ${within(Prisma.sql`"createdAt"`)}
    ) f
    GROUP BY period`;
  const rows: ReportRow[] = periodsOf(range, interval).map((day) => {
    const found = figures.find((row) => row.period === day);
    return {
      period: day,
      invoicedCents: found?.invoicedCents ?? 0,
      collectedCents: found?.collectedCents ?? 0,
      invoices: found?.invoices ?? 0,
    };
  });
  const sum = (key: string) => rows.reduce((total, row) => total + Number(row[key]), 0);
  return {
    columns: COLUMNS,
    rows,
    totals: { invoicedCents: sum("invoicedCents"), collectedCents: sum("collectedCents"), invoices: sum("invoices") },
  };
}
