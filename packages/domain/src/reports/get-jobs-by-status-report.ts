import type { TenantTransaction } from "@fieldops/db";
import { dayInTimeZone } from "@fieldops/shared/company-time";
import { JOB_STATUS_LABELS, jobStatusSchema } from "@fieldops/shared/job-status";
import type { ReportColumn, ReportRow } from "@fieldops/shared/reports";
import { JOB_STATUS, jobVisitFacts } from "../jobs/job-status-sql.ts";
import type { ReportRange } from "./report-range.ts";

const COLUMNS: ReportColumn[] = [
  { key: "status", label: "Status", kind: "text" },
  { key: "jobs", label: "Jobs", kind: "count" },
  { key: "share", label: "Share", kind: "percent" },
];

/** Jobs created in the range, by the status each has now (every status listed, in the lifecycle's order). */
export async function getJobsByStatusReport(tx: TenantTransaction, range: ReportRange, now: Date) {
  const today = dayInTimeZone(now, range.timeZone);
  // As for the jobs list: the planner would reach for JIT compilation and parallel workers, which cost more than the
  // count itself. Off for this transaction only.
  await tx.$executeRaw`SELECT set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`;
  const counts = await tx.$queryRaw<{ status: string; jobs: number }[]>`
    SELECT status, count(*)::int AS jobs FROM (
      SELECT ${JOB_STATUS} AS status
      FROM jobs j
      ${jobVisitFacts({ today, timeZone: range.timeZone, now })}
      WHERE j."createdAt" >= ${range.start}::timestamp AND j."createdAt" < ${range.end}::timestamp
    ) x
    GROUP BY status`;
  const total = counts.reduce((sum, row) => sum + row.jobs, 0);
  const rows: ReportRow[] = jobStatusSchema.options.map((status) => {
    const jobs = counts.find((row) => row.status === status)?.jobs ?? 0;
    return { status: JOB_STATUS_LABELS[status], jobs, share: total === 0 ? 0 : jobs / total };
  });
  return { columns: COLUMNS, rows, totals: { jobs: total, share: total === 0 ? 0 : 1 } };
}
