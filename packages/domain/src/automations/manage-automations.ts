import type { Prisma, TenantTransaction } from "@fieldops/db";
import {
  AUTOMATION_RUN_HISTORY,
  AUTOMATION_TRIGGER_LABELS,
  automationConfigSchema,
  DEFAULT_AUTOMATIONS,
  MAX_AUTOMATIONS,
  REVIEW_URL_PLACEHOLDER,
  type Automation,
  type AutomationConfig,
  type AutomationRun,
} from "@fieldops/shared/automations";
import { recordAudit } from "../audit/record-audit.ts";
import { conflict, invalidInput, notFound } from "../errors.ts";
import { companyHasPlanFeature, requirePlanFeature } from "../plans/require-plan-feature.ts";
import { actorUserId, type TenantScope, type UserActor } from "../tenant-scope.ts";
import { automationsChanged } from "./automation-events.ts";
import { readAutomationRow, toAutomation, type AutomationRow } from "./automation-record.ts";
import { planExistingRecords } from "./plan-automation-runs.ts";

async function runSummaries(tx: TenantTransaction, ids: readonly string[]) {
  // One after the other: a transaction is one connection, which runs one statement at a time.
  const scheduled = await tx.automationRun.groupBy({
    by: ["automationId"],
    where: { automationId: { in: [...ids] }, status: "scheduled" },
    _count: { _all: true },
  });
  const last = await tx.automationRun.groupBy({
    by: ["automationId"],
    where: { automationId: { in: [...ids] }, firedAt: { not: null } },
    _max: { firedAt: true },
  });
  const counts = new Map(scheduled.map((row) => [row.automationId, row._count._all]));
  const lasts = new Map(last.map((row) => [row.automationId, row._max.firedAt]));
  return (id: string) => ({ scheduledRuns: counts.get(id) ?? 0, lastRunAt: lasts.get(id) ?? null });
}

async function findAutomation(tx: TenantTransaction, id: string): Promise<AutomationRow> {
  const row = await tx.automation.findUnique({ where: { id } });
  if (!row) throw notFound("Automation not found");
  return readAutomationRow(row);
}

async function answer(tx: TenantTransaction, row: AutomationRow): Promise<Automation> {
  return toAutomation(row, (await runSummaries(tx, [row.id]))(row.id));
}

export async function listAutomations({ tx }: TenantScope<UserActor>): Promise<{ items: Automation[] }> {
  const rows = (await tx.automation.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }] })).map(
    readAutomationRow,
  );
  const summaries = await runSummaries(
    tx,
    rows.map((row) => row.id),
  );
  return { items: rows.map((row) => toAutomation(row, summaries(row.id))) };
}

export async function getAutomation({ tx }: TenantScope<UserActor>, input: { id: string }): Promise<Automation> {
  return answer(tx, await findAutomation(tx, input.id));
}

/** The last runs, those still to fire first (soonest first), then the fired ones (newest first). */
export async function listAutomationRuns(
  { tx }: TenantScope<UserActor>,
  input: { id: string },
): Promise<{ items: AutomationRun[] }> {
  await findAutomation(tx, input.id);
  const waiting = await tx.automationRun.findMany({
    where: { automationId: input.id, status: "scheduled" },
    orderBy: [{ fireAt: "asc" }, { id: "asc" }],
    take: AUTOMATION_RUN_HISTORY,
  });
  const fired = await tx.automationRun.findMany({
    where: { automationId: input.id, status: { not: "scheduled" } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: AUTOMATION_RUN_HISTORY,
  });
  const runs = [...waiting, ...fired].slice(0, AUTOMATION_RUN_HISTORY);
  const labels = await subjectLabels(tx, runs);
  return {
    items: runs.map((run) => ({
      id: run.id,
      status: run.status as AutomationRun["status"],
      subjectType: run.subjectType as AutomationRun["subjectType"],
      subjectId: run.subjectId,
      subjectLabel: labels.get(run.subjectId) ?? "A deleted record",
      customerId: run.customerId,
      fireAt: run.fireAt.toISOString(),
      firedAt: run.firedAt?.toISOString() ?? null,
      outcome: run.outcome,
      createdAt: run.createdAt.toISOString(),
    })),
  };
}

/** The records' names as the history shows them: their customer, and what they are. */
async function subjectLabels(tx: TenantTransaction, runs: readonly { subjectType: string; subjectId: string }[]) {
  const idsOf = (type: string) => runs.filter((run) => run.subjectType === type).map((run) => run.subjectId);
  const visits = await tx.visit.findMany({
    where: { id: { in: idsOf("visit") } },
    select: { id: true, job: { select: { number: true, title: true, customer: { select: { name: true } } } } },
  });
  const invoices = await tx.invoice.findMany({
    where: { id: { in: idsOf("invoice") } },
    select: { id: true, number: true, customer: { select: { name: true } } },
  });
  const estimates = await tx.estimate.findMany({
    where: { id: { in: idsOf("estimate") } },
    select: { id: true, number: true, customer: { select: { name: true } } },
  });
  const jobs = await tx.job.findMany({
    where: { id: { in: idsOf("job") } },
    select: { id: true, number: true, title: true, customer: { select: { name: true } } },
  });
  const customers = await tx.customer.findMany({
    where: { id: { in: idsOf("customer") } },
    select: { id: true, name: true },
  });
  return new Map<string, string>([
    ...visits.map((v): [string, string] => [
      v.id,
      `${v.job.customer.name}: visit of job #${v.job.number} ${v.job.title}`,
    ]),
    ...invoices.map((i): [string, string] => [i.id, `${i.customer.name}: invoice #${i.number}`]),
    ...estimates.map((e): [string, string] => [e.id, `${e.customer.name}: estimate #${e.number}`]),
    ...jobs.map((j): [string, string] => [j.id, `${j.customer.name}: job #${j.number} ${j.title}`]),
    ...customers.map((c): [string, string] => [c.id, c.name]),
  ]);
}

/**
 * Refuses what the company cannot run: invoice automations and texts need their plan features (Growth), team members
 * and crews must be the company's, and a review request still pointing at the placeholder page is not turned on.
 */
async function checkAutomation(tx: TenantTransaction, input: unknown): Promise<AutomationConfig> {
  const config = automationConfigSchema.parse(input);
  if (config.trigger.startsWith("invoice.")) await requirePlanFeature(tx, "invoicing", "Invoice automations");
  const texts = config.actions.some(
    (action) => action.type === "send_sms" || (action.type === "request_review" && action.channel === "sms"),
  );
  if (texts) await requirePlanFeature(tx, "sms", "Texting customers");
  const users = new Set(config.actions.flatMap((action) => (action.type === "notify_user" ? [action.userId] : [])));
  if (users.size > 0 && (await tx.user.count({ where: { id: { in: [...users] } } })) !== users.size)
    throw invalidInput("Choose a team member of the company", "actions");
  const crews = new Set(config.conditions.crewIds);
  if (crews.size > 0 && (await tx.crew.count({ where: { id: { in: [...crews] } } })) !== crews.size)
    throw invalidInput("Choose crews of the company", "conditions");
  const placeholder = config.actions.some(
    (action) => action.type === "request_review" && action.reviewUrl === REVIEW_URL_PLACEHOLDER,
  );
  if (config.enabled && placeholder)
    throw invalidInput("Give your review page's address before turning this automation on", "actions");
  return config;
}

const dataOf = (config: AutomationConfig, appOrigin: string | null) => ({
  name: config.name,
  trigger: config.trigger,
  timing: config.timing,
  delayMinutes: config.delayMinutes,
  conditions: config.conditions as Prisma.InputJsonObject,
  actions: config.actions as Prisma.InputJsonArray,
  enabled: config.enabled,
  ...(appOrigin ? { appOrigin } : {}),
});

function describeConfig(config: Pick<AutomationConfig, "trigger" | "timing" | "delayMinutes" | "enabled">) {
  const hours = config.delayMinutes / 60;
  const when = hours === 0 ? "at once" : `${hours % 24 === 0 ? `${hours / 24} d` : `${hours} h`}`;
  const timing = config.timing === "before_visit" ? `${when} before the visit` : `${when} after`;
  return `${AUTOMATION_TRIGGER_LABELS[config.trigger]}, ${timing}, ${config.enabled ? "on" : "off"}`;
}

export async function createAutomation(
  scope: TenantScope<UserActor>,
  input: AutomationConfig & { appOrigin: string | null },
): Promise<Automation> {
  const { tx, companyId, actor } = scope;
  const config = await checkAutomation(tx, input);
  if ((await tx.automation.count()) >= MAX_AUTOMATIONS)
    throw conflict(`A company keeps at most ${MAX_AUTOMATIONS} automations: delete one first`);
  const created = await tx.automation.create({
    data: { companyId, createdByUserId: actorUserId(actor), ...dataOf(config, input.appOrigin) },
  });
  const row = readAutomationRow(created);
  await recordAudit(tx, {
    companyId,
    actorUserId: actorUserId(actor),
    action: "automation.created",
    entityType: "automation",
    entityId: row.id,
    summary: `${actor.name} created the automation "${row.name}" (${describeConfig(row)})`,
  });
  if (row.enabled) await planExistingRecords(scope, row);
  scope.emit(automationsChanged([row.id]));
  return answer(tx, row);
}

const cancelWaiting = (tx: TenantTransaction, automationId: string, reason: string) =>
  tx.automationRun.updateMany({
    where: { automationId, status: "scheduled" },
    data: { status: "canceled", outcome: `Canceled: ${reason}` },
  });

/**
 * Saves a changed automation. A change of when it fires (trigger, timing, delay) plans its waiting runs again; other
 * changes (words, conditions) reach the waiting runs when they fire, since a run reads its automation then.
 */
export async function updateAutomation(
  scope: TenantScope<UserActor>,
  input: AutomationConfig & { id: string; appOrigin: string | null },
): Promise<Automation> {
  const { tx, companyId, actor } = scope;
  const before = await findAutomation(tx, input.id);
  const config = await checkAutomation(tx, input);
  const updated = readAutomationRow(
    await tx.automation.update({ where: { id: before.id }, data: dataOf(config, input.appOrigin) }),
  );
  const retimed =
    before.trigger !== updated.trigger ||
    before.timing !== updated.timing ||
    before.delayMinutes !== updated.delayMinutes;
  if (!updated.enabled) await cancelWaiting(tx, updated.id, "the automation was turned off");
  else if (retimed) await cancelWaiting(tx, updated.id, "the automation's timing changed");
  if (updated.enabled && (retimed || !before.enabled)) await planExistingRecords(scope, updated);
  await recordAudit(tx, {
    companyId,
    actorUserId: actorUserId(actor),
    action: "automation.updated",
    entityType: "automation",
    entityId: updated.id,
    summary: `${actor.name} changed the automation "${updated.name}" (${describeConfig(updated)})`,
    changes: changesOf(before, updated),
  });
  scope.emit(automationsChanged([updated.id]));
  return answer(tx, updated);
}

const AUDITED_FIELDS = ["name", "trigger", "timing", "delayMinutes", "conditions", "actions", "enabled"] as const;

function changesOf(before: AutomationRow, after: AutomationRow) {
  const changes: Record<string, { from: Prisma.InputJsonValue; to: Prisma.InputJsonValue }> = {};
  for (const field of AUDITED_FIELDS) {
    const from = before[field] as Prisma.InputJsonValue;
    const to = after[field] as Prisma.InputJsonValue;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
}

/** Turns an automation on (planning its runs for records already there) or off (canceling its waiting runs). */
export async function setAutomationEnabled(
  scope: TenantScope,
  input: { id: string; enabled: boolean },
): Promise<Automation> {
  const { tx, companyId, actor } = scope;
  const before = await findAutomation(tx, input.id);
  if (before.enabled === input.enabled) return answer(tx, before);
  if (input.enabled) await checkAutomation(tx, { ...before, enabled: true });
  const updated = readAutomationRow(
    await tx.automation.update({ where: { id: before.id }, data: { enabled: input.enabled } }),
  );
  if (updated.enabled) await planExistingRecords(scope, updated);
  else await cancelWaiting(tx, updated.id, "the automation was turned off");
  await recordAudit(tx, {
    companyId,
    actorUserId: actorUserId(actor),
    action: input.enabled ? "automation.enabled" : "automation.disabled",
    entityType: "automation",
    entityId: updated.id,
    summary: `${actor.kind === "user" ? actor.name : "The assistant"} turned ${input.enabled ? "on" : "off"} the automation "${updated.name}"`,
  });
  scope.emit(automationsChanged([updated.id]));
  return answer(tx, updated);
}

export async function deleteAutomation(scope: TenantScope<UserActor>, input: { id: string }): Promise<null> {
  const { tx, companyId, actor } = scope;
  const row = await findAutomation(tx, input.id);
  await tx.automation.delete({ where: { id: row.id } });
  await recordAudit(tx, {
    companyId,
    actorUserId: actorUserId(actor),
    action: "automation.deleted",
    entityType: "automation",
    entityId: row.id,
    summary: `${actor.name} deleted the automation "${row.name}"`,
  });
  scope.emit(automationsChanged([row.id]));
  return null;
}

/**
 * The automations every new company starts with (`DEFAULT_AUTOMATIONS`), as rows: one the plan cannot run yet (an
 * invoice follow-up without invoicing) is off.
 */
export function defaultAutomationRows(companyId: string, options: { invoicing: boolean; appOrigin: string | null }) {
  const now = Date.now();
  return DEFAULT_AUTOMATIONS.map(({ key, ...input }, index) => {
    const config = automationConfigSchema.parse(input);
    const allowed = options.invoicing || !config.trigger.startsWith("invoice.");
    // Listed in this order (the list is by creation).
    const createdAt = new Date(now + index);
    return {
      companyId,
      key,
      createdAt,
      ...dataOf({ ...config, enabled: config.enabled && allowed }, options.appOrigin),
    };
  });
}

/** Gives a company its starting automations, each once (keyed by `key`). */
export async function installDefaultAutomations(tx: TenantTransaction, companyId: string, appOrigin: string | null) {
  const invoicing = await companyHasPlanFeature(tx, "invoicing");
  await tx.automation.createMany({
    skipDuplicates: true,
    data: defaultAutomationRows(companyId, { invoicing, appOrigin }),
  });
}
