import type { FieldNoteResult } from "@fieldops/shared/field-app";
import { jobsChanged } from "../jobs/jobs-events.ts";
import { findVisitForFieldRecord } from "../jobs/visit-access.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { getFieldVisit } from "./list-field-visits.ts";
import { claimFieldAction } from "./record-field-action.ts";

/**
 * Adds a note to a visit's job from the field: its crew (a field user on another crew gets 403), a crew the office
 * took it from in the last days (the note was written before the move: it answers where the visit went, not the
 * visit) or the office. Added once per Idempotency-Key: a replay answers as the first time.
 */
export async function addFieldNote(
  scope: TenantScope<UserActor>,
  input: { visitId: string; body: string; idempotencyKey: string },
): Promise<FieldNoteResult> {
  const { tx, actor, emit, companyId } = scope;
  const { visit, movedAway } = await findVisitForFieldRecord(tx, input.visitId, actor);
  if (await claimFieldAction(scope, { idempotencyKey: input.idempotencyKey, kind: "note", visitId: visit.id })) {
    await tx.jobNote.create({
      data: { companyId, jobId: visit.jobId, authorUserId: actor.userId, kind: "note", body: input.body },
    });
    emit(jobsChanged([visit.jobId]));
  }
  if (movedAway) return { visit: null, movedAway };
  return { visit: await getFieldVisit(tx, { actor, visitId: visit.id }), movedAway: null };
}
