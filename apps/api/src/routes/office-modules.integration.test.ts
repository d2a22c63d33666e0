import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillPath } from "@fieldops/shared/endpoint";
import { moduleEndpoints } from "@fieldops/shared/modules";
import type { RunningWorkers } from "@fieldops/worker/run-workers";
import {
  callApi,
  createTestCompany,
  drainQueues,
  signIn,
  startTestApp,
  startTestWorkers,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { executeModule } from "../../../../tests/integration/module-fixtures.ts";
import { createTestCustomer } from "../../../../tests/integration/use-case-fixtures.ts";

/** The modules the assistant proposes for an office's everyday sentences: a new job's visit, a payment, one customer's reminders. */
let t: TestApp;
let workers: RunningWorkers;
let company: TestCompany;
let other: TestCompany;
const tokens: Record<string, string> = {};

const execute = (as: string, moduleId: string, params: Record<string, unknown>, idempotencyKey?: string) =>
  executeModule(t.url, tokens[as]!, moduleId, params, idempotencyKey);

/** Runs the queued work and answers the run as its requester sees it. */
async function outcome(as: string, runId: string) {
  await drainQueues(t.runtime.context.queues, ["modules"]);
  return (await callApi(t.url, "GET", fillPath(moduleEndpoints.run.path, { id: runId }), tokens[as]!)).body;
}

let invoiceNumber = 5000;
async function sentInvoice(companyId: string, customerId: string, totalCents: number, dueDaysAgo: number) {
  return t.db.invoice.create({
    data: {
      companyId,
      customerId,
      number: ++invoiceNumber,
      status: "sent",
      totalCents,
      subtotalCents: totalCents,
      issuedAt: new Date(Date.now() - 40 * 86_400_000),
      sentAt: new Date(Date.now() - 40 * 86_400_000),
      dueAt: new Date(Date.now() - dueDaysAgo * 86_400_000),
    },
  });
}

beforeAll(async () => {
  t = await startTestApp();
  workers = startTestWorkers(t);
  company = await createTestCompany(t.db, { name: "Office Modules Lawns" });
  other = await createTestCompany(t.db, { name: "Other Modules Lawns" });
  const signed = await Promise.all([
    signIn(t.url, company.users.owner.email),
    signIn(t.url, company.users.member.email),
    signIn(t.url, company.users.field_user.email),
    signIn(t.url, other.users.owner.email),
  ]);
  ["owner", "member", "field_user", "otherOwner"].forEach((name, i) => (tokens[name] = signed[i]!));
});
afterAll(async () => {
  await workers.close();
  await t.close();
});

describe("scheduling a new job's visit in one step", () => {
  it("creates the job named as asked and schedules its visit with the crew; undo puts the visit back", async () => {
    const customerId = await createTestCustomer(t.db, company.id, "Maria Gonzalez");
    // Crew C works every day from 6:00 to 20:00 (the test company's zone), so any day in three will do.
    const crew = await t.db.crew.create({
      data: {
        companyId: company.id,
        name: "Crew C",
        color: "#10b981",
        workingHours: {
          create: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
            companyId: company.id,
            weekday,
            startMinute: 6 * 60,
            endMinute: 20 * 60,
          })),
        },
      },
    });
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setUTCHours(15, 0, 0, 0);
    const answer = await execute("member", "schedule-visit", {
      customerId,
      title: "Gutter cleaning",
      start: start.toISOString(),
      crewId: crew.id,
    });
    expect(answer.status).toBe(200);
    expect(await outcome("member", answer.body.runId as string)).toMatchObject({ status: "succeeded" });
    const job = await t.db.job.findFirstOrThrow({
      where: { companyId: company.id, customerId, title: "Gutter cleaning" },
      include: { visits: true },
    });
    expect(job.visits).toHaveLength(1);
    expect(job.visits[0]).toMatchObject({ status: "scheduled", crewId: crew.id, scheduledStart: start });

    const undone = await callApi(
      t.url,
      "POST",
      fillPath(moduleEndpoints.undoRun.path, { id: answer.body.runId as string }),
      tokens.member!,
    );
    expect(undone.status).toBe(200);
    const visit = await t.db.visit.findUniqueOrThrow({ where: { id: job.visits[0]!.id } });
    expect(visit.status).toBe("unscheduled");
  });

  it("leaves no job behind when the visit cannot be placed (the crew does not work then)", async () => {
    const customerId = await createTestCustomer(t.db, company.id, "Bob's Bakery");
    const crew = await t.db.crew.create({ data: { companyId: company.id, name: "Never Crew", color: "#f59e0b" } });
    const answer = await execute("owner", "schedule-visit", {
      customerId,
      title: "Pest treatment",
      start: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      crewId: crew.id,
    });
    expect(await outcome("owner", answer.body.runId as string)).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/^Never Crew does not work on/),
    });
    expect(await t.db.job.count({ where: { companyId: company.id, title: "Pest treatment" } })).toBe(0);
  });

  it("refuses another company's customer and a title that is blank, creating nothing", async () => {
    const theirs = await createTestCustomer(t.db, other.id, "Their Customer");
    const start = new Date(Date.now() + 86_400_000).toISOString();
    const title = `Aeration ${randomUUID()}`;
    const foreign = await execute("owner", "schedule-visit", { customerId: theirs, title, start });
    // Queued like any run (the ids are not looked up before), it fails inside the company's tenant: not found.
    expect(foreign.status).toBe(200);
    expect(await outcome("owner", foreign.body.runId as string)).toMatchObject({
      status: "failed",
      error: "Customer not found",
    });
    const blank = await execute("owner", "schedule-visit", { customerId: theirs, title: "   ", start });
    expect(blank.status).toBe(400);
    expect(await t.db.job.count({ where: { title } })).toBe(0);
    expect(await t.db.job.count({ where: { customerId: theirs } })).toBe(0);
  });
});

describe("recording a payment from the chat", () => {
  it("records cash for the open balance once, however often the same request is run", async () => {
    const customerId = await createTestCustomer(t.db, company.id, "Elena Garcia");
    const invoice = await sentInvoice(company.id, customerId, 25_000, 5);
    const key = randomUUID();
    const first = await execute("member", "record-payment", { invoiceId: invoice.id, method: "cash" }, key);
    expect(first.status).toBe(200);
    const run = await outcome("member", first.body.runId as string);
    expect(run).toMatchObject({
      status: "succeeded",
      message: `Recorded a cash payment of $250.00 on invoice #${invoice.number}; it is paid in full`,
    });
    const again = await execute("member", "record-payment", { invoiceId: invoice.id, method: "cash" }, key);
    expect(again.body.runId).toBe(first.body.runId);
    await drainQueues(t.runtime.context.queues, ["modules"]);
    const payments = await t.db.payment.findMany({ where: { invoiceId: invoice.id } });
    expect(payments.map((payment) => [payment.method, payment.amountCents])).toEqual([["cash", 25_000]]);
    expect(await t.db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({
      status: "paid",
      paidCents: 25_000,
    });
  });

  it("records part of the balance by check, and refuses more than is open with the reason", async () => {
    const customerId = await createTestCustomer(t.db, company.id, "Luis Ortiz");
    const invoice = await sentInvoice(company.id, customerId, 10_000, 2);
    const part = await execute("owner", "record-payment", {
      invoiceId: invoice.id,
      method: "check",
      amountCents: 2_000,
    });
    expect(await outcome("owner", part.body.runId as string)).toMatchObject({
      status: "succeeded",
      message: `Recorded a check payment of $20.00 on invoice #${invoice.number}; $80.00 still open`,
    });
    const tooMuch = await execute("owner", "record-payment", {
      invoiceId: invoice.id,
      method: "cash",
      amountCents: 9_000,
    });
    const refused = await outcome("owner", tooMuch.body.runId as string);
    expect(refused).toMatchObject({ status: "failed" });
    expect(String(refused.error)).toMatch(/balance|more than/i);
    expect((await t.db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).paidCents).toBe(2_000);
  });

  it("refuses a field user, a card payment and another company's invoice", async () => {
    const customerId = await createTestCustomer(t.db, company.id, "Tom Baker");
    const invoice = await sentInvoice(company.id, customerId, 5_000, 1);
    expect((await execute("field_user", "record-payment", { invoiceId: invoice.id, method: "cash" })).status).toBe(403);
    expect((await execute("owner", "record-payment", { invoiceId: invoice.id, method: "card" })).status).toBe(400);
    const foreign = await execute("otherOwner", "record-payment", { invoiceId: invoice.id, method: "cash" });
    expect(foreign.status).toBe(200);
    expect(await outcome("otherOwner", foreign.body.runId as string)).toMatchObject({ status: "failed" });
    expect(await t.db.payment.count({ where: { invoiceId: invoice.id } })).toBe(0);
  });
});

describe("payment reminders for one customer", () => {
  it("reminds only that customer's past-due invoices", async () => {
    const garcia = await createTestCustomer(t.db, company.id, "Garcia Reminder");
    const smith = await createTestCustomer(t.db, company.id, "Smith Reminder");
    const hers = await sentInvoice(company.id, garcia, 12_000, 10);
    await sentInvoice(company.id, garcia, 3_000, -5);
    const his = await sentInvoice(company.id, smith, 8_000, 10);
    const answer = await execute("owner", "send-payment-reminders", { pastDueOnly: true, customerId: garcia });
    expect(await outcome("owner", answer.body.runId as string)).toMatchObject({
      status: "succeeded",
      message: "Queued 1 payment reminder for delivery",
    });
    const reminders = await t.db.outboxMessage.findMany({
      where: { companyId: company.id, kind: "payment_reminder", invoiceId: { in: [hers.id, his.id] } },
    });
    expect(reminders.map((message) => message.invoiceId)).toEqual([hers.id]);
  });

  it("queues nothing for another company's customer, and nothing twice the same day", async () => {
    const theirs = await createTestCustomer(t.db, other.id, "Their Debtor");
    const theirInvoice = await sentInvoice(other.id, theirs, 9_000, 10);
    const foreign = await execute("owner", "send-payment-reminders", { pastDueOnly: true, customerId: theirs });
    expect(await outcome("owner", foreign.body.runId as string)).toMatchObject({
      status: "succeeded",
      message: "No reminder to send: no invoice is past due",
    });
    expect(await t.db.outboxMessage.count({ where: { invoiceId: theirInvoice.id } })).toBe(0);

    const mine = await createTestCustomer(t.db, company.id, "Twice Reminded");
    const invoice = await sentInvoice(company.id, mine, 4_000, 10);
    const messages: unknown[] = [];
    for (let i = 0; i < 2; i++) {
      const answer = await execute("owner", "send-payment-reminders", { pastDueOnly: true, customerId: mine });
      messages.push((await outcome("owner", answer.body.runId as string)).message);
    }
    expect(messages).toEqual([
      "Queued 1 payment reminder for delivery",
      "No reminder to send: every past-due invoice was reminded today",
    ]);
    expect(await t.db.outboxMessage.count({ where: { invoiceId: invoice.id } })).toBe(1);
  });
});
