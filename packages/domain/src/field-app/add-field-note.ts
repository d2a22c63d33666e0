import type { FieldVisit } from "@fieldops/shared/field-app";
import { jobsChanged } from "../jobs/jobs-events.ts";
import { findVisitFor } from "../jobs/visit-access.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { getFieldVisit } from "./list-field-visits.ts";
import { claimFieldAction } from "./record-field-action.ts";

/**
 * Adds a note to a visit's job from the field: its crew (a field user on another crew gets 403) or the office. Added
 * once per Idempotency-Key: a replay answers the visit with the note written the first time.
 */
export async function addFieldNote(
  scope: TenantScope<UserActor>,
  input: { visitId: string; body: string; idempotencyKey: string },
): Promise<FieldVisit> {
  const { tx, actor, emit, companyId } = scope;
  const visit = await findVisitFor(tx, input.visitId, actor);
  if (await claimFieldAction(scope, { idempotencyKey: input.idempotencyKey, kind: "note", visitId: visit.id })) {
    await tx.jobNote.create({
      data: { companyId, jobId: visit.jobId, authorUserId: actor.userId, kind: "note", body: input.body },
    });
    emit(jobsChanged([visit.jobId]));
  }
  return getFieldVisit(tx, { actor, visitId: visit.id });
}
