import { z } from "zod";
import { cancelAutomationRuns, triggerVisitTimes } from "../automations/plan-automation-runs.ts";
import { conflict, notFound } from "../errors.ts";
import { visitsChanged } from "../jobs/jobs-events.ts";
import { scheduleVisit } from "../jobs/schedule-visit.ts";
import { assertVisitPlacements, lockCrews } from "../schedule/assert-visit-placements.ts";
import { auditVisitMove } from "../schedule/audit-visit-move.ts";
import type { ModuleOutcome, ModuleScope } from "./module-definition.ts";

const undoSchema = z.object({
  visitId: z.string(),
  /** The version the run left: a visit changed since is not put back. */
  version: z.number(),
  before: z.object({
    crewId: z.string().nullable(),
    status: z.enum(["unscheduled", "scheduled", "dispatched"]),
    scheduledStart: z.string().nullable(),
    scheduledEnd: z.string().nullable(),
  }),
});

/**
 * Gives a visit a crew and a start through the scheduling rules (scheduleVisit), remembering where it was so the run
 * can be undone.
 */
export async function placeVisit(
  scope: ModuleScope,
  input: { visitId: string; start: string; crewId?: string | null },
): Promise<ModuleOutcome> {
  const visit = await scope.tx.visit.findUnique({
    where: { id: input.visitId },
    select: {
      id: true,
      jobId: true,
      crewId: true,
      status: true,
      scheduledStart: true,
      scheduledEnd: true,
      durationMinutes: true,
      version: true,
      job: { select: { number: true, title: true } },
    },
  });
  if (!visit) throw notFound("Visit not found");
  const crewId = input.crewId === undefined ? visit.crewId : input.crewId;
  const placed = await scheduleVisit(scope, {
    visitId: visit.id,
    crewId,
    start: input.start,
    durationMinutes: visit.durationMinutes,
    version: visit.version,
  });
  const when = new Date(placed.scheduledStart!).toISOString();
  return {
    message: `Scheduled job #${visit.job.number} (${visit.job.title}) for ${when}${placed.crewName ? ` with ${placed.crewName}` : ", unassigned"}`,
    result: {
      visitId: visit.id,
      jobId: visit.jobId,
      crewIds: [...new Set([visit.crewId, crewId].filter((id): id is string => id !== null))],
    },
    undo: {
      visitId: visit.id,
      version: placed.version,
      before: {
        crewId: visit.crewId,
        status: visit.status as "unscheduled" | "scheduled" | "dispatched",
        scheduledStart: visit.scheduledStart?.toISOString() ?? null,
        scheduledEnd: visit.scheduledEnd?.toISOString() ?? null,
      },
    },
  };
}

/** Puts a visit back where it was before the run, unless it has changed since. */
export async function unplaceVisit(scope: ModuleScope, stored: unknown): Promise<void> {
  const { tx, emit } = scope;
  const { visitId, version, before } = undoSchema.parse(stored);
  const moved = await tx.visit.findUnique({
    where: { id: visitId },
    select: { jobId: true, crewId: true, scheduledStart: true },
  });
  if (before.crewId) await lockCrews(tx, [before.crewId]);
  const restored = await tx.visit.updateMany({
    where: { id: visitId, version },
    data: {
      crewId: before.crewId,
      status: before.status,
      scheduledStart: before.scheduledStart ? new Date(before.scheduledStart) : null,
      scheduledEnd: before.scheduledEnd ? new Date(before.scheduledEnd) : null,
      version: { increment: 1 },
    },
  });
  if (restored.count === 0) throw conflict("The visit has changed since, so it cannot be put back");
  await assertVisitPlacements(tx, [visitId]);
  if (before.scheduledStart) await triggerVisitTimes(scope, { moved: [visitId], notify: true });
  else await cancelAutomationRuns(scope, [visitId], "the visit was unscheduled");
  if (moved) {
    await auditVisitMove(scope, {
      visitId,
      jobId: moved.jobId,
      from: { start: moved.scheduledStart, crewId: moved.crewId },
      to: { start: before.scheduledStart ? new Date(before.scheduledStart) : null, crewId: before.crewId },
      undo: true,
    });
    emit(visitsChanged([{ id: visitId, jobId: moved.jobId, crewIds: [moved.crewId, before.crewId].filter(isId) }]));
  }
}

const isId = (id: string | null): id is string => id !== null;
