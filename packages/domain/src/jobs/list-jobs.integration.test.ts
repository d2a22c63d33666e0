import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma, withTenant, type Database } from "@fieldops/db";
import type { ListJobsQuery } from "@fieldops/shared/jobs";
import {
  createTestCompany,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { jobSearchFilter, listJobs } from "./list-jobs.ts";

let t: TestApp;
let app: Database;
let company: TestCompany;
let other: TestCompany;
let number = 1;
const crews: Record<"alpha" | "bravo" | "foreign", string> = { alpha: "", bravo: "", foreign: "" };
const jobs: Record<string, { id: string; number: number }> = {};

async function createCustomer(companyId: string, name: string) {
  return (
    await t.db.customer.create({
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
    })
  ).id;
}

/** A job with one visit per crew given (none: one unscheduled visit); created one after the other, oldest first. */
async function createJob(companyId: string, customerId: string, title: string, crewIds: string[] = []) {
  const job = await t.db.job.create({
    data: { companyId, customerId, number: number++, title, createdAt: new Date(Date.UTC(2030, 0, 1, 0, number)) },
  });
  const visits = crewIds.length === 0 ? [null] : crewIds;
  await t.db.visit.createMany({
    data: visits.map((crewId, index) => ({
      companyId,
      jobId: job.id,
      crewId,
      status: crewId ? ("scheduled" as const) : ("unscheduled" as const),
      scheduledStart: crewId ? new Date(Date.UTC(2030, 0, 7 + index, 15)) : null,
      scheduledEnd: crewId ? new Date(Date.UTC(2030, 0, 7 + index, 16)) : null,
    })),
  });
  jobs[title] = { id: job.id, number: job.number };
  return job;
}

beforeAll(async () => {
  t = await startTestApp();
  app = t.runtime.context.db;
  company = await createTestCompany(t.db);
  other = await createTestCompany(t.db);
  crews.alpha = (
    await t.db.crew.create({ data: { companyId: company.id, name: "Alpha", color: "#16a34a", skills: [] } })
  ).id;
  crews.bravo = (
    await t.db.crew.create({ data: { companyId: company.id, name: "Bravo", color: "#2563eb", skills: [] } })
  ).id;
  crews.foreign = (
    await t.db.crew.create({ data: { companyId: other.id, name: "Foreign", color: "#d97706", skills: [] } })
  ).id;
  const hopper = await createCustomer(company.id, "Grace Hopper");
  const turing = await createCustomer(company.id, "Alan Turing");
  await createJob(company.id, hopper, "Weekly mowing", [crews.alpha]);
  await createJob(company.id, turing, "Hedge trimming", [crews.bravo]);
  await createJob(company.id, turing, "Spring cleanup");
  await createJob(company.id, hopper, "Sprinkler start-up 100%", [crews.bravo, crews.alpha]);
  await createJob(other.id, await createCustomer(other.id, "Grace Other"), "Weekly mowing elsewhere", [crews.foreign]);
});
afterAll(() => t.close());

const list = (query: Partial<ListJobsQuery>) =>
  withTenant(app, company.id, (tx) => listJobs(tx, { limit: 25, ...query }));
const titles = async (query: Partial<ListJobsQuery>) => (await list(query)).items.map((job) => job.title);

describe("listJobs filters", () => {
  // The list's order (next visit first; at the same time, the older job first) has tests of its own.
  it("filters by crew: the jobs with a visit on that crew", async () => {
    expect(await titles({ crewId: crews.alpha })).toEqual(["Weekly mowing", "Sprinkler start-up 100%"]);
    expect(await titles({ crewId: crews.bravo })).toEqual(["Hedge trimming", "Sprinkler start-up 100%"]);
    expect(await titles({ crewId: crews.foreign })).toEqual([]);
  });

  it("pages a crew's jobs by cursor", async () => {
    const first = await list({ crewId: crews.alpha, limit: 1 });
    expect(first.items.map((job) => job.title)).toEqual(["Weekly mowing"]);
    const second = await list({ crewId: crews.alpha, limit: 1, cursor: first.nextCursor! });
    expect(second.items.map((job) => job.title)).toEqual(["Sprinkler start-up 100%"]);
    expect(second.nextCursor).toBeNull();
  });

  it("searches titles and customers' names, ignoring case, and numbers, never another company's", async () => {
    expect(await titles({ search: "MOW" })).toEqual(["Weekly mowing"]);
    expect(await titles({ search: "turing" })).toEqual(["Hedge trimming", "Spring cleanup"]);
    expect(await titles({ search: String(jobs["Hedge trimming"]!.number) })).toContain("Hedge trimming");
    expect(await titles({ search: `#${jobs["Spring cleanup"]!.number}` })).toContain("Spring cleanup");
    expect(await titles({ search: "elsewhere" })).toEqual([]);
    expect(await titles({ search: "grace other" })).toEqual([]);
  });

  it("treats LIKE wildcards in the search as plain characters", async () => {
    expect(await titles({ search: "100%" })).toEqual(["Sprinkler start-up 100%"]);
    expect(await titles({ search: "%" })).toEqual(["Sprinkler start-up 100%"]);
    expect(await titles({ search: "_" })).toEqual([]);
  });

  it("finds a job by its customer's new name after a rename, and by its new title after an edit", async () => {
    const customer = await t.db.customer.create({
      data: {
        companyId: company.id,
        name: "Barbara Liskov",
        street: "2 Main St",
        city: "Boulder",
        region: "CO",
        postcode: "80302",
        latitude: 40,
        longitude: -105,
      },
    });
    const job = await createJob(company.id, customer.id, "Aeration");
    await withTenant(app, company.id, (tx) =>
      tx.customer.update({ where: { id: customer.id }, data: { name: "Barbara Substitution" } }),
    );
    expect(await titles({ search: "substitution" })).toEqual(["Aeration"]);
    expect(await titles({ search: "liskov" })).toEqual([]);
    await withTenant(app, company.id, (tx) => tx.job.update({ where: { id: job.id }, data: { title: "Overseeding" } }));
    expect(await titles({ search: "overseed" })).toEqual(["Overseeding"]);
    expect(await titles({ search: "aeration" })).toEqual([]);
  });

  it("searches through the trigram index", async () => {
    const plan = await t.db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      return tx.$queryRaw<{ "QUERY PLAN": string }[]>(
        Prisma.sql`EXPLAIN SELECT j.id FROM jobs j WHERE ${jobSearchFilter("hedge")}`,
      );
    });
    expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toContain("jobs_searchText_idx");
  });
});
