import type { TenantTransaction } from "@fieldops/db";
import type { JobStatus } from "@fieldops/shared/job-status";
import type { JobDetail } from "@fieldops/shared/jobs";
import { notFound } from "../errors.ts";
import { companyDay, jobStatusOn } from "./job-status-sql.ts";
import { jobDetailInclude, toJobDetail } from "./to-job.ts";

export async function getJob(tx: TenantTransaction, input: { jobId: string; now?: Date }): Promise<JobDetail> {
  const now = input.now ?? new Date();
  const [row, company] = await Promise.all([
    tx.job.findUnique({ where: { id: input.jobId }, include: jobDetailInclude }),
    tx.company.findFirstOrThrow({ select: { timeZone: true } }),
  ]);
  if (!row) throw notFound("Job not found");
  const [{ status }] = await tx.$queryRaw<[{ status: JobStatus }]>`
    SELECT ${jobStatusOn(companyDay(now, company.timeZone))} AS status FROM jobs j WHERE j.id = ${row.id}::uuid`;
  return toJobDetail(row, status, now);
}
