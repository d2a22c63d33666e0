import { defineModule } from "./module-definition.ts";
import { placeVisit, unplaceVisit } from "./place-visit.ts";

/** Moves a visit to another time (and crew, when named); undone by moving it back. */
export const rescheduleVisitModule = defineModule({
  id: "reschedule-visit",
  async describe(tx, params) {
    const visit = await tx.visit.findUnique({
      where: { id: params.visitId },
      select: { job: { select: { number: true, title: true } } },
    });
    return `Move the visit of ${visit ? `job #${visit.job.number} (${visit.job.title})` : "a job"} to ${params.start}.`;
  },
  run: (scope, params) => placeVisit(scope, params),
  undo: (scope, stored) => unplaceVisit(scope, stored),
});
