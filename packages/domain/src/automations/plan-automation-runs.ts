import type { TenantTransaction } from "@fieldops/db";
import {
  AUTOMATION_LATE_REMINDER_CUTOFF_MINUTES,
  AUTOMATION_TRIGGER_SUBJECTS,
  type AutomationTiming,
  type AutomationTrigger,
} from "@fieldops/shared/automations";
import type { TenantScope } from "../tenant-scope.ts";
import { automationsChanged } from "./automation-events.ts";
import { readAutomationRow, type AutomationRow } from "./automation-record.ts";
import {
  anchorOf,
  loadAutomationSubjects,
  meetsConditions,
  type AutomationSubject,
  type CompanyWords,
} from "./automation-subjects.ts";
import { runAutomationTask } from "./run-automation.task.ts";

const MINUTE = 60_000;

/** Who acts when an automation runs. */
export const AUTOMATION_ACTOR_LABEL = "task:run_automation";

/**
 * Triggers whose delay counts from the moment they happen (a visit booked, moved): the others count from a moment of
 * the record itself (its start, its due date, when it was sent), so they can also be planned for records that already
 * exist when an automation is turned on.
 */
const COUNTS_FROM_EVENT = new Set<AutomationTrigger>(["visit.scheduled", "visit.rescheduled"]);

/**
 * Triggers that are the change being recorded: when it is recorded late (a visit completed offline in a basement and
 * synced hours later), a time already past fires at once rather than never. Planning for records that already exist,
 * when an automation is turned on, still drops such times.
 */
const HAPPENS_WHEN_RECORDED = new Set<AutomationTrigger>([
  "visit.completed",
  "invoice.sent",
  "job.created",
  "customer.created",
]);

export async function readCompanyWords(tx: TenantTransaction, companyId: string): Promise<CompanyWords> {
  return tx.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { name: true, phone: true, timeZone: true },
  });
}

/** When a run of `automation` for a record anchored at `anchor` fires, or null when it is too late to plan it. */
export function fireTimeOf(
  automation: AutomationRow,
  anchor: Date,
  now: Date,
  options: { recordedNow?: boolean } = {},
): Date | null {
  const delay = automation.delayMinutes * MINUTE;
  if (automation.timing === "before_visit") {
    const at = anchor.getTime() - delay;
    if (at >= now.getTime()) return new Date(at);
    // Booked inside the lead time: remind at once, unless the visit is about to begin.
    return anchor.getTime() - now.getTime() > AUTOMATION_LATE_REMINDER_CUTOFF_MINUTES * MINUTE ? now : null;
  }
  if (COUNTS_FROM_EVENT.has(automation.trigger)) return new Date(now.getTime() + delay);
  const at = new Date(anchor.getTime() + delay);
  if (at.getTime() >= now.getTime() - MINUTE) return at;
  return options.recordedNow && HAPPENS_WHEN_RECORDED.has(automation.trigger) ? now : null;
}

const dedupeKeyOf = (subjectId: string, anchor: Date) => `${subjectId}@${anchor.toISOString()}`;

/**
 * How far ahead a run's delayed task is handed to the queue: a run further off (a reminder for a recurring visit two
 * months out) waits in its row for the daily `queue-automation-runs` task, so the queue holds days, not months, of
 * delayed tasks and no delay exceeds what the outbox stores.
 */
export const AUTOMATION_QUEUE_HORIZON_MS = 7 * 24 * 60 * MINUTE;

/** Hands the runs due within the horizon to the queue (delayed to their time) and marks them queued. */
async function queueRuns(scope: TenantScope, runs: readonly { id: string; fireAt: Date }[], now: Date) {
  const soon = runs.filter((run) => run.fireAt.getTime() - now.getTime() <= AUTOMATION_QUEUE_HORIZON_MS);
  if (soon.length === 0) return;
  await scope.tx.automationRun.updateMany({
    where: { id: { in: soon.map((run) => run.id) } },
    data: { queuedAt: now },
  });
  for (const run of soon) {
    scope.enqueue(runAutomationTask, { companyId: scope.companyId, runId: run.id }, `${run.id}_${now.getTime()}`, {
      delayMs: Math.max(0, run.fireAt.getTime() - now.getTime()),
    });
  }
}

/** The daily hand-over: the company's waiting runs that came within the queue's horizon since they were planned. */
export async function queueRunsComingDue(scope: TenantScope, now = new Date()): Promise<number> {
  const due = await scope.tx.automationRun.findMany({
    where: {
      status: "scheduled",
      queuedAt: null,
      fireAt: { lte: new Date(now.getTime() + AUTOMATION_QUEUE_HORIZON_MS) },
    },
    select: { id: true, fireAt: true },
  });
  await queueRuns(scope, due, now);
  return due.length;
}

interface PlannedRun {
  automation: AutomationRow;
  subject: AutomationSubject;
  anchor: Date;
  fireAt: Date;
}

/**
 * Writes the runs and their delayed tasks, in the change's transaction: a run already planned for the same record and
 * moment adds nothing, one canceled meanwhile (the visit moved away and back) is planned again, and the record's runs
 * for another moment of the same automations (its old time) are canceled with the reason.
 */
async function writeRuns(scope: TenantScope, planned: readonly PlannedRun[], now: Date): Promise<number> {
  const { tx, companyId } = scope;
  if (planned.length === 0) return 0;
  for (const run of planned) {
    if (run.subject.type !== "visit") continue;
    await tx.automationRun.updateMany({
      where: {
        automationId: run.automation.id,
        subjectId: run.subject.id,
        status: "scheduled",
        NOT: { anchorAt: run.anchor },
      },
      data: {
        status: "canceled",
        outcome: `Canceled: the visit moved (now ${run.subject.values.visit_date}, ${run.subject.values.visit_time})`,
      },
    });
  }
  const rows = planned.map((run) => ({
    companyId,
    automationId: run.automation.id,
    subjectType: run.subject.type,
    subjectId: run.subject.id,
    customerId: run.subject.customer?.id ?? null,
    anchorAt: run.anchor,
    fireAt: run.fireAt,
    dedupeKey: dedupeKeyOf(run.subject.id, run.anchor),
  }));
  const created = await tx.automationRun.createManyAndReturn({
    data: rows,
    skipDuplicates: true,
    select: { id: true, fireAt: true, automationId: true, dedupeKey: true },
  });
  const createdKeys = new Set(created.map((run) => `${run.automationId}/${run.dedupeKey}`));
  const revived: { id: string; fireAt: Date; automationId: string }[] = [];
  for (const row of rows) {
    if (createdKeys.has(`${row.automationId}/${row.dedupeKey}`)) continue;
    const [again] = await tx.automationRun.updateManyAndReturn({
      where: { automationId: row.automationId, dedupeKey: row.dedupeKey, status: "canceled" },
      data: { status: "scheduled", outcome: null, fireAt: row.fireAt },
      select: { id: true, fireAt: true, automationId: true },
    });
    if (again) revived.push(again);
  }
  await queueRuns(scope, [...created, ...revived], now);
  const touched = [...new Set(planned.map((run) => run.automation.id))];
  scope.emit(automationsChanged(touched));
  return created.length + revived.length;
}

function planFor(
  automations: readonly AutomationRow[],
  subjects: Iterable<AutomationSubject>,
  now: Date,
  options: { recordedNow?: boolean } = {},
): PlannedRun[] {
  const planned: PlannedRun[] = [];
  for (const subject of subjects) {
    for (const automation of automations) {
      const anchor = anchorOf(subject, automation.trigger);
      if (!anchor || meetsConditions(subject, automation.conditions) !== null) continue;
      const fireAt = fireTimeOf(automation, anchor, now, options);
      if (fireAt) planned.push({ automation, subject, anchor, fireAt });
    }
  }
  return planned;
}

const enabledByTransaction = new WeakMap<TenantTransaction, Promise<AutomationRow[]>>();

/** The company's enabled automations, read once per transaction however many triggers it fires. */
function enabledAutomations(tx: TenantTransaction): Promise<AutomationRow[]> {
  let read = enabledByTransaction.get(tx);
  if (!read) {
    read = tx.automation.findMany({ where: { enabled: true } }).then((rows) => rows.map(readAutomationRow));
    enabledByTransaction.set(tx, read);
  }
  return read;
}

/**
 * Plans the runs `trigger` starts for these records: one per enabled automation of the trigger whose conditions they
 * meet, fired by a delayed `run_automation` task that checks everything again when it fires. Called by the use case
 * that makes the change, in its transaction; the company's enabled automations are read once per transaction.
 */
export async function triggerAutomations(
  scope: TenantScope,
  trigger: AutomationTrigger,
  subjectIds: readonly string[],
  options: { timing?: AutomationTiming; now?: Date } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  if (subjectIds.length === 0) return;
  if (scope.automated) return;
  const automations = (await enabledAutomations(scope.tx)).filter(
    (automation) => automation.trigger === trigger && (!options.timing || automation.timing === options.timing),
  );
  if (automations.length === 0) return;
  const company = await readCompanyWords(scope.tx, scope.companyId);
  const subjects = await loadAutomationSubjects(
    scope.tx,
    AUTOMATION_TRIGGER_SUBJECTS[trigger],
    [...new Set(subjectIds)],
    company,
  );
  await writeRuns(scope, planFor(automations, subjects.values(), now, { recordedNow: true }), now);
}

/**
 * Visits given a time: a first booking is `visit.scheduled`; a move plans the reminders counted back from the new start
 * again (the old ones are canceled) and, when a person moved it (`notify`), is `visit.rescheduled` too. A route
 * optimization that shifts the day's times does not tell customers they were rescheduled.
 */
export async function triggerVisitTimes(
  scope: TenantScope,
  change: { booked?: readonly string[]; moved?: readonly string[]; notify: boolean },
): Promise<void> {
  await triggerAutomations(scope, "visit.scheduled", change.booked ?? []);
  await triggerAutomations(scope, "visit.scheduled", change.moved ?? [], { timing: "before_visit" });
  if (change.notify) await triggerAutomations(scope, "visit.rescheduled", change.moved ?? []);
}

/**
 * A run whose record's moment moved since it was planned (an invoice's due date changed, an estimate sent again):
 * plans the run for the new moment, at once when that time has passed already. Answers when it fires.
 */
export async function planAgainFromMoment(
  scope: TenantScope,
  automation: AutomationRow,
  subject: AutomationSubject,
  anchor: Date,
  now = new Date(),
): Promise<Date> {
  const fireAt = fireTimeOf(automation, anchor, now) ?? now;
  await writeRuns(scope, [{ automation, subject, anchor, fireAt }], now);
  return fireAt;
}

/** The most records one automation plans for when it is turned on. */
const BACKFILL_LIMIT = 2000;

/**
 * When an automation is turned on or its timing changes: plans its runs for the records that already exist and whose
 * moment is still ahead (upcoming visits, open invoices not yet that far overdue, estimates still waiting), never a
 * run whose time has passed, so turning one on does not send a wave of late messages.
 */
export async function planExistingRecords(scope: TenantScope, automation: AutomationRow, now = new Date()) {
  const { tx } = scope;
  const delay = automation.delayMinutes * MINUTE;
  let ids: string[] = [];
  if (automation.trigger === "visit.scheduled" && automation.timing === "before_visit") {
    const visits = await tx.visit.findMany({
      where: {
        status: { in: ["scheduled", "dispatched"] },
        scheduledStart: { gt: new Date(now.getTime() + AUTOMATION_LATE_REMINDER_CUTOFF_MINUTES * MINUTE) },
      },
      orderBy: { scheduledStart: "asc" },
      take: BACKFILL_LIMIT,
      select: { id: true },
    });
    ids = visits.map((visit) => visit.id);
  } else if (automation.trigger === "invoice.overdue") {
    const invoices = await tx.invoice.findMany({
      where: { status: { in: ["sent", "partially_paid"] }, dueAt: { gt: new Date(now.getTime() - delay) } },
      orderBy: { dueAt: "asc" },
      take: BACKFILL_LIMIT,
      select: { id: true },
    });
    ids = invoices.map((invoice) => invoice.id);
  } else if (automation.trigger === "estimate.unapproved") {
    const estimates = await tx.estimate.findMany({
      where: { status: "sent", sentAt: { gt: new Date(now.getTime() - delay) } },
      orderBy: { sentAt: "asc" },
      take: BACKFILL_LIMIT,
      select: { id: true },
    });
    ids = estimates.map((estimate) => estimate.id);
  }
  if (ids.length === 0) return 0;
  const company = await readCompanyWords(tx, scope.companyId);
  const subjects = await loadAutomationSubjects(tx, AUTOMATION_TRIGGER_SUBJECTS[automation.trigger], ids, company);
  return writeRuns(scope, planFor([automation], subjects.values(), now), now);
}

/** Cancels the waiting runs of records that are gone or canceled (a canceled visit gets no reminder). */
export async function cancelAutomationRuns(
  scope: TenantScope,
  subjectIds: readonly string[],
  reason: string,
): Promise<void> {
  if (subjectIds.length === 0) return;
  const canceled = await scope.tx.automationRun.updateManyAndReturn({
    where: { subjectId: { in: [...subjectIds] }, status: "scheduled" },
    data: { status: "canceled", outcome: `Canceled: ${reason}` },
    select: { automationId: true },
  });
  if (canceled.length > 0) scope.emit(automationsChanged([...new Set(canceled.map((run) => run.automationId))]));
}

/**
 * Tests only: hands the company's waiting runs due by `until` to the worker now (a task of their own, keyed apart from
 * their delayed one, which then finds them done). Answers how many.
 */
export async function fireDueAutomationRuns(scope: TenantScope, input: { until: Date }): Promise<number> {
  const due = await scope.tx.automationRun.findMany({
    where: { status: "scheduled", fireAt: { lte: input.until } },
    select: { id: true },
  });
  for (const run of due)
    scope.enqueue(runAutomationTask, { companyId: scope.companyId, runId: run.id }, `${run.id}_clock`);
  return due.length;
}
