import type { TenantTransaction } from "@fieldops/db";
import type { ModuleParams } from "@fieldops/shared/modules";
import { invalidInput } from "../errors.ts";
import { createJobRequestSchema } from "@fieldops/shared/jobs";
import { createJobRecord } from "../jobs/create-job.ts";
import { defineModule, type ModuleScope } from "./module-definition.ts";
import { placeVisit, unplaceVisit } from "./place-visit.ts";

/** The visit waiting to be scheduled: the job's first, or that of the customer's newest job that has one. */
async function visitToSchedule(tx: TenantTransaction, params: ModuleParams<"schedule-visit">) {
  const byJob = "jobId" in params;
  const visit = await tx.visit.findFirst({
    where: {
      status: "unscheduled",
      job: byJob ? { id: params.jobId } : { customerId: params.customerId, closedAt: null },
    },
    orderBy: [{ job: { createdAt: "desc" } }, { createdAt: "asc" }],
    select: { id: true, job: { select: { number: true, title: true, customer: { select: { name: true } } } } },
  });
  if (!visit)
    throw invalidInput(
      byJob
        ? "This job has no visit waiting to be scheduled"
        : "This customer has no job with a visit waiting to be scheduled",
      byJob ? "jobId" : "customerId",
    );
  return visit;
}

/** A new job for the customer, named as asked, whose one visit is the one to schedule. */
async function newJobVisit(scope: ModuleScope, customerId: string, title: string, now: Date) {
  const job = await createJobRecord(scope, { ...createJobRequestSchema.parse({ customerId, title }), now });
  return job.visits[0]!;
}

/**
 * Schedules a job's (or a customer's) waiting visit, or the visit of a new job when a title is named; undone by putting
 * the visit back in the queue (a job it made stays, as an unscheduled job the office can see).
 */
export const scheduleVisitModule = defineModule({
  id: "schedule-visit",
  async describe(tx, params) {
    if ("customerId" in params && params.title) {
      const customer = await tx.customer.findUnique({ where: { id: params.customerId }, select: { name: true } });
      return `Create the job "${params.title}" for ${customer?.name ?? "a customer that no longer exists"} and schedule its visit at ${params.start}${params.crewId ? "" : ", unassigned"}.`;
    }
    const visit = await visitToSchedule(tx, params).catch(() => null);
    const what = visit ? `job #${visit.job.number} (${visit.job.title}) for ${visit.job.customer.name}` : "a visit";
    return `Schedule ${what} at ${params.start}${params.crewId ? "" : ", unassigned"}.`;
  },
  async run(scope, params, context) {
    const visit =
      "customerId" in params && params.title
        ? await newJobVisit(scope, params.customerId, params.title, context.now)
        : await visitToSchedule(scope.tx, params);
    return placeVisit(scope, { visitId: visit.id, start: params.start, crewId: params.crewId });
  },
  undo: (scope, stored) => unplaceVisit(scope, stored),
});
