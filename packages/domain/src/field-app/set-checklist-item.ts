import type { FieldVisit } from "@fieldops/shared/field-app";
import { notFound } from "../errors.ts";
import { jobsChanged } from "../jobs/jobs-events.ts";
import { findVisitFor } from "../jobs/visit-access.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { getFieldVisit } from "./list-field-visits.ts";
import { claimFieldAction } from "./record-field-action.ts";

/**
 * Ticks or unticks an item of the checklist of a visit's job: its crew (a field user on another crew gets 403) or the
 * office. Applied once per Idempotency-Key: a replay answers the visit as it is now and changes nothing, so a tick
 * replayed after a later untick does not tick it again.
 */
export async function setChecklistItem(
  scope: TenantScope<UserActor>,
  input: { visitId: string; itemId: string; done: boolean; idempotencyKey: string; now?: Date },
): Promise<FieldVisit> {
  const { tx, actor, emit } = scope;
  const visit = await findVisitFor(tx, input.visitId, actor);
  const item = await tx.jobChecklistItem.findFirst({
    where: { id: input.itemId, jobId: visit.jobId },
    select: { id: true },
  });
  if (!item) throw notFound("Checklist item not found");
  if (await claimFieldAction(scope, { idempotencyKey: input.idempotencyKey, kind: "checklist", visitId: visit.id })) {
    await tx.jobChecklistItem.update({
      where: { id: item.id },
      data: { done: input.done, doneAt: input.done ? (input.now ?? new Date()) : null },
    });
    emit(jobsChanged([visit.jobId]));
  }
  return getFieldVisit(tx, { actor, visitId: visit.id });
}
