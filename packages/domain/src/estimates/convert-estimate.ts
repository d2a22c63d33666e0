import type { EstimateDetail } from "@fieldops/shared/estimates";
import type { JobDetail } from "@fieldops/shared/jobs";
import { conflict } from "../errors.ts";
import { createJob } from "../jobs/create-job.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { estimateChanged } from "./estimates-events.ts";
import {
  companyTimeZone,
  effectiveEstimateStatus,
  estimateDetailInclude,
  linePricing,
  lockEstimate,
  toEstimateDetail,
} from "./estimate-record.ts";

export interface ConvertedEstimate {
  estimate: EstimateDetail;
  jobId: string;
  /** The job made now; null when the estimate had been converted already. */
  job: JobDetail | null;
}

/**
 * Turns an approved estimate into a job with the chosen option's lines, through the jobs' own create-job use case
 * (numbering, plan limit, first visit). The estimate's row is locked first, so converting twice, even at once, makes
 * one job: the second call finds it converted and answers with the same job.
 */
export async function convertEstimate(
  scope: TenantScope<UserActor>,
  input: { estimateId: string; now?: Date },
): Promise<ConvertedEstimate> {
  const { tx } = scope;
  const now = input.now ?? new Date();
  const current = await lockEstimate(tx, input.estimateId);
  const timeZone = await companyTimeZone(tx);
  if (current.status === "converted" && current.jobId) {
    return { estimate: await toEstimateDetail(tx, current, now, timeZone), jobId: current.jobId, job: null };
  }
  const status = effectiveEstimateStatus(current, now);
  if (status !== "approved")
    throw conflict(`Only an approved estimate can become a job; this one is ${status.replace("_", " ")}`);
  const option = current.options.find((candidate) => candidate.id === current.approvedOptionId);
  if (!option) throw conflict("The approved option no longer exists");
  const job = await createJob(scope, {
    now,
    customerId: current.customerId,
    title: current.title,
    description: `From estimate #${current.number}, option "${option.name}"${current.signatureName ? `, approved by ${current.signatureName}` : ""}.`,
    visitDurationMinutes: 60,
    lineItems: option.lineItems.map((line) => {
      const pricing = linePricing(line);
      return {
        service: line.description.slice(0, 200),
        quantity: pricing.quantity,
        unitPriceCents: pricing.unitPriceCents,
        taxable: (pricing.taxRatePercent ?? 0) > 0,
      };
    }),
  });
  const row = await tx.estimate.update({
    where: { id: current.id },
    data: { status: "converted", jobId: job.id, convertedAt: now },
    include: estimateDetailInclude,
  });
  const estimate = await toEstimateDetail(tx, row, now, timeZone);
  scope.emit(estimateChanged(estimate));
  return { estimate, jobId: job.id, job };
}
