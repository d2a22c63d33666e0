import type { TenantTransaction } from "@fieldops/db";
import type { JobDetail } from "@fieldops/shared/jobs";
import { notFound } from "../errors.ts";
import { jobDetailInclude, toJobDetail } from "./to-job.ts";

export async function getJob(tx: TenantTransaction, input: { jobId: string; now?: Date }): Promise<JobDetail> {
  const [row, company] = await Promise.all([
    tx.job.findUnique({ where: { id: input.jobId }, include: jobDetailInclude }),
    tx.company.findFirstOrThrow({ select: { timeZone: true } }),
  ]);
  if (!row) throw notFound("Job not found");
  return toJobDetail(row, input.now ?? new Date(), company.timeZone);
}
