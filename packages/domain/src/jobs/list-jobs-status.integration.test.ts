import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant, type Database } from "@fieldops/db";
import { jobStatusSchema, type JobStatus } from "@fieldops/shared/job-status";
import {
  createTestCompany,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { listJobs } from "./list-jobs.ts";

let t: TestApp;
let app: Database;
let company: TestCompany;
const now = new Date("2030-01-09T18:00:00Z"); // 13:00 in New York, the test company's time zone
const hoursFromNow = (hours: number) => new Date(now.getTime() + hours * 3600_000);
type VisitState = "unscheduled" | "scheduled" | "dispatched" | "in_progress" | "completed" | "canceled";
const expected = new Map<string, JobStatus>();

/** A job whose visits are in the given states, `hours` from now (null: no time), and what its status must be. */
async function job(
  title: string,
  status: JobStatus,
  visits: [VisitState, number | null][],
  fields: { closed?: boolean; invoiced?: boolean } = {},
) {
  const customer = await t.db.customer.create({
    data: {
      companyId: company.id,
      name: title,
      street: "1 Main St",
      city: "Denver",
      region: "CO",
      postcode: "80202",
      latitude: 39.7,
      longitude: -104.9,
    },
  });
  const created = await t.db.job.create({
    data: {
      companyId: company.id,
      customerId: customer.id,
      number: expected.size + 1,
      title,
      createdAt: hoursFromNow(-100 + expected.size),
      closedAt: fields.closed ? now : null,
      invoicedAt: fields.invoiced ? now : null,
    },
  });
  for (const [state, hours] of visits) {
    await t.db.visit.create({
      data: {
        companyId: company.id,
        jobId: created.id,
        status: state,
        scheduledStart: hours === null ? null : hoursFromNow(hours),
        scheduledEnd: hours === null ? null : hoursFromNow(hours + 1),
      },
    });
  }
  expected.set(created.id, status);
}

beforeAll(async () => {
  t = await startTestApp();
  app = t.runtime.context.db;
  company = await createTestCompany(t.db);
  await job("Closed by hand", "closed", [["scheduled", 48]], { closed: true });
  await job("Late", "late", [["scheduled", -48]]);
  await job("Late and upcoming", "late", [
    ["dispatched", -30],
    ["scheduled", 72],
  ]);
  await job("Started yesterday", "today", [["in_progress", -20]]);
  await job("Later today", "today", [["scheduled", 3]]);
  // 23:00 in New York, tomorrow in UTC; and 23:00 yesterday in New York, today in UTC.
  await job("Tonight", "today", [["scheduled", 10]]);
  await job("Last night", "late", [["scheduled", -14]]);
  await job("Tomorrow", "upcoming", [["scheduled", 20]]);
  await job("Waiting", "unscheduled", [
    ["unscheduled", null],
    ["completed", -72],
  ]);
  await job("No visits", "unscheduled", []);
  await job("Next week", "upcoming", [
    ["completed", -200],
    ["scheduled", 160],
  ]);
  await job("Done", "requires_invoicing", [["completed", -26]]);
  await job("Done and invoiced", "closed", [["completed", -26]], { invoiced: true });
  await job("Called off", "closed", [["canceled", 30]]);
});
afterAll(() => t.close());

const list = (status?: JobStatus) =>
  withTenant(app, company.id, (tx) => listJobs(tx, { limit: 100, now, ...(status ? { status } : {}) }));

describe("listJobs by status", () => {
  it("derives each job's status", async () => {
    const { items } = await list();
    expect(new Map(items.map((item) => [item.id, item.status]))).toEqual(expected);
  });

  it.each(jobStatusSchema.options)("lists exactly the %s jobs, in the list's order", async (status) => {
    const all = (await list()).items;
    const { items } = await list(status);
    expect(items.map((item) => item.id)).toEqual(all.filter((item) => item.status === status).map((item) => item.id));
    expect(items.length).toBeGreaterThan(0);
  });
});
