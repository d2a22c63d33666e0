import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, dayInTimeZone, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import type { Report } from "@fieldops/shared/reports";
import {
  callApi,
  createTestCompany,
  signIn,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";

/** The test companies are in America/New_York; March 2026 has its change to summer time on the 8th. */
const TIME_ZONE = "America/New_York";
const MARCH = "from=2026-03-01&to=2026-03-31";

let t: TestApp;
let company: TestCompany;
let other: TestCompany;
let starter: TestCompany;
const tokens = { owner: "", member: "", fieldUser: "", otherOwner: "", starterOwner: "" };
let invoiceNumber = 1;
let jobNumber = 1;

/** A moment of the company's calendar: `day` at `hour`:`minute` in New York. */
function at(day: string, hour: number, minute = 0): Date {
  return new Date(startOfDayInTimeZone(day, TIME_ZONE).getTime() + (hour * 60 + minute) * 60_000);
}

function daysFromToday(days: number): Date {
  return at(addDays(dayInTimeZone(new Date(), TIME_ZONE), days), 12);
}

async function customer(companyId: string, name: string) {
  return t.db.customer.create({
    data: {
      companyId,
      name,
      street: "1 Main St",
      city: "Boulder",
      region: "CO",
      postcode: "80302",
      latitude: 40,
      longitude: -105,
    },
  });
}

async function invoice(
  companyId: string,
  customerId: string,
  data: {
    totalCents: number;
    paidCents?: number;
    status: "draft" | "sent" | "partially_paid" | "paid" | "void";
    issuedAt: Date;
    dueAt?: Date;
  },
) {
  return t.db.invoice.create({
    data: { companyId, customerId, number: invoiceNumber++, paidCents: 0, dueAt: data.issuedAt, ...data },
  });
}

let paymentKey = 1;
async function payment(companyId: string, invoiceId: string, amountCents: number, receivedAt: Date) {
  return t.db.payment.create({
    data: { companyId, invoiceId, method: "cash", amountCents, receivedAt, idempotencyKey: `report-${paymentKey++}` },
  });
}

let estimateNumber = 1;
/** An estimate with one option of one line, decided as `status` at `at`. */
async function estimate(
  companyId: string,
  customerId: string,
  status: "approved" | "converted" | "declined" | "expired" | "sent",
  at: Date,
  line = { quantity: 2, unitPriceCents: 5_000, taxRateBasisPoints: 1_000 },
) {
  const created = await t.db.estimate.create({
    data: {
      companyId,
      customerId,
      number: estimateNumber++,
      title: `Estimate ${estimateNumber}`,
      status,
      approvedAt: status === "approved" || status === "converted" ? at : null,
      declinedAt: status === "declined" ? at : null,
      expiresAt: status === "expired" || status === "sent" ? at : null,
      options: {
        create: {
          companyId,
          position: 0,
          name: "Standard",
          lineItems: { create: { companyId, position: 0, description: "Work", ...line } },
        },
      },
    },
    include: { options: true },
  });
  if (status === "approved" || status === "converted")
    await t.db.estimate.update({ where: { id: created.id }, data: { approvedOptionId: created.options[0]!.id } });
}

async function job(
  companyId: string,
  customerId: string,
  createdAt: Date,
  visits: {
    status: "unscheduled" | "scheduled" | "completed" | "canceled";
    crewId?: string;
    start?: Date;
    minutes?: number;
  }[],
) {
  const created = await t.db.job.create({
    data: { companyId, customerId, number: jobNumber++, title: `Job ${jobNumber}`, createdAt },
  });
  for (const visit of visits) {
    await t.db.visit.create({
      data: {
        companyId,
        jobId: created.id,
        crewId: visit.crewId ?? null,
        status: visit.status,
        scheduledStart: visit.start ?? null,
        scheduledEnd: visit.start ? new Date(visit.start.getTime() + (visit.minutes ?? 60) * 60_000) : null,
        completedAt: visit.status === "completed" ? visit.start : null,
      },
    });
  }
}

async function report(token: string, name: string, query = MARCH) {
  return callApi(t.url, "GET", `/api/reports/${name}?${query}`, token) as Promise<{
    status: number;
    body: Report & { message?: string };
  }>;
}

beforeAll(async () => {
  t = await startTestApp();
  company = await createTestCompany(t.db);
  other = await createTestCompany(t.db);
  starter = await createTestCompany(t.db, { planId: "starter" });
  tokens.owner = await signIn(t.url, company.users.owner.email);
  tokens.member = await signIn(t.url, company.users.member.email);
  tokens.fieldUser = await signIn(t.url, company.users.field_user.email);
  tokens.otherOwner = await signIn(t.url, other.users.owner.email);
  tokens.starterOwner = await signIn(t.url, starter.users.owner.email);

  const acme = await customer(company.id, "Acme Offices");
  const baker = await customer(company.id, "Baker Residence");
  // Invoiced in March on New York's calendar: the 2nd, and late on the 31st (already April in UTC).
  const acmeMarch = await invoice(company.id, acme.id, {
    totalCents: 10_000,
    status: "sent",
    issuedAt: at("2026-03-02", 10),
  });
  await invoice(company.id, baker.id, {
    totalCents: 2_500,
    status: "paid",
    paidCents: 2_500,
    issuedAt: at("2026-03-31", 23, 30),
  });
  // Collected: 40.00 on March 3rd, 15.00 on the 17th of which 5.00 was refunded on the 18th.
  await payment(company.id, acmeMarch.id, 4_000, at("2026-03-03", 14));
  const refunded = await payment(company.id, acmeMarch.id, 1_500, at("2026-03-17", 9));
  await t.db.refund.create({
    data: {
      companyId: company.id,
      paymentId: refunded.id,
      invoiceId: acmeMarch.id,
      amountCents: 500,
      idempotencyKey: "report-refund-1",
      createdAt: at("2026-03-18", 9),
    },
  });
  // Estimates: won on March 4th (2 × 50.00 + 10% tax = 110.00) and, converted since, on the 20th; lost by declining on
  // the 5th and by expiring on the 25th; one approved in February and one still open (expiring in 2030) don't count.
  await estimate(company.id, acme.id, "approved", at("2026-03-04", 10));
  await estimate(company.id, acme.id, "converted", at("2026-03-20", 10), {
    quantity: 1,
    unitPriceCents: 33_333,
    taxRateBasisPoints: 825,
  });
  await estimate(company.id, baker.id, "declined", at("2026-03-05", 10));
  await estimate(company.id, baker.id, "expired", at("2026-03-25", 0));
  await estimate(company.id, baker.id, "approved", at("2026-02-20", 10));
  await estimate(company.id, baker.id, "sent", at("2030-01-01", 0));
  // Late on February 28th in New York (March 1st in UTC), and a void one: neither counts for March.
  await invoice(company.id, baker.id, { totalCents: 99_900, status: "sent", issuedAt: at("2026-02-28", 23, 30) });
  await invoice(company.id, acme.id, { totalCents: 55_500, status: "void", issuedAt: at("2026-03-10", 9) });
  // Another company's March invoice never shows.
  const theirs = await customer(other.id, "Their Customer");
  await invoice(other.id, theirs.id, { totalCents: 77_700, status: "sent", issuedAt: at("2026-03-03", 9) });

  // Crew Alpha works Mondays 8:00–17:00 with a 30-minute break: 510 minutes on each of March's five Mondays.
  const alpha = await t.db.crew.create({
    data: { companyId: company.id, name: "Alpha", color: "#16a34a", skills: [] },
  });
  await t.db.crewWorkingHours.create({
    data: { crewId: alpha.id, companyId: company.id, weekday: 1, startMinute: 480, endMinute: 1020 },
  });
  await t.db.crewBreak.create({
    data: {
      crewId: alpha.id,
      companyId: company.id,
      windowStartMinute: 720,
      windowEndMinute: 780,
      durationMinutes: 30,
    },
  });
  // March jobs: one with a completed two-hour visit (not invoiced yet), one waiting for a time; a canceled visit and
  // an April one don't count for the crew; a February job doesn't count for March's jobs.
  await job(company.id, acme.id, at("2026-03-01", 9), [
    { status: "completed", crewId: alpha.id, start: at("2026-03-02", 9), minutes: 120 },
  ]);
  await job(company.id, baker.id, at("2026-03-15", 9), [
    { status: "unscheduled" },
    { status: "canceled", crewId: alpha.id, start: at("2026-03-09", 9) },
  ]);
  await job(company.id, baker.id, at("2026-02-27", 9), [
    { status: "scheduled", crewId: alpha.id, start: at("2026-04-01", 9), minutes: 90 },
  ]);
});

afterAll(async () => {
  await t?.close();
});

describe("GET /api/reports/:report", () => {
  it("revenue: what was invoiced in each week of the range, on the company's calendar, void invoices aside", async () => {
    const { status, body } = await report(tokens.owner, "revenue", `${MARCH}&interval=week`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      report: "revenue",
      title: "Revenue over time",
      interval: "week",
      timeZone: TIME_ZONE,
    });
    expect(body.rows).toEqual([
      { period: "2026-02-23", invoicedCents: 0, collectedCents: 0, invoices: 0 },
      { period: "2026-03-02", invoicedCents: 10_000, collectedCents: 4_000, invoices: 1 },
      { period: "2026-03-09", invoicedCents: 0, collectedCents: 0, invoices: 0 },
      { period: "2026-03-16", invoicedCents: 0, collectedCents: 1_000, invoices: 0 },
      { period: "2026-03-23", invoicedCents: 0, collectedCents: 0, invoices: 0 },
      { period: "2026-03-30", invoicedCents: 2_500, collectedCents: 0, invoices: 1 },
    ]);
    expect(body.totals).toEqual({ invoicedCents: 12_500, collectedCents: 5_000, invoices: 2 });
  });

  it("groups by day up to a month and by month past a quarter when no interval is asked for", async () => {
    expect((await report(tokens.owner, "revenue")).body.rows).toHaveLength(31);
    const year = await report(tokens.owner, "revenue", "from=2026-01-01&to=2026-12-31");
    expect(year.body.interval).toBe("month");
    expect(year.body.rows.map((row) => row.period)).toHaveLength(12);
    expect(year.body.rows.find((row) => row.period === "2026-02-01")).toMatchObject({ invoicedCents: 99_900 });
  });

  it("estimates: won with the chosen option's total, lost by declining or expiring, per period, with the win rate", async () => {
    const { body } = await report(tokens.owner, "estimates", `${MARCH}&interval=month`);
    // 33,333 × 8.25% = 2,749.97 → 2,750 cents of tax.
    expect(body.rows).toEqual([{ period: "2026-03-01", won: 2, lost: 2, wonCents: 11_000 + 36_083, winRate: 0.5 }]);
    expect(body.totals).toEqual({ won: 2, lost: 2, wonCents: 47_083, winRate: 0.5 });
  });

  it("jobs by status: the range's jobs by where each stands now, every status listed", async () => {
    const { body } = await report(tokens.member, "jobs-by-status");
    const counts = Object.fromEntries(body.rows.map((row) => [row.status, row.jobs]));
    expect(counts).toEqual({ Today: 0, Upcoming: 0, Late: 0, Unscheduled: 1, "Requires invoicing": 1, Closed: 0 });
    expect(body.totals).toEqual({ jobs: 2, share: 1 });
    expect(body.rows.find((row) => row.status === "Unscheduled")?.share).toBe(0.5);
  });

  it("crew utilization: booked time against working hours less breaks, canceled and out-of-range visits aside", async () => {
    const { body } = await report(tokens.owner, "crew-utilization");
    expect(body.rows).toEqual([
      {
        crew: "Alpha",
        availableMinutes: 5 * 510,
        bookedMinutes: 120,
        completedMinutes: 120,
        visits: 1,
        utilization: 120 / 2550,
      },
    ]);
  });

  it("top customers: by the amount invoiced in the range, with their completed visits", async () => {
    const { body } = await report(tokens.owner, "top-customers");
    expect(body.rows).toEqual([
      { customer: "Acme Offices", invoicedCents: 10_000, invoices: 1, completedVisits: 1 },
      { customer: "Baker Residence", invoicedCents: 2_500, invoices: 1, completedVisits: 0 },
    ]);
  });

  it("invoices aging: today's unpaid balances by days past due", async () => {
    const aging = await createTestCompany(t.db);
    const owner = await signIn(t.url, aging.users.owner.email);
    const someone = await customer(aging.id, "Someone");
    await invoice(aging.id, someone.id, {
      totalCents: 5_000,
      status: "sent",
      issuedAt: daysFromToday(-40),
      dueAt: daysFromToday(-10),
    });
    await invoice(aging.id, someone.id, {
      totalCents: 10_000,
      paidCents: 4_000,
      status: "partially_paid",
      issuedAt: daysFromToday(-75),
      dueAt: daysFromToday(-45),
    });
    await invoice(aging.id, someone.id, {
      totalCents: 7_000,
      status: "sent",
      issuedAt: daysFromToday(-1),
      dueAt: daysFromToday(29),
    });
    await invoice(aging.id, someone.id, {
      totalCents: 8_000,
      paidCents: 8_000,
      status: "paid",
      issuedAt: daysFromToday(-200),
      dueAt: daysFromToday(-170),
    });
    await invoice(aging.id, someone.id, {
      totalCents: 9_000,
      status: "draft",
      issuedAt: daysFromToday(-200),
      dueAt: daysFromToday(-170),
    });
    const { body } = await report(owner, "invoice-aging");
    expect(body.rows).toEqual([
      { bucket: "Not yet due", invoices: 1, balanceCents: 7_000 },
      { bucket: "1–30 days", invoices: 1, balanceCents: 5_000 },
      { bucket: "31–60 days", invoices: 1, balanceCents: 6_000 },
      { bucket: "61–90 days", invoices: 0, balanceCents: 0 },
      { bucket: "Over 90 days", invoices: 0, balanceCents: 0 },
    ]);
    expect(body.totals).toEqual({ invoices: 3, balanceCents: 18_000 });
  });

  it("shows another company only its own data", async () => {
    const revenue = await report(tokens.otherOwner, "revenue", `${MARCH}&interval=month`);
    expect(revenue.body.rows).toEqual([
      { period: "2026-03-01", invoicedCents: 77_700, collectedCents: 0, invoices: 1 },
    ]);
    expect((await report(tokens.otherOwner, "estimates", `${MARCH}&interval=month`)).body.rows).toEqual([
      { period: "2026-03-01", won: 0, lost: 0, wonCents: 0, winRate: null },
    ]);
    const customers = await report(tokens.otherOwner, "top-customers");
    expect(customers.body.rows.map((row) => row.customer)).toEqual(["Their Customer"]);
    expect((await report(tokens.otherOwner, "crew-utilization")).body.rows).toEqual([]);
  });

  it("refuses field users, visitors, a plan without reports, and a bad range, changing nothing", async () => {
    expect((await report(tokens.fieldUser, "revenue")).status).toBe(403);
    expect((await fetch(`${t.url}/api/reports/revenue?${MARCH}`)).status).toBe(401);
    const refused = await report(tokens.starterOwner, "revenue");
    expect(refused).toMatchObject({
      status: 403,
      body: { message: "Reporting requires the Growth plan or higher.", requiredPlan: "growth" },
    });
    expect((await report(tokens.owner, "profits")).status).toBe(400);
    expect(await report(tokens.owner, "revenue", "from=2026-03-31&to=2026-03-01")).toMatchObject({
      status: 400,
      body: { field: "to" },
    });
    expect((await report(tokens.owner, "revenue", "from=2020-01-01&to=2026-03-01")).status).toBe(400);
    expect((await report(tokens.owner, "revenue", "from=2026-02-30&to=2026-03-01")).status).toBe(400);
  });
});

describe("GET /api/reports/:report/csv", () => {
  it("downloads the report as CSV: headings with their units, amounts in dollars, the totals last", async () => {
    const response = await fetch(`${t.url}/api/reports/revenue/csv?${MARCH}&interval=month`, {
      headers: { authorization: `Bearer ${tokens.owner}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="revenue-2026-03-01-to-2026-03-31.csv"',
    );
    expect(await response.text()).toBe(
      "Period,Invoiced (USD),Collected (USD),Invoices\n2026-03-01,125.00,50.00,2\nTotal,125.00,50.00,2\n",
    );
  });

  it("writes a customer's name that looks like a formula as text", async () => {
    const csvCompany = await createTestCompany(t.db);
    const owner = await signIn(t.url, csvCompany.users.owner.email);
    const tricky = await customer(csvCompany.id, '=HYPERLINK("http://evil.example","x")');
    await invoice(csvCompany.id, tricky.id, { totalCents: 100, status: "sent", issuedAt: at("2026-03-05", 9) });
    const response = await fetch(`${t.url}/api/reports/top-customers/csv?${MARCH}`, {
      headers: { authorization: `Bearer ${owner}` },
    });
    expect((await response.text()).split("\n")[1]).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")",1.00,1,0`);
  });

  it("refuses what the report refuses", async () => {
    const response = await fetch(`${t.url}/api/reports/revenue/csv?${MARCH}`, {
      headers: { authorization: `Bearer ${tokens.starterOwner}` },
    });
    expect(response.status).toBe(403);
    const fieldUser = await fetch(`${t.url}/api/reports/revenue/csv?${MARCH}`, {
      headers: { authorization: `Bearer ${tokens.fieldUser}` },
    });
    expect(fieldUser.status).toBe(403);
  });
});
