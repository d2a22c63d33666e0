import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant, type Database } from "@fieldops/db";
import type { JobStatus } from "@fieldops/shared/job-status";
import type { JobSummary, ListJobsQuery } from "@fieldops/shared/jobs";
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
const now = new Date("2030-01-09T18:00:00Z"); // Wednesday 13:00 in New York, the test company's time zone
const hoursFromNow = (hours: number) => new Date(now.getTime() + hours * 3600_000);
type VisitState = "unscheduled" | "scheduled" | "dispatched" | "in_progress" | "completed" | "canceled";
let count = 0;

/** A job created after the previous one, whose visits are in the given states, `hours` from now (null: no time). */
async function job(
  title: string,
  visits: [VisitState, number | null][],
  fields: { closed?: boolean; invoiced?: boolean } = {},
) {
  count++;
  const customer = await t.db.customer.create({
    data: {
      companyId: company.id,
      name: `Customer ${count}`,
      street: "1 Main St",
      city: "Albany",
      region: "NY",
      postcode: "12207",
      latitude: 42.65,
      longitude: -73.75,
    },
  });
  const created = await t.db.job.create({
    data: {
      companyId: company.id,
      customerId: customer.id,
      number: count,
      title,
      createdAt: hoursFromNow(-500 + count),
      closedAt: fields.closed ? now : null,
      invoicedAt: fields.invoiced ? now : null,
    },
  });
  await t.db.visit.createMany({
    data: visits.map(([status, hours]) => ({
      companyId: company.id,
      jobId: created.id,
      status,
      scheduledStart: hours === null ? null : hoursFromNow(hours),
      scheduledEnd: hours === null ? null : hoursFromNow(hours + 1),
    })),
  });
}

beforeAll(async () => {
  t = await startTestApp();
  app = t.runtime.context.db;
  company = await createTestCompany(t.db);
  await job("Unscheduled, older", [["unscheduled", null]]);
  await job("In three days", [["scheduled", 72]]);
  await job("Tomorrow", [["scheduled", 20]]);
  await job("Late, next in five days", [
    ["scheduled", -30],
    ["scheduled", 120],
  ]);
  await job("Late, nothing ahead", [["dispatched", -30]]);
  await job("Done", [["completed", -26]]);
  await job("In progress", [["in_progress", -2]]);
  await job("Closed with a visit booked", [["scheduled", 48]], { closed: true });
  await job("Due this morning, next week too", [
    ["scheduled", -3],
    ["scheduled", 165],
  ]);
  await job("Tomorrow too", [["scheduled", 20]]);
  await job("Unscheduled, newer", []);
  await job("Waiting, and booked", [
    ["unscheduled", null],
    ["scheduled", 44],
  ]);
  await job("Done and invoiced", [["completed", -50]], { invoiced: true });
});
afterAll(() => t.close());

const list = (query: Partial<ListJobsQuery>) =>
  withTenant(app, company.id, (tx) => listJobs(tx, { limit: 100, now, ...query }));

/** Every page after the other, `limit` jobs at a time. */
async function walk(query: Partial<ListJobsQuery>, limit: number): Promise<JobSummary[]> {
  const items: JobSummary[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const result = await list({ ...query, limit, ...(cursor ? { cursor } : {}) });
    items.push(...result.items);
    if (!result.nextCursor) return items;
    expect(result.items).toHaveLength(limit);
    cursor = result.nextCursor;
  }
  throw new Error("the pages never end");
}

const ORDER = [
  // An upcoming visit, soonest first; at the same time, the older job first.
  "Tomorrow",
  "Tomorrow too",
  "Waiting, and booked",
  "In three days",
  "Late, next in five days",
  "Due this morning, next week too",
  // Nothing booked ahead: newest first.
  "Done and invoiced",
  "Unscheduled, newer",
  "Closed with a visit booked",
  "In progress",
  "Done",
  "Late, nothing ahead",
  "Unscheduled, older",
];

describe("the jobs list's order", () => {
  it("puts the soonest next visit first, then the jobs with none, newest first", async () => {
    const { items } = await list({});
    expect(items.map((item) => item.title)).toEqual(ORDER);
    const next = Object.fromEntries(items.map((item) => [item.title, item.nextVisitAt]));
    // A late job's next visit is the one ahead, not the one it missed; a closed job has none.
    expect(next["Late, next in five days"]).toBe(hoursFromNow(120).toISOString());
    expect(next["Due this morning, next week too"]).toBe(hoursFromNow(165).toISOString());
    expect(next["Late, nothing ahead"]).toBeNull();
    expect(next["Closed with a visit booked"]).toBeNull();
  });

  it.each([1, 2, 5])("pages through the same order %i at a time, each job once", async (limit) => {
    expect((await walk({}, limit)).map((item) => item.title)).toEqual(ORDER);
  });

  it.each<[JobStatus, string[]]>([
    ["unscheduled", ["Waiting, and booked", "Unscheduled, newer", "Unscheduled, older"]],
    ["late", ["Late, next in five days", "Late, nothing ahead"]],
    ["today", ["Due this morning, next week too", "In progress"]],
    ["upcoming", ["Tomorrow", "Tomorrow too", "In three days"]],
    ["closed", ["Done and invoiced", "Closed with a visit booked"]],
  ])("keeps the order within one status (%s), a page at a time", async (status, titles) => {
    expect((await list({ status })).items.map((item) => item.title)).toEqual(titles);
    expect((await walk({ status }, 1)).map((item) => item.title)).toEqual(titles);
  });

  it("refuses a cursor it did not make", async () => {
    const cursor = Buffer.from(`2030-01-01T00:00:00.000Z|${company.id}`).toString("base64url");
    await expect(list({ cursor })).rejects.toThrow("The cursor is not valid");
  });
});
