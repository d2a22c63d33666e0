import type { TenantTransaction } from "@fieldops/db";
import { JOB_STATUS_LABELS, jobStatusSchema } from "@fieldops/shared/job-status";
import type { ReportColumn, ReportRow } from "@fieldops/shared/reports";
import { companyDay, jobStatusOn } from "../jobs/job-status-sql.ts";
import type { ReportRange } from "./report-range.ts";

const COLUMNS: ReportColumn[] = [
  { key: "status", label: "Status", kind: "text" },
  { key: "jobs", label: "Jobs", kind: "count" },
  { key: "share", label: "Share", kind: "percent" },
];

/** Jobs created in the range, by the status each has now (every status listed, in the lifecycle's order). */
export async function getJobsByStatusReport(tx: TenantTransaction, range: ReportRange, now: Date) {
  // The status each job has now, read from what the database keeps on the job (an index holds all of it).
  const counts = await tx.$queryRaw<{ status: string; jobs: number }[]>`
    SELECT ${jobStatusOn(companyDay(now, range.timeZone))} AS status, count(*)::int AS jobs
    FROM jobs j
    WHERE j."createdAt" >= ${range.start}::timestamp AND j."createdAt" < ${range.end}::timestamp
    GROUP BY 1`;
  const total = counts.reduce((sum, row) => sum + row.jobs, 0);
  const rows: ReportRow[] = jobStatusSchema.options.map((status) => {
    const jobs = counts.find((row) => row.status === status)?.jobs ?? 0;
    return { status: JOB_STATUS_LABELS[status], jobs, share: total === 0 ? 0 : jobs / total };
  });
  return { columns: COLUMNS, rows, totals: { jobs: total, share: total === 0 ? 0 : 1 } };
}
