import { fillPath } from "@fieldops/shared/endpoint";
import { customerEndpoints } from "@fieldops/shared/customers";
import { dispatchEndpoints } from "@fieldops/shared/dispatch";
import { seedSampleDay } from "@fieldops/domain/dispatch/sample-day";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerInput } from "@fieldops/domain/customers/customer-test-fixtures";
import { expireModuleApproval } from "@fieldops/domain/modules/expire-module-approval.handler";
import { runModule } from "@fieldops/domain/modules/run-module.handler";
import { hashModuleParams } from "@fieldops/domain/modules/params-hash";
import { createTaskQueues } from "@fieldops/tasks/enqueue";
import { readEventsAfter } from "@fieldops/events/company-stream";
import { APPROVAL_REQUIRED_REASON, type ApprovalRequest, moduleEndpoints } from "@fieldops/shared/modules";
import { defaultPermissions } from "@fieldops/shared/roles";
import type { RunningWorkers } from "@fieldops/worker/run-workers";
import {
  callApi,
  createTestCompany,
  drainQueues,
  signIn,
  startTestApp,
  startTestWorkers,
  TEST_PASSWORD,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { executeModule } from "../../../../tests/integration/module-fixtures.ts";
import { hashPassword } from "@fieldops/domain/accounts/passwords";
import { createDatabase } from "@fieldops/db";
import { countQueries } from "@fieldops/db/query-count";
import { flushRelayMarks } from "@fieldops/domain/effects/relay-marks";
import { workerResources } from "../../../../tests/integration/provided-context.ts";
import { createCompletedJob } from "../../../../tests/integration/billing-fixtures.ts";
import { addDays, dayInTimeZone } from "@fieldops/shared/company-time";

let t: TestApp;
let workers: RunningWorkers;
let company: TestCompany;
let growth: TestCompany;
let other: TestCompany;
const tokens: Record<string, string> = {};
let customerId: string;

const call = (method: string, path: string, as: string, body?: unknown) =>
  callApi(t.url, method, path, tokens[as]!, body);

const execute = (as: string, moduleId: string, params: Record<string, unknown>, idempotencyKey?: string) =>
  executeModule(t.url, tokens[as]!, moduleId, params, idempotencyKey);

const drain = () => drainQueues(t.runtime.context.queues, ["modules", "optimizer"]);

/** The module.run_updated events the requester received about a run, oldest first. */
async function runEvents(companyId: string, runId: string) {
  const events = await readEventsAfter(t.runtime.context.redis, companyId, "0-0");
  return events.flatMap((entry) =>
    entry.event.name === "module.run_updated" && entry.event.payload.runId === runId
      ? [{ userId: entry.userId, ...entry.event.payload }]
      : [],
  );
}

async function approvals(as = "owner"): Promise<ApprovalRequest[]> {
  const listed = await call("GET", moduleEndpoints.approvals.path, as);
  expect(listed.status).toBe(200);
  return (listed.body as unknown as { items: ApprovalRequest[] }).items;
}

const approve = (id: string, paramsHash: string, as = "owner") =>
  call("POST", fillPath(moduleEndpoints.approve.path, { id }), as, { paramsHash });

beforeAll(async () => {
  t = await startTestApp();
  workers = startTestWorkers(t);
  company = await createTestCompany(t.db, { name: "Module Lawns" });
  growth = await createTestCompany(t.db, { name: "Growing Lawns", planId: "growth" });
  other = await createTestCompany(t.db, { name: "Other Lawns" });
  const secondOwner = await t.db.user.create({
    data: {
      companyId: company.id,
      email: `owner2-${randomUUID().slice(0, 8)}@test.example`,
      name: "Second Owner",
      passwordHash: await hashPassword(TEST_PASSWORD),
      role: "owner",
      permissions: defaultPermissions("owner"),
    },
  });
  const signed = await Promise.all([
    signIn(t.url, company.users.owner.email),
    signIn(t.url, secondOwner.email),
    signIn(t.url, company.users.member.email),
    signIn(t.url, company.users.field_user.email),
    signIn(t.url, growth.users.owner.email),
    signIn(t.url, growth.users.member.email),
    signIn(t.url, other.users.owner.email),
  ]);
  ["owner", "owner2", "member", "field_user", "growthOwner", "growthMember", "otherOwner"].forEach(
    (name, i) => (tokens[name] = signed[i]!),
  );
  const customer = await call("POST", customerEndpoints.list.path, "owner", customerInput({ name: "Grace Hopper" }));
  expect(customer.status).toBe(201);
  customerId = customer.body.id as string;
});
afterAll(async () => {
  await workers.close();
  await t.close();
});

describe("running a module directly", () => {
  it("creates a job for a member, tells them when it is done, and undoes it once", async () => {
    const answer = await execute("member", "create-job", { customerId, title: "Trim the hedges" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, status: "queued", runId: expect.any(String) });
    const runId = answer.body.runId as string;
    await drain();
    const job = await t.db.job.findFirstOrThrow({
      where: { companyId: company.id, title: "Trim the hedges" },
      include: { visits: true },
    });
    expect(job.visits).toHaveLength(1);
    const events = await runEvents(company.id, runId);
    expect(events).toEqual([
      expect.objectContaining({
        userId: company.users.member.id,
        status: "succeeded",
        success: true,
        message: `Created job #${job.number} for Grace Hopper: Trim the hedges`,
        // The chip's Undo lasts as long as the server allows, which the event says.
        undoUntil: expect.any(String),
        undone: false,
      }),
    ]);
    // The new job is news for the whole company (the board, the jobs list); the outcome only for the requester.
    const changed = (await readEventsAfter(t.runtime.context.redis, company.id, "0-0")).filter(
      (entry) => entry.event.name === "jobs.changed" && entry.event.payload.jobIds.includes(job.id),
    );
    expect(changed.map((entry) => entry.userId)).toEqual([null]);

    const run = await call("GET", fillPath(moduleEndpoints.run.path, { id: runId }), "member");
    expect(run.body).toMatchObject({
      status: "succeeded",
      undone: false,
      undoUntil: expect.any(String),
      download: null,
    });
    // Only the requester sees or undoes their run.
    expect((await call("GET", fillPath(moduleEndpoints.run.path, { id: runId }), "owner")).status).toBe(404);
    expect((await call("POST", fillPath(moduleEndpoints.undoRun.path, { id: runId }), "otherOwner")).status).toBe(404);
    expect((await call("POST", fillPath(moduleEndpoints.undoRun.path, { id: runId }), "owner")).status).toBe(404);

    const undone = await call("POST", fillPath(moduleEndpoints.undoRun.path, { id: runId }), "member");
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ undone: true, undoUntil: null });
    expect(await t.db.job.findUnique({ where: { id: job.id } })).toBeNull();
    const again = await call("POST", fillPath(moduleEndpoints.undoRun.path, { id: runId }), "member");
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ undone: true });
    // The requester's other tabs hear it was undone, once.
    expect((await runEvents(company.id, runId)).slice(1)).toEqual([
      expect.objectContaining({ status: "succeeded", undone: true, undoUntil: null }),
    ]);
  });

  it("refuses to undo a created job that has been scheduled since, or a run older than five minutes", async () => {
    const created = await execute("owner", "create-job", { customerId, title: "Aerate the lawn" });
    await drain();
    const runId = created.body.runId as string;
    const scheduled = await execute("owner", "schedule-visit", {
      customerId,
      start: "2031-03-04T14:00:00.000Z",
      crewId: null,
    });
    expect(scheduled.body).toMatchObject({ success: true });
    await drain();
    const visit = await t.db.visit.findFirstOrThrow({
      where: { job: { title: "Aerate the lawn", companyId: company.id } },
    });
    expect(visit).toMatchObject({ status: "scheduled", scheduledStart: new Date("2031-03-04T14:00:00.000Z") });
    const refused = await call("POST", fillPath(moduleEndpoints.undoRun.path, { id: runId }), "owner");
    expect(refused.status).toBe(409);
    expect(await t.db.job.count({ where: { title: "Aerate the lawn", companyId: company.id } })).toBe(1);

    // Undoing the scheduling puts the visit back in the queue; then the job can go too.
    expect(
      (await call("POST", fillPath(moduleEndpoints.undoRun.path, { id: scheduled.body.runId as string }), "owner"))
        .status,
    ).toBe(200);
    expect(await t.db.visit.findUniqueOrThrow({ where: { id: visit.id } })).toMatchObject({
      status: "unscheduled",
      scheduledStart: null,
      crewId: null,
    });
    await t.db.moduleRun.update({ where: { id: runId }, data: { finishedAt: new Date(Date.now() - 6 * 60_000) } });
    expect((await call("POST", fillPath(moduleEndpoints.undoRun.path, { id: runId }), "owner")).status).toBe(409);
  });

  it("runs a repeated UI action (same Idempotency-Key) once, and refuses the key for another action", async () => {
    const key = randomUUID();
    const [first, second] = await Promise.all([
      execute("member", "create-job", { customerId, title: "Mulch the beds" }, key),
      execute("member", "create-job", { customerId, title: "Mulch the beds" }, key),
    ]);
    expect(first.body.runId).toBe(second.body.runId);
    await drain();
    expect(await t.db.job.count({ where: { companyId: company.id, title: "Mulch the beds" } })).toBe(1);
    const third = await execute("member", "create-job", { customerId, title: "Mulch the beds" }, key);
    expect(third.body).toMatchObject({ runId: first.body.runId, status: "succeeded", success: true });
    expect((await execute("member", "create-job", { customerId, title: "Something else" }, key)).status).toBe(409);
  });

  it("refuses a field user, bad parameters and another company's customer, changing nothing", async () => {
    expect((await execute("field_user", "create-job", { customerId, title: "Nope" })).status).toBe(403);
    const bad = await execute("member", "create-job", { customerId: "not-a-uuid", title: "Nope" });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("params.customerId");
    expect((await execute("member", "launch-rockets", {})).status).toBe(400);
    const foreign = await execute("otherOwner", "create-job", { customerId, title: "Foreign job" });
    expect(foreign.body).toMatchObject({ success: true, status: "queued" });
    await drain();
    expect(await runEvents(other.id, foreign.body.runId as string)).toEqual([
      expect.objectContaining({ status: "failed", success: false, error: "Customer not found" }),
    ]);
    expect(await t.db.job.count({ where: { title: { in: ["Nope", "Foreign job"] } } })).toBe(0);
  });

  it("answers planUpgradeRequired for a module the plan does not include, storing nothing", async () => {
    const before = await t.db.moduleRun.count({ where: { companyId: growth.id } });
    const answer = await execute("growthOwner", "optimize-day", { date: "2031-01-01" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: false, planUpgradeRequired: true, runId: null });
    expect(answer.body.error).toMatch(/^This feature requires a plan upgrade/);
    expect(await t.db.moduleRun.count({ where: { companyId: growth.id } })).toBe(before);
  });

  it("exports the customers as a CSV file only the requester can download", async () => {
    const answer = await execute("owner", "export-customers", {});
    await drain();
    const runId = answer.body.runId as string;
    const run = await call("GET", fillPath(moduleEndpoints.run.path, { id: runId }), "owner");
    expect(run.body).toMatchObject({
      status: "succeeded",
      download: fillPath(moduleEndpoints.downloadRun.path, { id: runId }),
    });
    const download = await fetch(`${t.url}${run.body.download as string}`, {
      headers: { authorization: `Bearer ${tokens.owner}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(download.headers.get("content-disposition")).toMatch(/attachment; filename="customers-/);
    expect(await download.text()).toContain("Grace Hopper");
    expect((await runEvents(company.id, runId)).at(-1)).toMatchObject({
      status: "succeeded",
      download: run.body.download,
      undoUntil: null,
    });
    for (const as of ["owner2", "member", "otherOwner"]) {
      const refused = await fetch(`${t.url}${run.body.download as string}`, {
        headers: { authorization: `Bearer ${tokens[as]}` },
      });
      expect(refused.status, as).toBe(404);
    }
  });
});

describe("optimizing a day from a module run", () => {
  it("links the finished run to its proposal on the board, which another company cannot open", async () => {
    await seedSampleDay(t.db, { companyId: company.id, date: "2031-02-03", crews: 2, visitsPerCrew: 3 });
    const answer = await execute("owner", "optimize-day", { date: "2031-02-03" });
    expect(answer.body).toMatchObject({ success: true, status: "queued" });
    const runId = answer.body.runId as string;
    // The run only queues the optimizer; its proposal is the board's to show.
    await drainQueues(t.runtime.context.queues, ["modules"]);
    const run = await call("GET", fillPath(moduleEndpoints.run.path, { id: runId }), "owner");
    expect(run.body).toMatchObject({ status: "succeeded", link: { label: "Open the proposal on the board" } });
    const href = new URL((run.body.link as { href: string }).href, t.url);
    expect(href.pathname).toBe("/schedule");
    expect(href.searchParams.get("date")).toBe("2031-02-03");
    const planId = href.searchParams.get("plan")!;
    const stored = await t.db.routePlan.findUniqueOrThrow({ where: { id: planId } });
    expect(stored.companyId).toBe(company.id);

    // What the board's dialog loads from the link: this company's plan, and for another company nothing.
    const plan = await call("GET", fillPath(dispatchEndpoints.getPlan.path, { id: planId }), "owner");
    expect(plan.status).toBe(200);
    expect(plan.body).toMatchObject({ id: planId, date: "2031-02-03" });
    const foreign = await call("GET", fillPath(dispatchEndpoints.getPlan.path, { id: planId }), "otherOwner");
    expect(foreign.status).toBe(404);
    const foreignRun = await call("GET", fillPath(moduleEndpoints.run.path, { id: runId }), "otherOwner");
    expect(foreignRun.status).toBe(404);

    // The requester's event carries the link, so the chip needs no second request.
    expect((await runEvents(company.id, runId)).at(-1)).toMatchObject({ status: "succeeded", link: run.body.link });
  });
});

describe("approvals", () => {
  it("holds a member's export for approval; the owner approves it and the member is told it ran", async () => {
    const answer = await execute("member", "export-customers", {});
    expect(answer.body).toMatchObject({
      success: false,
      requiresApproval: true,
      reason: APPROVAL_REQUIRED_REASON,
      status: "awaiting_approval",
    });
    const runId = answer.body.runId as string;
    await drain();
    expect(await t.db.moduleRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({
      status: "awaiting_approval",
      output: null,
    });

    const pending = (await approvals()).find((item) => item.id === runId)!;
    expect(pending).toMatchObject({
      moduleId: "export-customers",
      status: "pending",
      requestedBy: { id: company.users.member.id, role: "member" },
      summary: expect.stringMatching(/^Export all \d+ customers/),
    });
    expect((await call("GET", moduleEndpoints.approvals.path, "member")).status).toBe(403);
    expect((await call("GET", moduleEndpoints.approvals.path, "otherOwner")).body).toEqual({ items: [] });
    expect((await approve(runId, pending.paramsHash, "otherOwner")).status).toBe(404);
    expect((await approve(runId, pending.paramsHash, "member")).status).toBe(403);

    const approved = await approve(runId, pending.paramsHash);
    expect(approved.status).toBe(200);
    await drain();
    expect((await approvals()).map((item) => item.id)).not.toContain(runId);
    const events = await runEvents(company.id, runId);
    expect(events.map((event) => event.status)).toEqual(["queued", "succeeded"]);
    expect(events.every((event) => event.userId === company.users.member.id)).toBe(true);
    const all = await readEventsAfter(t.runtime.context.redis, company.id, "0-0");
    const approvalStates = all.flatMap((entry) =>
      entry.event.name === "approval.updated" && entry.event.payload.approvalId === runId
        ? [entry.event.payload.status]
        : [],
    );
    expect(approvalStates).toEqual(["pending", "approved"]);
    // The decision and the export it let through are both in the audit log, each by whom it was.
    const approvedEntry = await t.db.auditLog.findFirstOrThrow({ where: { entityId: runId } });
    expect(approvedEntry).toMatchObject({ action: "approval.approved", actorUserId: company.users.owner.id });
    expect((approvedEntry.metadata as { summary: string }).summary).toMatch(/ approved a request to export customers$/);
    const exported = await t.db.auditLog.findFirst({
      where: { companyId: company.id, action: "data.exported", actorUserId: company.users.member.id },
    });
    expect(exported).not.toBeNull();
  });

  it("holds a member's batch invoicing for approval with what it would make; approved, it bills each visit once", async () => {
    const job = await createCompletedJob(t.db, company.id, { visits: 2 });
    const today = dayInTimeZone(new Date(), "America/New_York");
    const period = { from: addDays(today, -10), to: today };
    expect((await execute("field_user", "invoice-completed-visits", period)).status).toBe(403);
    expect(
      (await execute("member", "invoice-completed-visits", { from: today, to: addDays(today, -1) })).body,
    ).toMatchObject({
      field: "params.to",
    });

    const asked = await execute("member", "invoice-completed-visits", period);
    expect(asked.body).toMatchObject({ requiresApproval: true, status: "awaiting_approval" });
    const runId = asked.body.runId as string;
    const pending = (await approvals()).find((item) => item.id === runId)!;
    expect(pending.summary).toMatch(
      /^Invoice the \d+ completed visits of \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} that no invoice bills: \d+ draft invoices?, one per customer, \$[\d,]+\.\d{2} in all\.$/,
    );
    expect((await approve(runId, pending.paramsHash)).status).toBe(200);
    await drain();
    expect(await runEvents(company.id, runId)).toContainEqual(
      expect.objectContaining({
        status: "succeeded",
        message: expect.stringMatching(/^Made \d+ draft invoices? for \d+ visits?/),
      }),
    );
    const billed = await t.db.visit.findMany({ where: { jobId: job.jobId }, select: { invoiceId: true } });
    expect(new Set(billed.map((visit) => visit.invoiceId)).size).toBe(1);
    expect(billed[0]!.invoiceId).not.toBeNull();

    // An owner runs it directly; nothing is left, and nothing is billed twice.
    const again = await execute("owner", "invoice-completed-visits", period);
    expect(again.body).toMatchObject({ success: true, status: "queued" });
    await drain();
    expect(await runEvents(company.id, again.body.runId as string)).toContainEqual(
      expect.objectContaining({
        status: "succeeded",
        message: `Nothing to invoice: every completed visit of ${period.from} to ${period.to} is billed already`,
      }),
    );
    expect(await t.db.invoiceLine.count({ where: { visitId: { in: job.visitIds } } })).toBe(2 * 2);
  });

  it("runs once when two owners approve at the same time", async () => {
    const due = new Date(Date.now() - 3 * 86_400_000);
    await t.db.invoice.create({
      data: {
        companyId: company.id,
        customerId,
        number: 9001,
        status: "sent",
        totalCents: 12_500,
        issuedAt: due,
        dueAt: due,
      },
    });
    const answer = await execute("member", "send-payment-reminders", { pastDueOnly: true });
    const runId = answer.body.runId as string;
    const pending = (await approvals()).find((item) => item.id === runId)!;
    const decisions = await Promise.all([
      approve(runId, pending.paramsHash),
      approve(runId, pending.paramsHash, "owner2"),
      approve(runId, pending.paramsHash),
    ]);
    expect(decisions.map((decision) => decision.status)).toEqual([200, 200, 200]);
    expect(await t.db.auditLog.count({ where: { entityId: runId, action: "approval.approved" } })).toBe(1);
    await drain();
    expect(await t.db.outboxMessage.count({ where: { moduleRunId: runId } })).toBe(1);
    const events = await runEvents(company.id, runId);
    expect(events.filter((event) => event.status === "succeeded")).toEqual([
      expect.objectContaining({ message: "Queued 1 payment reminder for delivery" }),
    ]);
  });

  it("denies with a reason the requester is told, and a denied request cannot be approved", async () => {
    const answer = await execute("member", "enable-hipaa-mode", {});
    const runId = answer.body.runId as string;
    const pending = (await approvals()).find((item) => item.id === runId)!;
    expect(
      (await call("POST", fillPath(moduleEndpoints.deny.path, { id: runId }), "owner", { reason: "" })).status,
    ).toBe(400);
    const denied = await call("POST", fillPath(moduleEndpoints.deny.path, { id: runId }), "owner", {
      reason: "We have no BAA yet",
    });
    expect(denied.status).toBe(200);
    expect(denied.body).toMatchObject({ run: { status: "denied" } });
    expect((await approve(runId, pending.paramsHash)).status).toBe(409);
    expect(await runEvents(company.id, runId)).toEqual([
      expect.objectContaining({ status: "denied", success: false, error: "Denied: We have no BAA yet" }),
    ]);
    expect((await t.db.company.findUniqueOrThrow({ where: { id: company.id } })).hipaaMode).toBe(false);
    const deniedEntries = await t.db.auditLog.findMany({ where: { entityId: runId } });
    expect(deniedEntries.map((entry) => [entry.action, (entry.metadata as { summary: string }).summary])).toEqual([
      ["approval.denied", expect.stringMatching(/ denied a request to .+: We have no BAA yet$/)],
    ]);
  });

  it("never lets a requester approve their own request; another owner's approval turns HIPAA mode on", async () => {
    const answer = await execute("owner", "enable-hipaa-mode", {});
    expect(answer.body).toMatchObject({ requiresApproval: true });
    const runId = answer.body.runId as string;
    const pending = (await approvals("owner2")).find((item) => item.id === runId)!;
    expect((await approve(runId, pending.paramsHash, "owner")).status).toBe(403);
    expect((await approve(runId, pending.paramsHash, "owner2")).status).toBe(200);
    await drain();
    expect((await t.db.company.findUniqueOrThrow({ where: { id: company.id } })).hipaaMode).toBe(true);
  });

  it("refuses an expired request, a hash that is not the request's, and parameters changed since", async () => {
    const expiring = await execute("member", "export-customers", {});
    const expiringId = expiring.body.runId as string;
    const hash = (await approvals()).find((item) => item.id === expiringId)!.paramsHash;
    await t.db.moduleRun.update({ where: { id: expiringId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await approvals()).map((item) => item.id)).not.toContain(expiringId);
    expect((await approve(expiringId, hash)).status).toBe(409);

    const changed = await execute("member", "send-payment-reminders", {});
    const changedId = changed.body.runId as string;
    const shown = (await approvals()).find((item) => item.id === changedId)!;
    expect((await approve(changedId, hashModuleParams("send-payment-reminders", { pastDueOnly: false }))).status).toBe(
      409,
    );
    await t.db.moduleRun.update({
      where: { id: changedId },
      data: { params: { pastDueOnly: true, extra: "injected" } },
    });
    expect((await approve(changedId, shown.paramsHash)).status).toBe(409);
    await drain();
    for (const id of [expiringId, changedId])
      expect((await t.db.moduleRun.findUniqueOrThrow({ where: { id } })).status).toBe("awaiting_approval");
  });

  it("closes a request nobody decided when it expires and tells the requester; one decided first stays decided", async () => {
    const waiting = await execute("member", "export-customers", {});
    const runId = waiting.body.runId as string;
    const job = await t.runtime.context.queues.queue("modules").getJob(`expire_module_approval_${runId}`);
    // Queued to wake at the request's expiry, 24 hours on.
    expect(job?.opts.delay).toBeGreaterThan(24 * 3_600_000 - 60_000);
    expect(job?.opts.delay).toBeLessThanOrEqual(24 * 3_600_000);
    await job!.remove();

    const { db, redis } = t.runtime.context;
    const expire = (id: string) =>
      expireModuleApproval(
        { companyId: company.id, runId: id },
        { db, redis, taskId: id, queues: t.runtime.context.queues },
      );
    // Before its expiry, nothing happens.
    await expire(runId);
    expect((await t.db.moduleRun.findUniqueOrThrow({ where: { id: runId } })).status).toBe("awaiting_approval");
    await t.db.moduleRun.update({ where: { id: runId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expire(runId);
    await expire(runId);
    expect((await t.db.moduleRun.findUniqueOrThrow({ where: { id: runId } })).status).toBe("expired");
    expect(await runEvents(company.id, runId)).toEqual([
      expect.objectContaining({
        userId: company.users.member.id,
        status: "expired",
        success: false,
        error: "The approval request expired before anyone decided it",
      }),
    ]);
    const announced = (await readEventsAfter(redis, company.id, "0-0")).filter(
      (entry) => entry.event.name === "approval.updated" && entry.event.payload.approvalId === runId,
    );
    expect(announced.map((entry) => entry.event.payload)).toEqual([
      { approvalId: runId, moduleId: "export-customers", status: "pending" },
      { approvalId: runId, moduleId: "export-customers", status: "expired" },
    ]);

    const decided = await execute("member", "export-customers", {});
    const decidedId = decided.body.runId as string;
    const hash = (await approvals()).find((item) => item.id === decidedId)!.paramsHash;
    expect((await approve(decidedId, hash)).status).toBe(200);
    await t.db.moduleRun.update({ where: { id: decidedId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expire(decidedId);
    expect((await t.db.moduleRun.findUniqueOrThrow({ where: { id: decidedId } })).status).not.toBe("expired");
    await drain();
  });

  it("refuses approval when the plan no longer includes the module", async () => {
    const answer = await execute("growthMember", "export-customers", {});
    const runId = answer.body.runId as string;
    const hash = (await approvals("growthOwner")).find((item) => item.id === runId)!.paramsHash;
    await t.db.company.update({ where: { id: growth.id }, data: { planId: "starter" } });
    try {
      expect((await approve(runId, hash, "growthOwner")).status).toBe(403);
    } finally {
      await t.db.company.update({ where: { id: growth.id }, data: { planId: "growth" } });
    }
  });
});

describe("the worker", () => {
  it("runs a run exactly once when its job is delivered several times at once and again later", async () => {
    const runId = randomUUID();
    const params = { customerId, title: "Exactly once" };
    await t.db.moduleRun.create({
      data: {
        id: runId,
        companyId: company.id,
        moduleId: "create-job",
        params,
        paramsHash: hashModuleParams("create-job", params),
        status: "queued",
        requestedByUserId: company.users.owner.id,
      },
    });
    const { db, redis } = t.runtime.context;
    const queues = createTaskQueues(
      redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined }),
    );
    try {
      const deliver = () =>
        runModule(
          { companyId: company.id, runId, requestId: null },
          { db, redis, taskId: `run_module_${runId}`, queues },
        );
      await Promise.all([deliver(), deliver(), deliver()]);
      await deliver();
    } finally {
      await queues.close();
    }
    expect(await t.db.job.count({ where: { companyId: company.id, title: "Exactly once" } })).toBe(1);
    expect(await t.db.moduleRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ status: "succeeded" });
  });

  it("runs a create-job module in few statements", async () => {
    /**
     * Transaction control and the signed tenant context (5), the claim, the requester's role, the company's trial,
     * the customer and its properties (2), the company's words, the job number, the plan, the job, its history note,
     * its visit, the company's enabled automations, the webhook subscriptions that want job.created, the customer's
     * name for the outcome's words, the outcome, its effects into the outbox: 20. Marking the effects relayed comes
     * later, in one transaction for every run relayed meanwhile (`relay-marks.ts`).
     */
    const CREATE_JOB_RUN_STATEMENTS = 20;
    const counting = createDatabase(workerResources().databaseUrl, {
      max: 1,
      countQueries: true,
      contextKey: workerResources().databaseContextKey,
    });
    const { redis } = t.runtime.context;
    const queues = createTaskQueues(
      redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined }),
    );
    try {
      for (const title of ["Counted once", "Counted twice"]) {
        const runId = randomUUID();
        const params = { customerId, title };
        await t.db.moduleRun.create({
          data: {
            id: runId,
            companyId: company.id,
            moduleId: "create-job",
            params,
            paramsHash: hashModuleParams("create-job", params),
            status: "queued",
            requestedByUserId: company.users.owner.id,
          },
        });
        const tally = { queries: 0 };
        await countQueries(tally, () =>
          runModule({ companyId: company.id, runId, requestId: null }, { db: counting, redis, taskId: runId, queues }),
        );
        expect(await t.db.moduleRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ status: "succeeded" });
        expect(tally.queries).toBe(CREATE_JOB_RUN_STATEMENTS);
      }
    } finally {
      await queues.close();
      await flushRelayMarks(counting);
      await counting.$disconnect();
    }
  });

  it("records a refusal of the domain as the run's outcome, once, with its message", async () => {
    const runId = randomUUID();
    const params = { visitId: randomUUID(), start: "2031-05-05T15:00:00.000Z" };
    await t.db.moduleRun.create({
      data: {
        id: runId,
        companyId: company.id,
        moduleId: "reschedule-visit",
        params,
        paramsHash: hashModuleParams("reschedule-visit", params),
        status: "queued",
        requestedByUserId: company.users.owner.id,
      },
    });
    const { db, redis } = t.runtime.context;
    const queues = createTaskQueues(
      redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined }),
    );
    try {
      await runModule({ companyId: company.id, runId, requestId: null }, { db, redis, taskId: runId, queues });
    } finally {
      await queues.close();
    }
    // A refusal is an outcome: recorded once, with the domain's message, and nothing half-written.
    expect(await t.db.moduleRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({
      status: "failed",
      error: "Visit not found",
    });
  });
});
