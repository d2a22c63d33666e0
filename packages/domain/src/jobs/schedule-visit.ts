import type { ScheduleVisitInput, Visit } from "@fieldops/shared/jobs";
import { emitWebhookEvent } from "../webhooks/emit-webhook-event.ts";
import { VISIT_STATUS_LABELS } from "@fieldops/shared/visit-lifecycle";
import { conflict, notFound } from "../errors.ts";
import { assertVisitPlacements, lockCrews } from "../schedule/assert-visit-placements.ts";
import { auditVisitMove } from "../schedule/audit-visit-move.ts";
import { triggerVisitTimes } from "../automations/plan-automation-runs.ts";
import { actorUserId, type TenantScope } from "../tenant-scope.ts";
import { visitsChanged } from "./jobs-events.ts";
import { toVisit } from "./to-job.ts";
import { findVisitFor, findVisitForSystem, STALE_VISIT_MESSAGE } from "./visit-access.ts";

/**
 * Gives a visit a crew (or none: the unassigned queue), a start and a duration. An unscheduled visit becomes
 * scheduled; a dispatched one goes back to scheduled, as its crew must be told again. The write names the version
 * the dispatcher saw, so of two dispatchers moving the same visit the second is refused instead of winning silently.
 * A crew must have the job's skills, be working then, have nothing else booked then, and keep room for its breaks.
 * Audited.
 */
export async function scheduleVisit(
  scope: TenantScope,
  input: ScheduleVisitInput & { visitId: string },
): Promise<Visit> {
  const { tx, actor, emit } = scope;
  const visit =
    actor.kind === "user" ? await findVisitFor(tx, input.visitId, actor) : await findVisitForSystem(tx, input.visitId);
  if (visit.version !== input.version) throw conflict(STALE_VISIT_MESSAGE, "version");
  if (visit.status !== "unscheduled" && visit.status !== "scheduled" && visit.status !== "dispatched") {
    throw conflict(`A visit that is ${VISIT_STATUS_LABELS[visit.status].toLowerCase()} cannot be rescheduled`);
  }
  const start = new Date(input.start);
  const end = new Date(start.getTime() + input.durationMinutes * 60_000);
  // Locking the crew is also how its existence is checked: another company's crew is not found (row-level security).
  const [crew] = input.crewId ? await lockCrews(tx, [input.crewId]) : [];
  if (input.crewId && !crew) throw notFound("Crew not found");
  const [updated] = await tx.visit.updateManyAndReturn({
    where: { id: visit.id, version: input.version },
    data: {
      crewId: input.crewId,
      scheduledStart: start,
      scheduledEnd: end,
      durationMinutes: input.durationMinutes,
      status: "scheduled",
      version: { increment: 1 },
    },
    select: {
      id: true,
      jobId: true,
      crewId: true,
      status: true,
      scheduledStart: true,
      scheduledEnd: true,
      durationMinutes: true,
      startedAt: true,
      completedAt: true,
      version: true,
    },
  });
  if (!updated) throw conflict(STALE_VISIT_MESSAGE, "version");
  await assertVisitPlacements(tx, [visit.id]);
  await tx.jobNote.create({
    data: {
      companyId: visit.companyId,
      jobId: visit.jobId,
      authorUserId: actorUserId(actor),
      kind: "event",
      body: `Visit scheduled for ${start.toISOString()}`,
    },
    select: { id: true },
  });
  await auditVisitMove(scope, {
    visitId: visit.id,
    jobId: visit.jobId,
    from: { start: visit.scheduledStart, crewId: visit.crewId },
    to: { start, crewId: input.crewId },
  });
  const booked = visit.scheduledStart === null;
  const moved = !booked && visit.scheduledStart!.getTime() !== start.getTime();
  await triggerVisitTimes(scope, {
    ...(booked ? { booked: [visit.id] } : moved ? { moved: [visit.id] } : {}),
    notify: true,
  });
  if (booked || moved)
    await emitWebhookEvent(scope, booked ? "visit.scheduled" : "visit.rescheduled", {
      id: visit.id,
      jobId: visit.jobId,
      crewId: updated.crewId,
      start: start.toISOString(),
      end: end.toISOString(),
      previousStart: visit.scheduledStart?.toISOString() ?? null,
    });
  // The crew it left refetches too.
  emit(visitsChanged([{ id: visit.id, jobId: visit.jobId, crewIds: [visit.crewId, updated.crewId].filter(isId) }]));
  return toVisit({ ...updated, crew: crew ? { name: crew.name } : null });
}

const isId = (id: string | null): id is string => id !== null;
