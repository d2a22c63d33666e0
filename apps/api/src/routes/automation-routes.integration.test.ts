import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultAutomationRows } from "@fieldops/domain/automations/manage-automations";
import { queueRunsComingDue } from "@fieldops/domain/automations/plan-automation-runs";
import { runAutomation } from "@fieldops/domain/automations/run-automation.handler";
import type { Automation, AutomationRun } from "@fieldops/shared/automations";
import {
  callApi,
  createTestCompany,
  drainQueues,
  post,
  signIn,
  startTestApp,
  startTestWorkers,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { executeModule } from "../../../../tests/integration/module-fixtures.ts";
import { runAsOwner } from "../../../../tests/integration/use-case-fixtures.ts";

let t: TestApp;
let workers: ReturnType<typeof startTestWorkers>;
let company: TestCompany;
let other: TestCompany;
let starter: TestCompany;
let tokens: Record<"owner" | "member" | "field" | "otherOwner" | "starterOwner", string>;

const DAY = 86_400_000;
const call = <T = Record<string, unknown>>(method: string, path: string, token: string, body?: unknown) =>
  callApi<T>(t.url, method, path, token, body);

const reminder = (overrides: Record<string, unknown> = {}) => ({
  name: `Reminder ${randomUUID().slice(0, 6)}`,
  trigger: "visit.scheduled",
  timing: "before_visit",
  delayMinutes: 24 * 60,
  enabled: true,
  actions: [
    {
      type: "send_email",
      subject: "See you {{visit_date}}",
      body: "Hello {{customer_first_name}}, {{company_name}} comes on {{visit_date}} at {{visit_time}}.",
    },
  ],
  ...overrides,
});

async function createAutomation(body: Record<string, unknown>, token = tokens.owner): Promise<Automation> {
  const created = await call<Automation>("POST", "/api/automations", token, body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function runsOf(automationId: string): Promise<AutomationRun[]> {
  const runs = await call<{ items: AutomationRun[] }>("GET", `/api/automations/${automationId}/runs`, tokens.owner);
  expect(runs.status).toBe(200);
  return runs.body.items;
}

/** A customer with an e-mail address and a one-off job: its visit, waiting for a time. */
async function customerWithVisit(companyId = company.id, tags: string[] = []) {
  const tag = randomUUID().slice(0, 8);
  const customer = await t.db.customer.create({
    data: {
      companyId,
      name: `Jane Doe ${tag}`,
      email: `jane-${tag}@example.com`,
      street: "1 Main St",
      city: "Boulder",
      region: "CO",
      postcode: "80302",
      tags,
    },
  });
  const job = await call<{ id: string; visits: { id: string; version: number }[] }>("POST", "/api/jobs", tokens.owner, {
    customerId: customer.id,
    title: "Aeration",
  });
  expect(job.status, JSON.stringify(job.body)).toBe(201);
  return { customer, jobId: job.body.id, visitId: job.body.visits[0]!.id };
}

async function schedule(visitId: string, start: Date) {
  const visit = await t.db.visit.findUniqueOrThrow({ where: { id: visitId } });
  const moved = await call("POST", `/api/visits/${visitId}/schedule`, tokens.owner, {
    crewId: null,
    start: start.toISOString(),
    durationMinutes: 60,
    version: visit.version,
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
}

async function advanceClock(minutes: number) {
  const fired = await call<{ fired: number }>("POST", "/api/automations/test-clock", tokens.owner, { minutes });
  expect(fired.status, JSON.stringify(fired.body)).toBe(200);
  await drainQueues(t.runtime.context.queues, ["notifications"]);
  return fired.body.fired;
}

const automationMails = (customerId: string) =>
  t.db.outboxMessage.findMany({ where: { customerId, kind: "automation" }, orderBy: { createdAt: "asc" } });

/** A day at 10:00 UTC, `days` from now: far from the reminder's one-hour cut-off whatever the hour now. */
function dayAt10(days: number): Date {
  const day = new Date(Date.now() + days * DAY);
  day.setUTCHours(10, 0, 0, 0);
  return day;
}

beforeAll(async () => {
  t = await startTestApp({ AUTOMATION_TEST_CLOCK: "true" });
  workers = startTestWorkers(t);
  company = await createTestCompany(t.db);
  other = await createTestCompany(t.db);
  starter = await createTestCompany(t.db, { planId: "starter" });
  tokens = {
    owner: await signIn(t.url, company.users.owner.email),
    member: await signIn(t.url, company.users.member.email),
    field: await signIn(t.url, company.users.field_user.email),
    otherOwner: await signIn(t.url, other.users.owner.email),
    starterOwner: await signIn(t.url, starter.users.owner.email),
  };
});

afterAll(async () => {
  await workers?.close();
  await t?.close();
});

describe("who may read and change automations", () => {
  it("lets the office read, owners change, and keeps each company's to itself", async () => {
    const mine = await createAutomation(reminder({ enabled: false }));
    expect((await call("GET", "/api/automations", tokens.member)).status).toBe(200);
    expect((await call("GET", `/api/automations/${mine.id}`, tokens.member)).status).toBe(200);
    expect((await call("GET", "/api/automations", tokens.field)).status).toBe(403);
    expect((await call("POST", "/api/automations", tokens.member, reminder())).status).toBe(403);
    expect((await call("PATCH", `/api/automations/${mine.id}`, tokens.member, { enabled: true })).status).toBe(403);
    expect((await call("DELETE", `/api/automations/${mine.id}`, tokens.member)).status).toBe(403);
    expect((await call("POST", "/api/automations/test-clock", tokens.member, { minutes: 1 })).status).toBe(403);
    for (const [method, path, body] of [
      ["GET", `/api/automations/${mine.id}`, undefined],
      ["GET", `/api/automations/${mine.id}/runs`, undefined],
      ["PUT", `/api/automations/${mine.id}`, reminder()],
      ["PATCH", `/api/automations/${mine.id}`, { enabled: true }],
      ["DELETE", `/api/automations/${mine.id}`, undefined],
    ] as const) {
      expect((await call(method, path, tokens.otherOwner, body)).status, `${method} ${path}`).toBe(404);
    }
    const theirs = await call<{ items: Automation[] }>("GET", "/api/automations", tokens.otherOwner);
    expect(theirs.body.items.map((item) => item.id)).not.toContain(mine.id);
    expect((await t.db.automation.findUniqueOrThrow({ where: { id: mine.id } })).enabled).toBe(false);
  });

  it("refuses what the company cannot run, by the field, changing nothing", async () => {
    const before = await t.db.automation.count({ where: { companyId: company.id } });
    const unknown = await call("POST", "/api/automations", tokens.owner, {
      ...reminder(),
      actions: [{ type: "send_email", subject: "Hi", body: "Your balance is {{invoice_balance}}" }],
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain("{{invoice_balance}}");
    const before_visit = await call("POST", "/api/automations", tokens.owner, {
      ...reminder(),
      trigger: "job.created",
    });
    expect(before_visit.status).toBe(400);
    const otherCrew = await t.db.crew.create({ data: { companyId: other.id, name: "Their crew", color: "#123456" } });
    const crew = await call("POST", "/api/automations", tokens.owner, {
      ...reminder(),
      conditions: { crewIds: [otherCrew.id] },
    });
    expect(crew.status).toBe(400);
    const placeholder = await call("POST", "/api/automations", tokens.owner, {
      ...reminder({ trigger: "visit.completed", timing: "after", delayMinutes: 60 }),
      actions: [
        {
          type: "request_review",
          channel: "email",
          reviewUrl: "https://example.com/your-review-page",
          message: "Tell us: {{review_link}}",
        },
      ],
    });
    expect(placeholder.status).toBe(400);
    expect(await t.db.automation.count({ where: { companyId: company.id } })).toBe(before);

    const texts = await call("POST", "/api/automations", tokens.starterOwner, {
      ...reminder(),
      actions: [{ type: "send_sms", body: "See you {{visit_date}}" }],
    });
    expect(texts.status).toBe(403);
    expect(JSON.stringify(texts.body)).toContain("Growth");
    const invoices = await call("POST", "/api/automations", tokens.starterOwner, {
      ...reminder({ trigger: "invoice.overdue", timing: "after" }),
      actions: [{ type: "send_email", subject: "Due", body: "{{invoice_balance}} is due" }],
    });
    expect(invoices.status).toBe(403);
    expect(await t.db.automation.count({ where: { companyId: starter.id } })).toBe(0);
  });
});

describe("a visit reminder", () => {
  it("follows the visit when it moves: the old reminder is canceled, the new one is sent once", async () => {
    const automation = await createAutomation(reminder());
    const { customer, visitId } = await customerWithVisit();
    await schedule(visitId, dayAt10(2));
    let runs = (await runsOf(automation.id)).filter((run) => run.subjectId === visitId);
    expect(runs.map((run) => run.status)).toEqual(["scheduled"]);
    expect(Date.parse(runs[0]!.fireAt)).toBe(dayAt10(1).getTime());

    await schedule(visitId, dayAt10(3));
    runs = (await runsOf(automation.id)).filter((run) => run.subjectId === visitId);
    expect(runs.map((run) => run.status).sort()).toEqual(["canceled", "scheduled"]);
    expect(runs.find((run) => run.status === "canceled")!.outcome).toMatch(/^Canceled: the visit moved/);

    expect(await advanceClock(5 * 24 * 60)).toBeGreaterThanOrEqual(1);
    const mails = await automationMails(customer.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.recipient).toBe(customer.email);
    const weekday = dayAt10(3).toLocaleDateString("en-US", {
      timeZone: "America/New_York",
      weekday: "long",
      month: "long",
      day: "numeric",
    });
    expect(mails[0]!.subject).toBe(`See you ${weekday}`);
    expect(mails[0]!.body).toContain(`Hello Jane, `);
    runs = (await runsOf(automation.id)).filter((run) => run.subjectId === visitId);
    expect(runs.find((run) => run.status === "done")!.outcome).toContain(customer.email!);

    // The clock again, and the old run's delayed task firing after all: nothing more is sent.
    await advanceClock(5 * 24 * 60);
    const canceled = runs.find((run) => run.status === "canceled")!;
    await runAutomation({ companyId: company.id, runId: canceled.id }, { ...workerContext(), taskId: "late" });
    expect(await automationMails(customer.id)).toHaveLength(1);
  });

  it("is not sent for a visit canceled meanwhile, nor twice when its task is delivered twice at once", async () => {
    const automation = await createAutomation(reminder());
    const first = await customerWithVisit();
    await schedule(first.visitId, dayAt10(2));
    const visit = await t.db.visit.findUniqueOrThrow({ where: { id: first.visitId } });
    const canceled = await call("POST", `/api/visits/${first.visitId}/transition`, tokens.owner, {
      to: "canceled",
      version: visit.version,
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const [run] = (await runsOf(automation.id)).filter((r) => r.subjectId === first.visitId);
    expect(run!.status).toBe("canceled");
    expect(run!.outcome).toBe("Canceled: the visit was canceled");

    const second = await customerWithVisit();
    await schedule(second.visitId, dayAt10(2));
    const [waiting] = (await runsOf(automation.id)).filter((r) => r.subjectId === second.visitId);
    await Promise.all(
      [1, 2, 3].map((n) =>
        runAutomation({ companyId: company.id, runId: waiting!.id }, { ...workerContext(), taskId: `twice-${n}` }),
      ),
    );
    expect(await automationMails(second.customer.id)).toHaveLength(1);
    expect(await automationMails(first.customer.id)).toHaveLength(0);
  });

  it("keeps a run months away in its row, and hands it to the queue once it comes within a week", async () => {
    const automation = await createAutomation(reminder());
    const far = await customerWithVisit();
    await schedule(far.visitId, dayAt10(40));
    const [run] = (await runsOf(automation.id)).filter((r) => r.subjectId === far.visitId);
    expect(run!.status).toBe("scheduled");
    expect((await t.db.automationRun.findUniqueOrThrow({ where: { id: run!.id } })).queuedAt).toBeNull();
    const daysBefore = (days: number) => new Date(Date.parse(run!.fireAt) - days * DAY);
    const queue = (now: Date) => runAsOwner(t.runtime.context.db, company, (scope) => queueRunsComingDue(scope, now));
    expect((await queue(daysBefore(8))).result).toBe(0);
    expect((await queue(daysBefore(6))).result).toBeGreaterThanOrEqual(1);
    expect((await t.db.automationRun.findUniqueOrThrow({ where: { id: run!.id } })).queuedAt).not.toBeNull();
    expect((await queue(daysBefore(5))).result).toBe(0);
  });

  it("skips a run whose record no longer meets the conditions when it fires", async () => {
    const automation = await createAutomation(reminder({ conditions: { customerTags: ["VIP"] } }));
    const plain = await customerWithVisit();
    await schedule(plain.visitId, dayAt10(2));
    expect((await runsOf(automation.id)).filter((r) => r.subjectId === plain.visitId)).toHaveLength(0);

    const vip = await customerWithVisit(company.id, ["vip"]);
    await schedule(vip.visitId, dayAt10(2));
    const [run] = (await runsOf(automation.id)).filter((r) => r.subjectId === vip.visitId);
    await t.db.customer.update({ where: { id: vip.customer.id }, data: { tags: [] } });
    await runAutomation({ companyId: company.id, runId: run!.id }, { ...workerContext(), taskId: "tags" });
    const [after] = (await runsOf(automation.id)).filter((r) => r.subjectId === vip.visitId);
    expect(after!.status).toBe("skipped");
    expect(after!.outcome).toContain("VIP");
    expect(await automationMails(vip.customer.id)).toHaveLength(0);
  });
});

describe("turning automations on, off and changing them", () => {
  it("plans only moments still ahead when turned on, cancels its runs when turned off, and audits each change", async () => {
    const dueLongAgo = new Date(Date.now() - 20 * DAY);
    const dueRecently = new Date(Date.now() - 2 * DAY);
    const { customer } = await customerWithVisit();
    const invoices = await Promise.all(
      [dueLongAgo, dueRecently].map((dueAt, index) =>
        t.db.invoice.create({
          data: {
            companyId: company.id,
            customerId: customer.id,
            number: 900_000 + Math.floor(Math.random() * 90_000) + index,
            status: "sent",
            totalCents: 12_500,
            sentAt: new Date(dueAt.getTime() - 30 * DAY),
            dueAt,
          },
        }),
      ),
    );
    const automation = await createAutomation({
      name: "Overdue a week",
      trigger: "invoice.overdue",
      timing: "after",
      delayMinutes: 7 * 24 * 60,
      enabled: false,
      actions: [{ type: "send_email", subject: "Invoice #{{invoice_number}}", body: "{{invoice_balance}} is open" }],
    });
    expect(await runsOf(automation.id)).toHaveLength(0);
    const on = await call<Automation>("PATCH", `/api/automations/${automation.id}`, tokens.owner, { enabled: true });
    expect(on.status).toBe(200);
    const runs = await runsOf(automation.id);
    const planned = runs.filter((run) => invoices.some((invoice) => invoice.id === run.subjectId));
    expect(planned.map((run) => run.subjectId)).toEqual([invoices[1]!.id]);
    expect(Date.parse(planned[0]!.fireAt)).toBe(dueRecently.getTime() + 7 * DAY);

    // The due date moved later: when the old run fires, it plans the run again from the new date, and sends nothing.
    const laterDue = new Date(dueRecently.getTime() + 3 * DAY);
    await t.db.invoice.update({ where: { id: invoices[1]!.id }, data: { dueAt: laterDue } });
    await runAutomation({ companyId: company.id, runId: planned[0]!.id }, { ...workerContext(), taskId: "moved-due" });
    const again = (await runsOf(automation.id)).filter((run) => run.subjectId === invoices[1]!.id);
    expect(again.map((run) => run.status).sort()).toEqual(["scheduled", "skipped"]);
    expect(again.find((run) => run.status === "skipped")!.outcome).toMatch(/^Skipped: its date changed; planned again/);
    expect(Date.parse(again.find((run) => run.status === "scheduled")!.fireAt)).toBe(laterDue.getTime() + 7 * DAY);
    expect(await automationMails(customer.id)).toHaveLength(0);

    const off = await call<Automation>("PATCH", `/api/automations/${automation.id}`, tokens.owner, { enabled: false });
    expect(off.body.scheduledRuns).toBe(0);
    expect((await runsOf(automation.id)).filter((run) => run.status === "scheduled")).toHaveLength(0);

    const removed = await call("DELETE", `/api/automations/${automation.id}`, tokens.owner);
    expect(removed.status).toBe(204);
    const audit = await t.db.auditLog.findMany({
      where: { companyId: company.id, entityId: automation.id },
      orderBy: { createdAt: "asc" },
    });
    expect(audit.map((row) => row.action)).toEqual([
      "automation.created",
      "automation.enabled",
      "automation.disabled",
      "automation.deleted",
    ]);
    expect(audit.every((row) => row.actorUserId === company.users.owner.id)).toBe(true);
  });
});

describe("actions on a job created", () => {
  it("tags the customer and creates one follow-up job, which starts no chain of its own", async () => {
    const automation = await createAutomation({
      name: "Tag and follow up",
      trigger: "job.created",
      timing: "after",
      delayMinutes: 0,
      enabled: true,
      conditions: { services: ["aeration"] },
      actions: [
        { type: "add_tag", tag: "aerated" },
        { type: "create_follow_up", title: "Follow up on {{job_title}}" },
      ],
    });
    const { customer, jobId } = await customerWithVisit();
    await drainQueues(t.runtime.context.queues, ["notifications"]);
    const [run] = (await runsOf(automation.id)).filter((r) => r.subjectId === jobId);
    expect(run!.status).toBe("done");
    expect(run!.outcome).toMatch(/Tagged Jane Doe \w+ aerated; Created follow-up job #\d+/);
    const after = await t.db.customer.findUniqueOrThrow({ where: { id: customer.id } });
    expect(after.tags).toEqual(["aerated"]);
    const jobs = await t.db.job.findMany({ where: { customerId: customer.id }, orderBy: { number: "asc" } });
    expect(jobs.map((job) => job.title)).toEqual(["Aeration", "Follow up on Aeration"]);
    // The follow-up job is a job created too, but by the automation: no run for it.
    expect((await runsOf(automation.id)).filter((r) => r.subjectId === jobs[1]!.id)).toHaveLength(0);
  });
});

describe("a visit completed without signal", () => {
  it("gets its thank-you at once when the completion syncs after the thank-you's time, and once", async () => {
    const automation = await createAutomation({
      name: `Thank you ${randomUUID().slice(0, 6)}`,
      trigger: "visit.completed",
      timing: "after",
      delayMinutes: 60,
      enabled: true,
      actions: [{ type: "send_email", subject: "Thank you", body: "Thanks {{customer_first_name}}." }],
    });
    const { customer, visitId } = await customerWithVisit();
    await schedule(visitId, new Date(Date.now() - 6 * 3_600_000));
    const transition = async (to: string, hoursAgo: number) => {
      const visit = await t.db.visit.findUniqueOrThrow({ where: { id: visitId } });
      const moved = await call("POST", `/api/visits/${visitId}/transition`, tokens.owner, {
        to,
        version: visit.version,
        occurredAt: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(),
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    };
    // Started and completed in a basement five and four hours ago; the phone found signal just now.
    await transition("in_progress", 5);
    await transition("completed", 4);
    await drainQueues(t.runtime.context.queues, ["notifications"]);

    const runs = (await runsOf(automation.id)).filter((r) => r.subjectId === visitId);
    expect(runs.map((run) => run.status)).toEqual(["done"]);
    const mails = await automationMails(customer.id);
    expect(mails.map((mail) => mail.subject)).toEqual(["Thank you"]);
  });
});

describe("the assistant's set-automation module", () => {
  it("moves the visit reminder to two hours before for an owner, audited, and waits for approval for a member", async () => {
    const [preset] = defaultAutomationRows(company.id, { invoicing: true, appOrigin: null });
    const existing = await t.db.automation.findFirst({ where: { companyId: company.id, key: "visit_reminder" } });
    if (!existing) await t.db.automation.create({ data: { ...preset!, enabled: false } });
    const asked = await executeModule(t.url, tokens.owner, "set-automation", {
      automation: "visit_reminder",
      enabled: true,
      delayMinutes: 120,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBeLessThan(300);
    await drainQueues(t.runtime.context.queues, ["modules"]);
    const row = await t.db.automation.findFirstOrThrow({ where: { companyId: company.id, key: "visit_reminder" } });
    expect([row.enabled, row.delayMinutes]).toEqual([true, 120]);
    const audit = await t.db.auditLog.findFirst({
      where: { companyId: company.id, entityId: row.id, action: "automation.updated" },
    });
    expect(audit).not.toBeNull();

    const member = await executeModule(t.url, tokens.member, "set-automation", {
      automation: "visit_reminder",
      enabled: false,
    });
    expect(member.body.status).toBe("awaiting_approval");
    await drainQueues(t.runtime.context.queues, ["modules"]);
    expect((await t.db.automation.findUniqueOrThrow({ where: { id: row.id } })).enabled).toBe(true);
    expect(
      (await executeModule(t.url, tokens.field, "set-automation", { automation: "visit_reminder", enabled: false }))
        .status,
    ).toBe(403);
  });
});

describe("a new company", () => {
  it("starts with the visit reminder and the invoice follow-up on, the review request off", async () => {
    const tag = randomUUID().slice(0, 8);
    const signedUp = await post(`${t.url}/api/signup`, {
      companyName: `Automation Co ${tag}`,
      name: "New Owner",
      email: `new-${tag}@example.com`,
      password: "correct-horse-battery-staple",
      plan: "growth",
    });
    expect(signedUp.status, await signedUp.clone().text()).toBe(201);
    const token = ((await signedUp.json()) as { token: string }).token;
    const list = await callApi<{ items: Automation[] }>(t.url, "GET", "/api/automations", token);
    expect(list.body.items.map((item) => [item.key, item.enabled])).toEqual([
      ["visit_reminder", true],
      ["invoice_follow_up", true],
      ["review_request", false],
    ]);
  });
});

function workerContext() {
  const { db, redis, env } = t.runtime.context;
  return { db, redis, env, queues: t.runtime.context.queues };
}
