import type { ConvertEstimateInput, EstimateDetail } from "@fieldops/shared/estimates";
import { recurrenceRuleFor, type JobDetail } from "@fieldops/shared/jobs";
import { conflict, invalidInput } from "../errors.ts";
import { createJob } from "../jobs/create-job.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { estimateChanged } from "./estimates-events.ts";
import {
  companyTimeZone,
  effectiveEstimateStatus,
  estimateDetailInclude,
  linePricing,
  lockEstimate,
  optionRecurrence,
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
 * (numbering, plan limit, visits). A recurring option ("Weekly mowing × 26") makes a recurring job of that many visits
 * at that frequency from `firstVisitStart`, which it needs; a one-off option's job gets one visit to schedule. The
 * visits take the length and arrival window given. The estimate's row is locked first, so converting twice, even at
 * once, makes one job: the second call finds it converted and answers with the same job.
 */
export async function convertEstimate(
  scope: TenantScope<UserActor>,
  input: ConvertEstimateInput & { estimateId: string; now?: Date },
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
  const repeat = optionRecurrence(option);
  if (repeat && !input.firstVisitStart)
    throw invalidInput(`"${option.name}" repeats: give its first visit's start`, "firstVisitStart");
  if (!repeat && input.firstVisitStart)
    throw invalidInput(
      `"${option.name}" is one visit, scheduled on the board: leave the first visit's start out`,
      "firstVisitStart",
    );
  const job = await createJob(scope, {
    now,
    customerId: current.customerId,
    title: current.title,
    description: `From estimate #${current.number}, option "${option.name}"${current.signatureName ? `, approved by ${current.signatureName}` : ""}.`,
    visitDurationMinutes: input.visitDurationMinutes,
    arrivalWindowMinutes: input.arrivalWindowMinutes ?? null,
    ...(repeat && input.firstVisitStart
      ? { recurrence: { rule: recurrenceRuleFor(repeat.frequency, repeat.visits), start: input.firstVisitStart } }
      : {}),
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
