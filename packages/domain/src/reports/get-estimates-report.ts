import { Prisma, type TenantTransaction } from "@fieldops/db";
import type { ReportColumn, ReportInterval, ReportRow } from "@fieldops/shared/reports";
import { periodSql, periodsOf, type ReportRange } from "./report-range.ts";

const COLUMNS: ReportColumn[] = [
  { key: "period", label: "Period", kind: "day" },
  { key: "won", label: "Won", kind: "count" },
  { key: "lost", label: "Lost", kind: "count" },
  { key: "wonCents", label: "Won value", kind: "cents" },
  { key: "winRate", label: "Win rate", kind: "percent" },
];

/**
 * Estimates decided in each period of the range: won when the customer approved one (approved or converted since),
 * counted on the day of the approval, with the chosen option's total (tax rounded per line, as the estimate shows
 * it); lost when declined, on that day, or left to expire, on its expiry.
 */
export async function getEstimatesReport(
  tx: TenantTransaction,
  range: ReportRange,
  interval: ReportInterval,
  now: Date,
) {
  const decided = Prisma.sql`
    SELECT e."approvedAt" AS at, true AS won, e."approvedOptionId" FROM estimates e
    WHERE e.status IN ('approved', 'converted') AND e."approvedAt" >= ${range.start}::timestamp AND e."approvedAt" < ${range.end}::timestamp
    UNION ALL
    SELECT e."declinedAt", false, NULL FROM estimates e
    WHERE e.status = 'declined' AND e."declinedAt" >= ${range.start}::timestamp AND e."declinedAt" < ${range.end}::timestamp
    UNION ALL
    SELECT e."expiresAt", false, NULL FROM estimates e
    WHERE (e.status = 'expired' OR (e.status IN ('sent', 'changes_requested') AND e."expiresAt" <= ${now}::timestamp))
      AND e."expiresAt" >= ${range.start}::timestamp AND e."expiresAt" < ${range.end}::timestamp`;
  const counted = await tx.$queryRaw<{ period: string; won: number; lost: number; wonCents: number }[]>`
    SELECT ${periodSql(Prisma.sql`d.at`, interval, range.timeZone)} AS period,
      count(*) FILTER (WHERE d.won)::int AS won, count(*) FILTER (WHERE NOT d.won)::int AS lost,
      coalesce(sum(v.cents) FILTER (WHERE d.won), 0)::float8 AS "wonCents"
    FROM (${decided}) d
    LEFT JOIN LATERAL (
      SELECT sum(t.line + coalesce(round(t.line * t.rate / 10000.0), 0)) AS cents
      FROM (SELECT round(li.quantity * li."unitPriceCents") AS line, li."taxRateBasisPoints" AS rate
            FROM estimate_line_items li WHERE li."optionId" = d."approvedOptionId") t
    ) v ON true
    GROUP BY 1`;
  const rows: ReportRow[] = periodsOf(range, interval).map((period) => {
    const found = counted.find((row) => row.period === period);
    const won = found?.won ?? 0;
    const lost = found?.lost ?? 0;
    return { period, won, lost, wonCents: found?.wonCents ?? 0, winRate: won + lost === 0 ? null : won / (won + lost) };
  });
  const won = rows.reduce((sum, row) => sum + Number(row.won), 0);
  const lost = rows.reduce((sum, row) => sum + Number(row.lost), 0);
  const totals = {
    won,
    lost,
    wonCents: rows.reduce((sum, row) => sum + Number(row.wonCents), 0),
    winRate: won + lost === 0 ? null : won / (won + lost),
  };
  return { columns: COLUMNS, rows, totals };
}
