import type { Prisma, VisitStatus } from "@fieldops/db";
import { cancelAutomationRuns, triggerAutomations, triggerVisitTimes } from "../automations/plan-automation-runs.ts";
import { emitWebhookEvent } from "../webhooks/emit-webhook-event.ts";
import type { WebhookEventType } from "@fieldops/shared/webhooks";
import type { TransitionVisitInput, Visit } from "@fieldops/shared/jobs";
import { canTransitionVisit, FIELD_USER_VISIT_TARGETS, VISIT_STATUS_LABELS } from "@fieldops/shared/visit-lifecycle";
import { can } from "@fieldops/shared/permissions";
import { conflict, forbidden, invalidInput } from "../errors.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { visitsChanged } from "./jobs-events.ts";
import { recordedTime } from "./recorded-time.ts";
import { toVisit } from "./to-job.ts";
import { claimFieldAction } from "../field-app/record-field-action.ts";
import { findVisitFor, STALE_VISIT_MESSAGE } from "./visit-access.ts";

/**
 * The time a start or completion happened: `occurredAt` when a device sends one it recorded offline (never in the
 * future, never older than the queue keeps, a completion never before its start), now otherwise.
 */
function whenItHappened(
  input: Pick<TransitionVisitInput, "to" | "occurredAt">,
  now: Date,
  startedAt: Date | null,
): Date {
  if (input.occurredAt === undefined) return now;
  if (input.to !== "in_progress" && input.to !== "completed") {
    throw invalidInput("Only a start or a completion can say when it happened", "occurredAt");
  }
  const at = recordedTime(input.occurredAt, now, "occurredAt");
  return input.to === "completed" && startedAt && at < startedAt ? startedAt : at;
}

/** The moves of a visit's lifecycle that webhooks announce. */
const VISIT_WEBHOOK_EVENTS: Partial<Record<string, WebhookEventType>> = {
  in_progress: "visit.started",
  completed: "visit.completed",
  canceled: "visit.canceled",
};

/**
 * Moves a visit along its lifecycle (VISIT_TRANSITIONS) and refuses any other move. A field user may only start and
 * complete their own crew's visits. Like scheduling, the move names the version it was decided on; with an
 * Idempotency-Key, it is applied once.
 */
export async function transitionVisit(
  scope: TenantScope<UserActor>,
  input: TransitionVisitInput & { visitId: string; idempotencyKey?: string; now?: Date },
): Promise<Visit> {
  const { tx, actor, emit } = scope;
  const now = input.now ?? new Date();
  const visit = await findVisitFor(tx, input.visitId, actor);
  const readVisit = async () =>
    toVisit(
      await tx.visit.findUniqueOrThrow({ where: { id: visit.id }, include: { crew: { select: { name: true } } } }),
    );
  // A move sent again with its key (its answer was lost on the way) was applied: answered as the visit is now. A move
  // refused the first time claimed nothing (the claim is undone with the rest), so its replay is judged again.
  if (input.idempotencyKey) {
    const claim = { idempotencyKey: input.idempotencyKey, kind: "transition" as const, visitId: visit.id };
    if (!(await claimFieldAction(scope, claim))) return readVisit();
  }
  if (!can(actor, "visits.manage_all") && !FIELD_USER_VISIT_TARGETS.includes(input.to)) {
    throw forbidden("A field user can only start and complete visits");
  }
  const from = visit.status;
  // A move the visit can no longer make says so (a start sent after the office canceled it), before any staleness.
  if (!canTransitionVisit(from, input.to)) {
    throw conflict(
      `A visit that is ${VISIT_STATUS_LABELS[from].toLowerCase()} cannot become ${VISIT_STATUS_LABELS[input.to].toLowerCase()}`,
      "to",
    );
  }
  if (visit.version !== input.version) throw conflict(STALE_VISIT_MESSAGE, "version");
  const data: Prisma.VisitUpdateManyMutationInput & { crewId?: string | null } = {
    status: input.to,
    version: { increment: 1 },
  };
  if (input.to === "scheduled" && !visit.scheduledStart) throw conflict("Give the visit a time to schedule it", "to");
  if (input.to === "dispatched" && !visit.crewId) throw conflict("Assign a crew before dispatching the visit", "to");
  if (input.to === "unscheduled")
    Object.assign(data, { crewId: null, scheduledStart: null, scheduledEnd: null, canceledAt: null });
  const at = whenItHappened(input, now, visit.startedAt);
  if (input.to === "in_progress") data.startedAt = at;
  if (input.to === "completed") data.completedAt = at;
  if (input.to === "canceled") data.canceledAt = now;
  const updated = await tx.visit.updateMany({ where: { id: visit.id, version: input.version }, data });
  if (updated.count === 0) throw conflict(STALE_VISIT_MESSAGE, "version");
  await tx.jobNote.create({
    data: {
      companyId: visit.companyId,
      jobId: visit.jobId,
      authorUserId: actor.userId,
      kind: "event",
      body: `Visit ${VISIT_STATUS_LABELS[from].toLowerCase()} → ${VISIT_STATUS_LABELS[input.to].toLowerCase()}`,
    },
  });
  await automateTransition(scope, visit.id, from, input.to);
  // A visit sent back to the queue leaves its crew, whose screens refetch too.
  emit(visitsChanged([{ id: visit.id, jobId: visit.jobId, crewId: visit.crewId }]));
  const result = await readVisit();
  const webhookEvent = VISIT_WEBHOOK_EVENTS[input.to];
  if (webhookEvent) await emitWebhookEvent(scope, webhookEvent, { ...result, previousStatus: from });
  return result;
}

const ENDS_REMINDERS: Partial<Record<VisitStatus, string>> = {
  canceled: "the visit was canceled",
  unscheduled: "the visit was unscheduled",
  in_progress: "the visit has started",
  completed: "the visit was completed",
};

/** What a move along the lifecycle means to automations: reminders end, a completion triggers, a reopening books. */
async function automateTransition(scope: TenantScope, visitId: string, from: VisitStatus, to: VisitStatus) {
  const ended = ENDS_REMINDERS[to];
  if (ended) await cancelAutomationRuns(scope, [visitId], ended);
  if (to === "completed") await triggerAutomations(scope, "visit.completed", [visitId]);
  if (to === "scheduled" && from === "canceled") await triggerVisitTimes(scope, { booked: [visitId], notify: false });
}
