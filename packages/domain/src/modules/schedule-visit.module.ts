import type { TenantTransaction } from "@fieldops/db";
import type { ModuleParams } from "@fieldops/shared/modules";
import { invalidInput } from "../errors.ts";
import { defineModule } from "./module-definition.ts";
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

/** Schedules a job's (or a customer's) waiting visit; undone by putting it back in the queue. */
export const scheduleVisitModule = defineModule({
  id: "schedule-visit",
  async describe(tx, params) {
    const visit = await visitToSchedule(tx, params).catch(() => null);
    const what = visit ? `job #${visit.job.number} (${visit.job.title}) for ${visit.job.customer.name}` : "a visit";
    return `Schedule ${what} at ${params.start}${params.crewId ? "" : ", unassigned"}.`;
  },
  async run(scope, params) {
    const visit = await visitToSchedule(scope.tx, params);
    return placeVisit(scope, { visitId: visit.id, start: params.start, crewId: params.crewId });
  },
  undo: (scope, stored) => unplaceVisit(scope, stored),
});
