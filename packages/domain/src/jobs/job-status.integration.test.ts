import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant, type Database } from "@fieldops/db";
import { addDays, dayInTimeZone, startOfDayInTimeZone, zonedWallClockToUtc } from "@fieldops/shared/company-time";
import type { JobStatus } from "@fieldops/shared/job-status";
import type { JobDetail, Visit } from "@fieldops/shared/jobs";
import type { VisitStatus } from "@fieldops/shared/visit-lifecycle";
import {
  callApi,
  createTestCompany,
  signIn,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { getJobsByStatusReport } from "../reports/get-jobs-by-status-report.ts";
import { reportRange } from "../reports/report-range.ts";
import { getJob } from "./get-job.ts";
import { listJobs } from "./list-jobs.ts";

/**
 * The status the database keeps on each job (job_status migration) agrees with the status derived from the job's
 * visits, as the design states it, through every change the office makes to them and across the company's midnight.
 * The company is in Auckland, half a day from UTC, so that its days and UTC's differ.
 */
const TIME_ZONE = "Pacific/Auckland";

let t: TestApp;
let app: Database;
let company: TestCompany;
let owner: string;
let customerId: string;
let crewId: string;

const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const response = await callApi(t.url, method, path, owner, body);
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  return response.body as T;
};

/** The company's days from the one it is now: tomorrow is day 1. */
const today = () => dayInTimeZone(new Date(), TIME_ZONE);
const day = (offset: number) => addDays(today(), offset);
const at = (offset: number, hour: number) =>
  zonedWallClockToUtc(Date.parse(`${day(offset)}T00:00:00Z`) + hour * 3600_000, TIME_ZONE);

/** A minute before the company's midnight into tomorrow, a minute after it, and a minute into the day after. */
const moments = () => {
  const midnight = (offset: number) => startOfDayInTimeZone(day(offset), TIME_ZONE).getTime();
  return [new Date(midnight(1) - 60_000), new Date(midnight(1) + 60_000), new Date(midnight(2) + 60_000)];
};

/** The design's rule, from a job's visits, on the company's calendar at `now`. */
function derivedStatus(
  job: { closedAt: Date | null; invoicedAt: Date | null },
  visits: { status: VisitStatus; scheduledStart: Date | null }[],
  now: Date,
): JobStatus {
  if (job.closedAt) return "closed";
  const todayThen = dayInTimeZone(now, TIME_ZONE);
  const bookedDays = visits
    .filter((visit) => (visit.status === "scheduled" || visit.status === "dispatched") && visit.scheduledStart)
    .map((visit) => dayInTimeZone(visit.scheduledStart!, TIME_ZONE));
  if (bookedDays.some((bookedDay) => bookedDay < todayThen)) return "late";
  if (visits.some((visit) => visit.status === "in_progress") || bookedDays.includes(todayThen)) return "today";
  if (visits.length === 0 || visits.some((visit) => visit.status === "unscheduled")) return "unscheduled";
  if (bookedDays.length > 0) return "upcoming";
  if (job.invoicedAt === null && visits.some((visit) => visit.status === "completed")) return "requires_invoicing";
  return "closed";
}

/**
 * The job's status at each of the moments around the day change, as its page shows it; each checked against the
 * status derived from its visits, and against the jobs list filtered by that status.
 */
async function statusesAcrossTheDayChange(jobId: string): Promise<JobStatus[]> {
  const job = await t.db.job.findUniqueOrThrow({ where: { id: jobId }, include: { visits: true } });
  const statuses: JobStatus[] = [];
  for (const now of moments()) {
    const derived = derivedStatus(job, job.visits, now);
    const [detail, listed] = await withTenant(app, company.id, async (tx) => [
      await getJob(tx, { jobId, now }),
      await listJobs(tx, { limit: 100, now, status: derived }),
    ]);
    expect(detail.status, `at ${now.toISOString()}`).toBe(derived);
    expect(listed.items.map((item) => item.id)).toContain(jobId);
    statuses.push(detail.status);
  }
  return statuses;
}

const visitOf = async (jobId: string, index = 0) => (await call<JobDetail>("GET", `/api/jobs/${jobId}`)).visits[index]!;
const schedule = (visit: Visit, start: Date) =>
  call<Visit>("POST", `/api/visits/${visit.id}/schedule`, {
    crewId,
    start: start.toISOString(),
    durationMinutes: 60,
    version: visit.version,
  });
const transition = (visit: Visit, to: VisitStatus) =>
  call<Visit>("POST", `/api/visits/${visit.id}/transition`, { to, version: visit.version });

beforeAll(async () => {
  t = await startTestApp();
  app = t.runtime.context.db;
  company = await createTestCompany(t.db);
  await t.db.company.update({ where: { id: company.id }, data: { timeZone: TIME_ZONE } });
  owner = await signIn(t.url, company.users.owner.email);
  customerId = (
    await t.db.customer.create({
      data: {
        companyId: company.id,
        name: "Aroha Ngata",
        street: "1 Queen St",
        city: "Auckland",
        region: "AUK",
        postcode: "1010",
        latitude: -36.85,
        longitude: 174.76,
      },
    })
  ).id;
  crewId = (await t.db.crew.create({ data: { companyId: company.id, name: "Crew A", color: "#16a34a", skills: [] } }))
    .id;
  // The crew works around the clock, so that the tests can book it at any hour.
  await t.db.crewWorkingHours.createMany({
    data: Array.from({ length: 7 }, (_, weekday) => ({
      crewId,
      companyId: company.id,
      weekday,
      startMinute: 0,
      endMinute: 24 * 60,
    })),
  });
});
afterAll(() => t.close());

describe("the stored job status", () => {
  it("follows a one-off job's visit through its lifecycle, and the day change", async () => {
    const job = await call<JobDetail>("POST", "/api/jobs", {
      customerId,
      title: "Fix the irrigation",
      lineItems: [{ service: "Repair", quantity: 1, unitPriceCents: 12000 }],
    });
    expect(await statusesAcrossTheDayChange(job.id)).toEqual(["unscheduled", "unscheduled", "unscheduled"]);

    let visit = await schedule(job.visits[0]!, at(1, 10));
    expect(await statusesAcrossTheDayChange(job.id)).toEqual(["upcoming", "today", "late"]);
    visit = await transition(visit, "dispatched");
    expect(await statusesAcrossTheDayChange(job.id)).toEqual(["upcoming", "today", "late"]);
    // Moved to the day after: the job is due a day later.
    visit = await schedule(visit, at(2, 10));
    expect(await statusesAcrossTheDayChange(job.id)).toEqual(["upcoming", "upcoming", "today"]);
    visit = await transition(visit, "unscheduled");
    expect(await statusesAcrossTheDayChange(job.id)).toEqual(["unscheduled", "unscheduled", "unscheduled"]);

    visit = await schedule(visit, at(1, 10));
    visit = await transition(visit, "in_progress");
    expect(await statusesAcrossTheDayChange(job.id)).toEqual(["today", "today", "today"]);
    await transition(visit, "completed");
    expect(await statusesAcrossTheDayChange(job.id)).toEqual([
      "requires_invoicing",
      "requires_invoicing",
      "requires_invoicing",
    ]);

    const invoice = await call<{ id: string }>("POST", "/api/invoices", { jobId: job.id });
    expect(await statusesAcrossTheDayChange(job.id)).toEqual(["closed", "closed", "closed"]);
    await call("POST", `/api/invoices/${invoice.id}/void`);
    expect(await statusesAcrossTheDayChange(job.id)).toEqual([
      "requires_invoicing",
      "requires_invoicing",
      "requires_invoicing",
    ]);
    await call("PATCH", `/api/jobs/${job.id}`, { invoiced: true });
    expect(await statusesAcrossTheDayChange(job.id)).toEqual(["closed", "closed", "closed"]);
    await call("PATCH", `/api/jobs/${job.id}`, { invoiced: false });
    await call("PATCH", `/api/jobs/${job.id}`, { closed: true });
    expect(await statusesAcrossTheDayChange(job.id)).toEqual(["closed", "closed", "closed"]);
    await call("PATCH", `/api/jobs/${job.id}`, { closed: false });
    expect(await statusesAcrossTheDayChange(job.id)).toEqual([
      "requires_invoicing",
      "requires_invoicing",
      "requires_invoicing",
    ]);
  });

  it("follows a recurring job's visits: canceled, back in the queue, deleted", async () => {
    const job = await call<JobDetail>("POST", "/api/jobs", {
      customerId,
      title: "Weekly mowing",
      recurrence: { rule: "FREQ=WEEKLY", start: at(1, 9).toISOString() },
    });
    expect(job.visits.length).toBeGreaterThan(1);
    expect(await statusesAcrossTheDayChange(job.id)).toEqual(["upcoming", "today", "late"]);

    let first = await transition(await visitOf(job.id), "canceled");
    // The next visit is a week later.
    expect(await statusesAcrossTheDayChange(job.id)).toEqual(["upcoming", "upcoming", "upcoming"]);
    first = await transition(first, "unscheduled");
    expect(await statusesAcrossTheDayChange(job.id)).toEqual(["unscheduled", "unscheduled", "unscheduled"]);
    // As a fix made outside the app would: the triggers see every writer.
    await t.db.visit.delete({ where: { id: first.id } });
    expect(await statusesAcrossTheDayChange(job.id)).toEqual(["upcoming", "upcoming", "upcoming"]);
  });

  it("counts the same statuses in the jobs-by-status report", async () => {
    const jobs = await t.db.job.findMany({ where: { companyId: company.id }, include: { visits: true } });
    expect(jobs.length).toBeGreaterThan(1);
    const range = reportRange({ from: day(-30), to: day(3) }, TIME_ZONE);
    for (const now of moments()) {
      const report = await withTenant(app, company.id, (tx) => getJobsByStatusReport(tx, range, now));
      const derived = jobs.map((job) => derivedStatus(job, job.visits, now));
      expect(report.totals.jobs).toBe(jobs.length);
      expect(report.rows.find((row) => row.status === "Upcoming")?.jobs).toBe(
        derived.filter((status) => status === "upcoming").length,
      );
      expect(report.rows.find((row) => row.status === "Requires invoicing")?.jobs).toBe(
        derived.filter((status) => status === "requires_invoicing").length,
      );
    }
  });

  it("counts both of two visits of one job completed at once in two transactions", async () => {
    const job = await call<JobDetail>("POST", "/api/jobs", {
      customerId,
      title: "Two-day hedge job",
      recurrence: { rule: "FREQ=DAILY;COUNT=2", start: at(3, 9).toISOString() },
    });
    const [first, second] = job.visits;
    expect(second).toBeDefined();
    await t.db.visit.updateMany({ where: { jobId: job.id }, data: { status: "in_progress" } });
    let firstDone!: () => void;
    const firstUpdated = new Promise<void>((resolve) => (firstDone = resolve));
    let commitFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (commitFirst = resolve));
    const one = withTenant(app, company.id, async (tx) => {
      await tx.visit.update({ where: { id: first!.id }, data: { status: "completed" } });
      firstDone();
      await firstMayCommit;
    });
    await firstUpdated;
    // The second must count the first visit's change, though it began before the first committed (it waits for it).
    let twoSettled = false;
    const two = withTenant(app, company.id, (tx) =>
      tx.visit.update({ where: { id: second!.id }, data: { status: "completed" } }),
    ).finally(() => (twoSettled = true));
    await expect.poll(async () => twoSettled || (await waitingOnLocks()) > 0, { timeout: 5000 }).toBe(true);
    commitFirst();
    await Promise.all([one, two]);
    expect(await statusesAcrossTheDayChange(job.id)).toEqual([
      "requires_invoicing",
      "requires_invoicing",
      "requires_invoicing",
    ]);
  });
});

async function waitingOnLocks(): Promise<number> {
  const [row] = await t.db.$queryRaw<[{ waiting: number }]>`
    SELECT count(*)::int AS waiting FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock'`;
  return row.waiting;
}
