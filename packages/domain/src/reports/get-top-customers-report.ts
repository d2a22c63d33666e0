import type { TenantTransaction } from "@fieldops/db";
import type { ReportColumn } from "@fieldops/shared/reports";
import type { ReportRange } from "./report-range.ts";

/** How many customers the report lists. */
export const TOP_CUSTOMERS = 10;

const COLUMNS: ReportColumn[] = [
  { key: "customer", label: "Customer", kind: "text" },
  { key: "invoicedCents", label: "Invoiced", kind: "cents" },
  { key: "invoices", label: "Invoices", kind: "count" },
  { key: "completedVisits", label: "Completed visits", kind: "count" },
];

/**
 * The customers invoiced the most in the range (invoices issued in it, void ones aside), with the visits completed
 * for them in it; ties by visits, then name.
 */
export async function getTopCustomersReport(tx: TenantTransaction, range: ReportRange) {
  const rows = await tx.$queryRaw<
    { customer: string; invoicedCents: number; invoices: number; completedVisits: number }[]
  >`
    WITH invoiced AS (
      SELECT "customerId", sum("totalCents")::bigint AS cents, count(*)::int AS invoices
      FROM invoices
      WHERE "issuedAt" >= ${range.start}::timestamp AND "issuedAt" < ${range.end}::timestamp AND status <> 'void'
      GROUP BY "customerId"
    ), visited AS (
      SELECT j."customerId", count(*)::int AS visits
      FROM visits v JOIN jobs j ON j.id = v."jobId"
      WHERE v."completedAt" >= ${range.start}::timestamp AND v."completedAt" < ${range.end}::timestamp AND v.status = 'completed'
      GROUP BY j."customerId"
    ), ranked AS (
      SELECT coalesce(i."customerId", w."customerId") AS "customerId", coalesce(i.cents, 0) AS cents,
        coalesce(i.invoices, 0) AS invoices, coalesce(w.visits, 0) AS visits
      FROM invoiced i FULL JOIN visited w ON w."customerId" = i."customerId"
    )
    SELECT c.name AS customer, r.cents::float8 AS "invoicedCents", r.invoices, r.visits AS "completedVisits"
    FROM ranked r JOIN customers c ON c.id = r."customerId"
    ORDER BY r.cents DESC, r.visits DESC, c.name, c.id
    LIMIT ${TOP_CUSTOMERS}`;
  return { columns: COLUMNS, rows, totals: null };
}
