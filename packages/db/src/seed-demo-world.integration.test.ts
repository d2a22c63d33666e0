import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "./client.ts";
import { prepareDatabase } from "./prepare-database.ts";
import { createScratchDatabase } from "./schema-engine-adapter.ts";
import { seedDemoWorld } from "./seed-demo-world.ts";

const serverUrl = process.env.TEST_DATABASE_SERVER_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const now = new Date("2030-01-09T18:00:00Z");

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let db: Database;

beforeAll(async () => {
  scratch = await createScratchDatabase(serverUrl, "test_seed_demo");
  await prepareDatabase(scratch.url, { seedDemo: false });
  db = createDatabase(scratch.url, { max: 2 });
  expect(await seedDemoWorld(db, { now })).toBe(true);
});

afterAll(async () => {
  await db?.$disconnect();
  await scratch?.drop();
});

describe("the demo world", () => {
  it("creates no job after now, though it books visits ahead", async () => {
    expect(await db.job.count()).toBeGreaterThan(0);
    expect(await db.job.count({ where: { createdAt: { gt: now } } })).toBe(0);
    expect(await db.visit.count({ where: { scheduledStart: { gt: now } } })).toBeGreaterThan(0);
  });

  it("numbers each company's jobs in the order they were created", async () => {
    for (const { id } of await db.company.findMany({ select: { id: true } })) {
      const jobs = await db.job.findMany({
        where: { companyId: id },
        orderBy: [{ createdAt: "asc" }, { number: "asc" }],
      });
      expect(jobs.map((job) => job.number)).toEqual(jobs.map((_, index) => index + 1));
    }
  });

  it("converts estimates into jobs created once they were converted, in the past", async () => {
    const converted = await db.estimate.findMany({ where: { status: "converted" } });
    expect(converted.length).toBeGreaterThan(0);
    for (const estimate of converted) {
      const job = await db.job.findUniqueOrThrow({ where: { id: estimate.jobId! } });
      expect(estimate.convertedAt!.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(job.createdAt.getTime()).toBeGreaterThanOrEqual(estimate.convertedAt!.getTime());
    }
  });

  it("leaves every job's stored status as its visits say", async () => {
    const [{ stale }] = await db.$queryRaw<[{ stale: number }]>`
      SELECT count(*)::int AS stale
      FROM jobs j CROSS JOIN LATERAL job_status_facts(j.id, j."closedAt", j."invoicedAt") f
      WHERE (j."undatedStatus", j."firstBookedStart") IS DISTINCT FROM (f."undatedStatus", f."firstBookedStart")`;
    expect(stale).toBe(0);
    const statuses = await db.job.groupBy({ by: ["undatedStatus"], _count: true });
    expect(statuses.map((row) => row.undatedStatus).sort()).toEqual(
      expect.arrayContaining(["closed", "requires_invoicing", "today", "unscheduled", "upcoming"]),
    );
  });
});
