import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestSeq, readEventsAfter } from "@fieldops/events/company-stream";
import { addDays, dayInTimeZone, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import type { AppEvent } from "@fieldops/shared/events";
import type {
  BatchInvoicePreview,
  BatchInvoiceResult,
  InvoiceDetail,
  InvoiceListResponse,
  PaymentListResponse,
} from "@fieldops/shared/invoices";
import type { RunningWorkers } from "@fieldops/worker/run-workers";
import { createCompletedJob } from "../../../../tests/integration/billing-fixtures.ts";
import {
  createTestCompany,
  drainQueues,
  signIn,
  startTestApp,
  startTestWorkers,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";

let t: TestApp;
let workers: RunningWorkers;
let company: TestCompany;
let other: TestCompany;
let starter: TestCompany;
const tokens: Record<string, string> = {};
const TIME_ZONE = "America/New_York";

beforeAll(async () => {
  t = await startTestApp();
  workers = startTestWorkers(t);
  company = await createTestCompany(t.db, { planId: "growth" });
  other = await createTestCompany(t.db, { planId: "growth" });
  starter = await createTestCompany(t.db, { planId: "starter" });
  for (const role of ["owner", "member", "field_user"] as const)
    tokens[role] = await signIn(t.url, company.users[role].email);
  tokens.otherOwner = await signIn(t.url, other.users.owner.email);
  tokens.starterOwner = await signIn(t.url, starter.users.owner.email);
});
afterAll(async () => {
  await workers.close();
  await t.close();
});

async function call<T = InvoiceDetail>(
  method: string,
  path: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${t.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as T & { message?: string; field?: string },
  };
}
const key = () => ({ "idempotency-key": randomUUID() });

async function newInvoice(body: Record<string, unknown> = {}, companyId = company.id, token = tokens.owner!) {
  const job = await createCompletedJob(t.db, companyId);
  const created = await call("POST", "/api/invoices", token, { jobId: job.jobId, ...body });
  expect(created.status, created.body.message).toBe(201);
  return { ...job, invoice: created.body };
}
async function sentInvoice() {
  const { invoice } = await newInvoice();
  const sent = await call("POST", `/api/invoices/${invoice.id}/send`, tokens.owner!, { channels: ["email"] });
  expect(sent.status, sent.body.message).toBe(200);
  return sent.body;
}

/** The invoice and job events announced while `request` ran (a request's effects are relayed before it answers). */
async function announced<T>(request: () => Promise<T>): Promise<{ result: T; events: AppEvent[] }> {
  const { redis } = t.runtime.context;
  const before = (await latestSeq(redis, company.id)) ?? "0-0";
  const result = await request();
  const events = (await readEventsAfter(redis, company.id, before))
    .map((entry) => entry.event)
    .filter((event) => event.name === "invoices.changed" || event.name === "jobs.changed");
  return { result, events };
}

describe("making invoices", () => {
  it("bills a whole job with its line items, the discount spread before tax, due after the company's terms", async () => {
    const { invoice, jobId } = await newInvoice({
      taxRateBasisPoints: 800,
      discountCents: 500,
      notes: "Gate code 1234",
    });
    expect(invoice).toMatchObject({
      status: "draft",
      subtotalCents: 8500,
      discountCents: 500,
      taxCents: 452,
      totalCents: 8452,
      paidCents: 0,
      balanceCents: 8452,
      pastDue: false,
      notes: "Gate code 1234",
    });
    expect(invoice.lines.map((line) => [line.description, line.amountCents, line.taxable])).toEqual([
      ["Mowing", 6000, true],
      ["Edging", 2500, false],
    ]);
    expect(invoice.dueDate).toBe(addDays(dayInTimeZone(new Date(), TIME_ZONE), 30));
    const again = await call("POST", "/api/invoices", tokens.owner!, { jobId });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      `Job #${(await t.db.job.findUniqueOrThrow({ where: { id: jobId } })).number} is already billed by invoice #${invoice.number}`,
    );
    expect((await t.db.job.findUniqueOrThrow({ where: { id: jobId } })).invoicedAt).not.toBeNull();
  });

  it("bills completed visits once each, and refuses a visit billed already, a whole job after it, and an open visit", async () => {
    const job = await createCompletedJob(t.db, company.id, { visits: 2 });
    const first = await call("POST", "/api/invoices", tokens.owner!, { jobId: job.jobId, visitIds: [job.visitIds[0]] });
    expect(first.status).toBe(201);
    expect(
      first.body.lines.every((line) => line.visitId === job.visitIds[0] && line.description.includes("(visit of ")),
    ).toBe(true);
    expect(
      (await call("POST", "/api/invoices", tokens.owner!, { jobId: job.jobId, visitIds: job.visitIds })).status,
    ).toBe(409);
    expect((await call("POST", "/api/invoices", tokens.owner!, { jobId: job.jobId })).status).toBe(409);
    expect(
      (await call("POST", "/api/invoices", tokens.owner!, { jobId: job.jobId, visitIds: [job.visitIds[1]] })).status,
    ).toBe(201);
    const open = await t.db.visit.create({ data: { companyId: company.id, jobId: job.jobId, status: "scheduled" } });
    const refused = await call("POST", "/api/invoices", tokens.owner!, { jobId: job.jobId, visitIds: [open.id] });
    expect(refused).toMatchObject({
      status: 400,
      body: { message: "Only completed visits of this job can be invoiced", field: "visitIds" },
    });
  });

  it("numbers invoices made at the same time 1..N, without gaps or duplicates", async () => {
    const fresh = await createTestCompany(t.db, { planId: "growth" });
    const token = await signIn(t.url, fresh.users.owner.email);
    const jobs = await Promise.all(
      Array.from({ length: 8 }, (_, index) => createCompletedJob(t.db, fresh.id, { jobNumber: index + 1 })),
    );
    const answers = await Promise.all(jobs.map((job) => call("POST", "/api/invoices", token, { jobId: job.jobId })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    expect(answers.map((answer) => answer.body.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe("an invoice's lifecycle", () => {
  it("edits a draft only; sends it through the outbox; payments and refunds move its status; void only without money on it", async () => {
    const { invoice } = await newInvoice();
    const edited = await call("PATCH", `/api/invoices/${invoice.id}`, tokens.member!, {
      lines: [{ description: "Aeration", quantity: 1.5, unitPriceCents: 4000, taxable: false }],
      discountCents: 0,
      dueDate: "2031-01-15",
    });
    expect(edited.body).toMatchObject({ subtotalCents: 6000, totalCents: 6000, dueDate: "2031-01-15" });
    expect(
      (
        await call(
          "POST",
          `/api/invoices/${invoice.id}/payments`,
          tokens.owner!,
          { method: "cash", amountCents: 100 },
          key(),
        )
      ).body.message,
    ).toBe("A draft invoice cannot be paid: send it first");

    const sent = await call("POST", `/api/invoices/${invoice.id}/send`, tokens.owner!, { channels: ["email", "sms"] });
    expect(sent.body).toMatchObject({ status: "sent" });
    expect(sent.body.issuedAt).not.toBeNull();
    await drainQueues(t.runtime.context.queues, ["notifications"]);
    const withMessages = await call("GET", `/api/invoices/${invoice.id}`, tokens.owner!);
    expect(withMessages.body.messages.map((message) => [message.channel, message.kind])).toEqual(
      expect.arrayContaining([
        ["email", "invoice"],
        ["sms", "invoice"],
      ]),
    );
    const bodies = await t.db.outboxMessage.findMany({ where: { invoiceId: invoice.id } });
    expect(bodies.every((message) => message.body.includes(`/review/${invoice.id}#`))).toBe(true);

    const refusedEdit = await call("PATCH", `/api/invoices/${invoice.id}`, tokens.owner!, { notes: "late" });
    expect(refusedEdit).toMatchObject({
      status: 409,
      body: { message: "Only a draft invoice can be edited; this one is sent" },
    });

    const check = await call(
      "POST",
      `/api/invoices/${invoice.id}/payments`,
      tokens.member!,
      { method: "check", amountCents: 2000, reference: "Check 1042" },
      key(),
    );
    expect(check).toMatchObject({
      status: 201,
      body: { status: "partially_paid", paidCents: 2000, balanceCents: 4000 },
    });
    expect((await call("POST", `/api/invoices/${invoice.id}/void`, tokens.owner!)).body.message).toBe(
      "Refund this invoice's payments before voiding it",
    );
    const over = await call(
      "POST",
      `/api/invoices/${invoice.id}/payments`,
      tokens.owner!,
      { method: "cash", amountCents: 4001 },
      key(),
    );
    expect(over).toMatchObject({ status: 409, body: { message: "The payment is more than the balance of $40.00" } });
    const cash = await call(
      "POST",
      `/api/invoices/${invoice.id}/payments`,
      tokens.owner!,
      { method: "cash", amountCents: 4000 },
      key(),
    );
    expect(cash.body).toMatchObject({ status: "paid", balanceCents: 0 });
    expect(cash.body.paidAt).not.toBeNull();
    expect(
      (
        await call(
          "POST",
          `/api/invoices/${invoice.id}/payments`,
          tokens.owner!,
          { method: "cash", amountCents: 1 },
          key(),
        )
      ).body.message,
    ).toBe("This invoice is already paid");
    const voidPaid = await call("POST", `/api/invoices/${invoice.id}/void`, tokens.owner!);
    expect(voidPaid).toMatchObject({
      status: 409,
      body: { message: "A paid invoice cannot be voided: refund its payments first" },
    });

    const cashPayment = cash.body.payments.find((payment) => payment.method === "cash")!;
    const checkPayment = cash.body.payments.find((payment) => payment.method === "check")!;
    const partial = await call(
      "POST",
      `/api/payments/${cashPayment.id}/refunds`,
      tokens.owner!,
      { amountCents: 1500, reason: "Missed a bed" },
      key(),
    );
    // A refund is a credit unless the office reopens the balance: the invoice stays paid and nothing is owed.
    expect(partial.body).toMatchObject({ status: "paid", paidCents: 6000, balanceCents: 0 });
    expect(partial.body.refunds).toEqual([
      expect.objectContaining({ amountCents: 1500, reopenedBalance: false, reason: "Missed a bed" }),
    ]);
    const tooMuch = await call(
      "POST",
      `/api/payments/${cashPayment.id}/refunds`,
      tokens.owner!,
      { amountCents: 2501 },
      key(),
    );
    expect(tooMuch).toMatchObject({ status: 409, body: { message: "At most $25.00 of this payment can be refunded" } });
    const reopened = await call(
      "POST",
      `/api/payments/${cashPayment.id}/refunds`,
      tokens.owner!,
      { amountCents: 2500, reopenBalance: true },
      key(),
    );
    expect(reopened.body).toMatchObject({ status: "partially_paid", paidCents: 3500, balanceCents: 2500 });
    expect((await call("POST", `/api/invoices/${invoice.id}/void`, tokens.owner!)).body.message).toBe(
      "Refund this invoice's payments before voiding it",
    );
    const back = await call(
      "POST",
      `/api/payments/${checkPayment.id}/refunds`,
      tokens.owner!,
      { amountCents: 2000 },
      key(),
    );
    expect(back.body).toMatchObject({ status: "partially_paid", paidCents: 3500, balanceCents: 2500 });
    expect(back.body.refunds.map((refund) => refund.reopenedBalance)).toEqual([false, true, false]);
    const audited = await t.db.auditLog.findMany({
      where: { entityId: invoice.id },
      orderBy: { createdAt: "asc" },
      select: { action: true, metadata: true },
    });
    expect(audited.map((entry) => [entry.action, (entry.metadata as { summary: string }).summary])).toEqual([
      ["payment.recorded", expect.stringMatching(/ recorded a check payment of \$20\.00 on invoice #\d+$/)],
      ["payment.recorded", expect.stringMatching(/ recorded a cash payment of \$40\.00 on invoice #\d+$/)],
      ["payment.refunded", expect.stringMatching(/ refunded \$15\.00 of a cash payment on invoice #\d+ as a credit$/)],
      [
        "payment.refunded",
        expect.stringMatching(/ refunded \$25\.00 of a cash payment on invoice #\d+, reopening the balance$/),
      ],
      ["payment.refunded", expect.stringMatching(/ refunded \$20\.00 of a check payment on invoice #\d+ as a credit$/)],
    ]);

    // No money is held on it any more: it may be voided.

    const voided = await call("POST", `/api/invoices/${invoice.id}/void`, tokens.owner!);
    expect(voided.body).toMatchObject({ status: "void", balanceCents: 0 });
    expect(await t.db.auditLog.count({ where: { entityId: invoice.id, action: "invoice.voided" } })).toBe(1);
    expect((await call("POST", `/api/invoices/${invoice.id}/void`, tokens.owner!)).status).toBe(200);
    expect(
      (
        await call(
          "POST",
          `/api/invoices/${invoice.id}/payments`,
          tokens.owner!,
          { method: "cash", amountCents: 100 },
          key(),
        )
      ).body.message,
    ).toBe("This invoice is void: it cannot be paid");
    expect(
      (await call("POST", `/api/invoices/${invoice.id}/send`, tokens.owner!, { channels: ["email"] })).body.message,
    ).toBe("A void invoice cannot be sent");
    expect((await t.db.job.findUniqueOrThrow({ where: { id: invoice.jobId! } })).invoicedAt).toBeNull();
  });

  it("past due is computed from the due day in the company's time zone, and the list filters and searches", async () => {
    const invoice = await sentInvoice();
    const today = dayInTimeZone(new Date(), TIME_ZONE);
    await t.db.invoice.update({ where: { id: invoice.id }, data: { dueAt: startOfDayInTimeZone(today, TIME_ZONE) } });
    expect((await call("GET", `/api/invoices/${invoice.id}`, tokens.owner!)).body.pastDue).toBe(false);
    await t.db.invoice.update({
      where: { id: invoice.id },
      data: { dueAt: startOfDayInTimeZone(addDays(today, -1), TIME_ZONE) },
    });
    expect((await call("GET", `/api/invoices/${invoice.id}`, tokens.owner!)).body.pastDue).toBe(true);
    const pastDue = await call<InvoiceListResponse>("GET", "/api/invoices?status=past_due&limit=100", tokens.owner!);
    expect(pastDue.body.items.map((item) => item.id)).toContain(invoice.id);
    expect(pastDue.body.items.every((item) => item.pastDue)).toBe(true);
    expect(
      (await call<InvoiceListResponse>("GET", `/api/invoices?search=${invoice.number}`, tokens.owner!)).body.items.map(
        (item) => item.id,
      ),
    ).toEqual([invoice.id]);
    const byName = await call<InvoiceListResponse>(
      "GET",
      // Part of the name with letters in it: a search of digits alone is read as an invoice number.
      `/api/invoices?search=${encodeURIComponent(invoice.customerName.slice(-12))}`,
      tokens.owner!,
    );
    expect(byName.body.items.map((item) => item.id)).toEqual([invoice.id]);
    expect(
      (await call<InvoiceListResponse>("GET", `/api/invoices?customerId=${invoice.customerId}`, tokens.owner!)).body
        .items,
    ).toHaveLength(1);
  });
});

describe("payments are recorded once", () => {
  it("the same Idempotency-Key fired at once records one payment; a key reused for another amount is refused", async () => {
    const invoice = await sentInvoice();
    const same = key();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(
          "POST",
          `/api/invoices/${invoice.id}/payments`,
          tokens.owner!,
          { method: "cash", amountCents: 3000 },
          same,
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    expect(await t.db.payment.count({ where: { invoiceId: invoice.id } })).toBe(1);
    expect((await t.db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).paidCents).toBe(3000);
    const reused = await call(
      "POST",
      `/api/invoices/${invoice.id}/payments`,
      tokens.owner!,
      { method: "cash", amountCents: 100 },
      same,
    );
    expect(reused).toMatchObject({ status: 409, body: { field: "Idempotency-Key" } });
    expect(
      (await call("POST", `/api/invoices/${invoice.id}/payments`, tokens.owner!, { method: "cash", amountCents: 100 }))
        .status,
    ).toBe(400);
  });

  it("two keys racing for the last of the balance: one payment, one refusal, the balance right", async () => {
    const invoice = await sentInvoice();
    const answers = await Promise.all(
      [key(), key(), key()].map((headers) =>
        call(
          "POST",
          `/api/invoices/${invoice.id}/payments`,
          tokens.owner!,
          { method: "check", amountCents: invoice.totalCents },
          headers,
        ),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    const stored = await t.db.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    expect(stored).toMatchObject({ paidCents: invoice.totalCents, status: "paid" });
    expect(await t.db.payment.count({ where: { invoiceId: invoice.id } })).toBe(1);
  });

  it("the same refund key refunds once", async () => {
    const invoice = await sentInvoice();
    const paid = await call(
      "POST",
      `/api/invoices/${invoice.id}/payments`,
      tokens.owner!,
      { method: "cash", amountCents: 5000 },
      key(),
    );
    const same = key();
    const refunds = await Promise.all(
      Array.from({ length: 4 }, () =>
        call("POST", `/api/payments/${paid.body.payments[0]!.id}/refunds`, tokens.owner!, { amountCents: 1000 }, same),
      ),
    );
    expect(refunds.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    expect(await t.db.refund.count({ where: { invoiceId: invoice.id } })).toBe(1);
    expect((await t.db.payment.findUniqueOrThrow({ where: { id: paid.body.payments[0]!.id } })).refundedCents).toBe(
      1000,
    );
    const otherChoice = await call(
      "POST",
      `/api/payments/${paid.body.payments[0]!.id}/refunds`,
      tokens.owner!,
      { amountCents: 1000, reopenBalance: true },
      same,
    );
    expect(otherChoice).toMatchObject({ status: 409, body: { field: "Idempotency-Key" } });
    expect(await t.db.refund.count({ where: { invoiceId: invoice.id } })).toBe(1);
  });

  it("lists payments by the day they were received", async () => {
    const invoice = await sentInvoice();
    const yesterday = addDays(dayInTimeZone(new Date(), TIME_ZONE), -1);
    await call(
      "POST",
      `/api/invoices/${invoice.id}/payments`,
      tokens.owner!,
      { method: "check", amountCents: 700, receivedDate: yesterday },
      key(),
    );
    const from = startOfDayInTimeZone(yesterday, TIME_ZONE).toISOString();
    const to = startOfDayInTimeZone(dayInTimeZone(new Date(), TIME_ZONE), TIME_ZONE).toISOString();
    const listed = await call<PaymentListResponse>(
      "GET",
      `/api/payments?from=${from}&to=${to}&limit=100`,
      tokens.owner!,
    );
    expect(listed.body.items.find((payment) => payment.invoiceId === invoice.id)).toMatchObject({
      amountCents: 700,
      method: "check",
    });
    const future = await call(
      "POST",
      `/api/invoices/${invoice.id}/payments`,
      tokens.owner!,
      { method: "cash", amountCents: 1, receivedDate: "2999-01-01" },
      key(),
    );
    expect(future).toMatchObject({ status: 400, body: { field: "receivedDate" } });
  });

  it("records a bank transfer the office received, refunds it by hand, and takes no card", async () => {
    const invoice = await sentInvoice();
    const card = await call(
      "POST",
      `/api/invoices/${invoice.id}/payments`,
      tokens.owner!,
      { method: "card", amountCents: 900 },
      key(),
    );
    expect(card).toMatchObject({ status: 400, body: { field: "method" } });
    const transfer = await call<InvoiceDetail>(
      "POST",
      `/api/invoices/${invoice.id}/payments`,
      tokens.member!,
      { method: "ach", amountCents: 900, reference: "Wire 77" },
      key(),
    );
    expect(transfer.status).toBe(201);
    const [payment] = transfer.body.payments;
    expect(payment).toMatchObject({ method: "ach", amountCents: 900, provider: null, reference: "Wire 77" });
    const refunded = await call<InvoiceDetail>(
      "POST",
      `/api/payments/${payment!.id}/refunds`,
      tokens.owner!,
      { amountCents: 900 },
      key(),
    );
    expect(refunded.status).toBe(201);
    const stored = await t.db.refund.findFirstOrThrow({ where: { paymentId: payment!.id } });
    expect(stored.providerReference).toBeNull();
  });
});

describe("who may", () => {
  it("field users may not touch invoices or payments; members may", async () => {
    const { invoice } = await newInvoice();
    const job = await createCompletedJob(t.db, company.id);
    for (const [method, path, body] of [
      ["GET", "/api/invoices", undefined],
      ["POST", "/api/invoices", { jobId: job.jobId }],
      ["GET", `/api/invoices/${invoice.id}`, undefined],
      ["PATCH", `/api/invoices/${invoice.id}`, { notes: "x" }],
      ["POST", `/api/invoices/${invoice.id}/send`, { channels: ["email"] }],
      ["POST", `/api/invoices/${invoice.id}/void`, undefined],
      ["POST", `/api/invoices/${invoice.id}/review-link`, undefined],
      ["POST", `/api/invoices/${invoice.id}/payments`, { method: "cash", amountCents: 100 }],
      ["GET", "/api/payments", undefined],
    ] as const) {
      expect((await call(method, path, tokens.field_user!, body, key())).status, `${method} ${path}`).toBe(403);
    }
    expect((await call("GET", `/api/invoices/${invoice.id}`, tokens.member!)).status).toBe(200);
  });

  it("another company finds none of them", async () => {
    const invoice = await sentInvoice();
    const paid = await call(
      "POST",
      `/api/invoices/${invoice.id}/payments`,
      tokens.owner!,
      { method: "cash", amountCents: 100 },
      key(),
    );
    expect((await call("GET", `/api/invoices/${invoice.id}`, tokens.otherOwner!)).status).toBe(404);
    expect((await call("PATCH", `/api/invoices/${invoice.id}`, tokens.otherOwner!, { notes: "x" })).status).toBe(404);
    expect(
      (await call("POST", `/api/invoices/${invoice.id}/send`, tokens.otherOwner!, { channels: ["email"] })).status,
    ).toBe(404);
    expect((await call("POST", `/api/invoices/${invoice.id}/void`, tokens.otherOwner!)).status).toBe(404);
    expect((await call("POST", `/api/invoices/${invoice.id}/review-link`, tokens.otherOwner!)).status).toBe(404);
    expect(
      (
        await call(
          "POST",
          `/api/invoices/${invoice.id}/payments`,
          tokens.otherOwner!,
          { method: "cash", amountCents: 100 },
          key(),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          "POST",
          `/api/payments/${paid.body.payments[0]!.id}/refunds`,
          tokens.otherOwner!,
          { amountCents: 100 },
          key(),
        )
      ).status,
    ).toBe(404);
    expect((await call("POST", "/api/invoices", tokens.otherOwner!, { jobId: invoice.jobId })).status).toBe(404);
    const theirs = await call<InvoiceListResponse>("GET", "/api/invoices?limit=100", tokens.otherOwner!);
    expect(theirs.body.items.some((item) => item.id === invoice.id)).toBe(false);
  });

  it("Starter has no invoicing or payments: refused naming Growth", async () => {
    const job = await createCompletedJob(t.db, starter.id);
    const refused = await call("POST", "/api/invoices", tokens.starterOwner!, { jobId: job.jobId });
    expect(refused).toMatchObject({ status: 403, body: { message: "Invoicing requires the Growth plan or higher." } });
    expect((await call("GET", "/api/invoices", tokens.starterOwner!)).body.message).toBe(
      "Invoicing requires the Growth plan or higher.",
    );
    expect((await call("GET", "/api/payments", tokens.starterOwner!)).body.message).toBe(
      "Payments requires the Growth plan or higher.",
    );
    expect(await t.db.invoice.count({ where: { companyId: starter.id } })).toBe(0);
  });
});

describe("batch invoicing", () => {
  /** A company of its own, so that no other test's completed visits are in its period. */
  let batch: TestCompany;
  const batchTokens: Record<string, string> = {};
  const today = () => dayInTimeZone(new Date(), TIME_ZONE);
  const period = () => ({ from: addDays(today(), -10), to: today() });
  const previewPath = (query: Record<string, string | number>) =>
    `/api/invoices/batch-preview?${new URLSearchParams(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])))}`;

  beforeAll(async () => {
    batch = await createTestCompany(t.db, { planId: "growth" });
    for (const role of ["owner", "member", "field_user"] as const)
      batchTokens[role] = await signIn(t.url, batch.users[role].email);
  });

  it("previews a period's completed visits per customer, makes one draft each as previewed, and bills nothing twice", async () => {
    const ada = await createCompletedJob(t.db, batch.id, { visits: 3 });
    const bo = await createCompletedJob(t.db, batch.id, {
      visits: 1,
      lineItems: [{ service: "Pool service", quantity: 1, unitPriceCents: 8000, taxable: true }],
    });
    const preview = await call<BatchInvoicePreview>(
      "GET",
      previewPath({ ...period(), taxRateBasisPoints: 1000 }),
      batchTokens.owner!,
    );
    expect(preview.status, preview.body.message).toBe(200);
    // Each visit is billed with its job's line items: $60.00 taxed and 2 × $12.50 for Ada's, $80.00 taxed for Bo's.
    expect(
      preview.body.customers
        .filter((customer) => [ada.customerId, bo.customerId].includes(customer.customerId))
        .map((customer) => [
          customer.customerId,
          customer.visits,
          customer.subtotalCents,
          customer.taxCents,
          customer.totalCents,
        ]),
    ).toEqual(
      expect.arrayContaining([
        [ada.customerId, 3, 3 * 8500, 3 * 600, 3 * 9100],
        [bo.customerId, 1, 8000, 800, 8800],
      ]),
    );
    expect(preview.body).toMatchObject({ visits: 4, invoices: 2, totalCents: 3 * 9100 + 8800 });

    const body = { ...period(), taxRateBasisPoints: 1000, previewHash: preview.body.previewHash };
    const [made, repeated] = await Promise.all([
      call<BatchInvoiceResult>("POST", "/api/invoices/batch", batchTokens.owner!, body),
      call<BatchInvoiceResult>("POST", "/api/invoices/batch", batchTokens.owner!, body),
    ]);
    expect([made.status, repeated.status]).toEqual([200, 200]);
    expect([made.body.invoices.length, repeated.body.invoices.length].sort()).toEqual([0, 2]);
    const invoices = [...made.body.invoices, ...repeated.body.invoices];
    const adaInvoice = await call(
      "GET",
      `/api/invoices/${invoices.find((i) => i.customerId === ada.customerId)!.id}`,
      batchTokens.owner!,
    );
    expect(adaInvoice.body).toMatchObject({
      status: "draft",
      jobId: ada.jobId,
      taxRateBasisPoints: 1000,
      totalCents: 3 * 9100,
    });
    expect(new Set(adaInvoice.body.lines.map((line) => line.visitId))).toEqual(new Set(ada.visitIds));

    // Run again: nothing left, nothing made.
    const again = await call<BatchInvoiceResult>("POST", "/api/invoices/batch", batchTokens.owner!, body);
    expect(again).toMatchObject({ status: 200, body: { invoices: [], visits: 0 } });
    expect(await t.db.invoice.count({ where: { companyId: batch.id } })).toBe(2);
  });

  it("refuses a confirmation whose preview changed, a period that ends before it starts, a member, a field user and Starter", async () => {
    const job = await createCompletedJob(t.db, batch.id, { visits: 1 });
    const preview = await call<BatchInvoicePreview>("GET", previewPath(period()), batchTokens.owner!);
    await createCompletedJob(t.db, batch.id, { visits: 1 });
    const stale = await call("POST", "/api/invoices/batch", batchTokens.owner!, {
      ...period(),
      previewHash: preview.body.previewHash,
    });
    expect(stale).toMatchObject({
      status: 409,
      body: {
        message: "What there is to invoice has changed since the preview: preview it again",
        field: "previewHash",
      },
    });
    const backwards = await call("GET", previewPath({ from: today(), to: addDays(today(), -1) }), batchTokens.owner!);
    expect(backwards).toMatchObject({ status: 400, body: { field: "to" } });

    for (const role of ["member", "field_user"] as const) {
      expect((await call("GET", previewPath(period()), batchTokens[role]!)).status, role).toBe(403);
      expect(
        (
          await call("POST", "/api/invoices/batch", batchTokens[role]!, {
            ...period(),
            previewHash: preview.body.previewHash,
          })
        ).status,
        role,
      ).toBe(403);
    }
    const starterPreview = await call("GET", previewPath(period()), tokens.starterOwner!);
    expect(starterPreview).toMatchObject({
      status: 403,
      body: { message: "Invoicing requires the Growth plan or higher." },
    });
    expect((await t.db.visit.findFirstOrThrow({ where: { jobId: job.jobId } })).invoiceId).toBeNull();
  });

  it("another company previews and bills none of this company's visits", async () => {
    const job = await createCompletedJob(t.db, batch.id, { visits: 2 });
    const theirs = await call<BatchInvoicePreview>("GET", previewPath(period()), tokens.otherOwner!);
    expect(theirs.status).toBe(200);
    expect(theirs.body.customers.some((customer) => customer.customerId === job.customerId)).toBe(false);
    const ran = await call<BatchInvoiceResult>("POST", "/api/invoices/batch", tokens.otherOwner!, {
      ...period(),
      previewHash: theirs.body.previewHash,
    });
    expect(ran.status).toBe(200);
    expect(ran.body.invoices.some((invoice) => invoice.customerId === job.customerId)).toBe(false);
    expect((await t.db.visit.findMany({ where: { jobId: job.jobId } })).map((visit) => visit.invoiceId)).toEqual([
      null,
      null,
    ]);
  });
});

describe("live events", () => {
  it("announces each change to the billing screens, and to the job's when its invoicing changes", async () => {
    const job = await createCompletedJob(t.db, company.id);
    const created = await announced(() => call("POST", "/api/invoices", tokens.owner!, { jobId: job.jobId }));
    const invoice = created.result.body;
    const invoiceOnly = [
      { name: "invoices.changed", payload: { invoiceIds: [invoice.id], customerIds: [job.customerId] } },
    ];
    const withJob = [...invoiceOnly, { name: "jobs.changed", payload: { jobIds: [job.jobId] } }];
    expect(created.events).toEqual(withJob);
    const edited = await announced(() =>
      call("PATCH", `/api/invoices/${invoice.id}`, tokens.owner!, { notes: "Gate" }),
    );
    expect(edited.events).toEqual(invoiceOnly);
    const sent = await announced(() =>
      call("POST", `/api/invoices/${invoice.id}/send`, tokens.owner!, { channels: ["email"] }),
    );
    // The notifications worker announces the messages it wrote after the request's own events.
    expect(sent.events.slice(0, withJob.length)).toEqual(withJob);
    await drainQueues(t.runtime.context.queues, ["notifications"]);
    const paid = await announced(() =>
      call("POST", `/api/invoices/${invoice.id}/payments`, tokens.owner!, { method: "cash", amountCents: 100 }, key()),
    );
    expect(paid.events).toEqual(invoiceOnly);
    const paymentId = paid.result.body.payments[0]!.id;
    const refunded = await announced(() =>
      call("POST", `/api/payments/${paymentId}/refunds`, tokens.owner!, { amountCents: 100 }, key()),
    );
    expect(refunded.events).toEqual(invoiceOnly);
    const voided = await announced(() => call("POST", `/api/invoices/${invoice.id}/void`, tokens.owner!));
    expect(voided.events).toEqual(withJob);
  });
});
