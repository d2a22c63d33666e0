import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "@fieldops/db";
import type { TaskQueues } from "@fieldops/tasks/enqueue";
import type { QueueName } from "@fieldops/tasks/queues";
import { VISIT_HORIZON_DAYS } from "@fieldops/shared/jobs";
import type { RunningWorkers } from "./run-workers.ts";
import {
  createTestCompany,
  drainQueues,
  startTestApp,
  startTestWorkers,
  type TestApp,
  type TestCompany,
} from "../../tests/integration/test-app.ts";
import { SYSTEM_TASKS, scheduleSystemTasks } from "@fieldops/domain/tasks";
import { extendVisitHorizonsBatch } from "@fieldops/domain/jobs/extend-visit-horizon";
import { extendVisitHorizonsDailyTask } from "@fieldops/domain/jobs/extend-visit-horizons-daily.task";
import { extendVisitHorizonsTask } from "@fieldops/domain/jobs/extend-visit-horizons.task";

const DAY_MS = 86_400_000;
let t: TestApp;
let workers: RunningWorkers;
let queues: TaskQueues;
let company: TestCompany;
let other: TestCompany;
let number = 1;
const jobs = { open: "", closed: "", oneOff: "", otherCompany: "" };

async function createJob(companyId: string, options: { recurring: boolean; closed?: boolean }) {
  const customer = await t.db.customer.create({
    data: {
      companyId,
      name: "Grace Hopper",
      street: "1 Main St",
      city: "Boulder",
      region: "CO",
      postcode: "80302",
      latitude: 40,
      longitude: -105,
    },
  });
  const start = new Date(Date.now() - 3 * DAY_MS);
  start.setUTCHours(15, 0, 0, 0);
  const job = await t.db.job.create({
    data: {
      companyId,
      customerId: customer.id,
      number: number++,
      title: "Weekly mowing",
      recurrence: options.recurring ? "FREQ=WEEKLY" : null,
      recurrenceStart: options.recurring ? start : null,
      // Generated a week ahead, as if the daily job had stopped running some weeks ago.
      generatedUntil: options.recurring ? new Date(start.getTime() + 7 * DAY_MS) : null,
      closedAt: options.closed ? new Date() : null,
    },
  });
  if (options.recurring) {
    await t.db.visit.createMany({
      data: [0, 7].map((days) => {
        const at = new Date(start.getTime() + days * DAY_MS);
        return {
          companyId,
          jobId: job.id,
          status: "scheduled" as const,
          scheduledStart: at,
          scheduledEnd: new Date(at.getTime() + 3_600_000),
          occurrenceAt: at,
        };
      }),
    });
  }
  return job.id;
}

const visits = (jobId: string) => t.db.visit.findMany({ where: { jobId }, orderBy: { scheduledStart: "asc" } });
const generatedUntil = async (jobId: string) =>
  (await t.db.job.findUniqueOrThrow({ where: { id: jobId } })).generatedUntil;

async function run(definition: { id: string; queue: QueueName }, data: object, jobId: string) {
  await queues.queue(definition.queue).add(definition.id, data, { jobId });
  await drainQueues(queues, ["visits"]);
}

beforeAll(async () => {
  t = await startTestApp();
  workers = startTestWorkers(t);
  queues = t.runtime.context.queues;
  company = await createTestCompany(t.db);
  other = await createTestCompany(t.db);
  jobs.open = await createJob(company.id, { recurring: true });
  jobs.closed = await createJob(company.id, { recurring: true, closed: true });
  jobs.oneOff = await createJob(company.id, { recurring: false });
  jobs.otherCompany = await createJob(other.id, { recurring: true });
});
afterAll(async () => {
  await workers.close();
  await t.close();
});

describe("extending the visit horizon every day", () => {
  it("a company's job generates its open recurring jobs' visits up to the horizon, once, and touches no other company", async () => {
    const before = Date.now();
    await run(extendVisitHorizonsTask, { companyId: company.id }, `test_${company.id}_1`);
    const created = await visits(jobs.open);
    const horizon = before + VISIT_HORIZON_DAYS * DAY_MS;
    // Weekly from three days ago: the two visits it had, and one a week up to the horizon.
    expect(created.length).toBe(Math.floor((horizon - created[0]!.scheduledStart!.getTime()) / (7 * DAY_MS)) + 1);
    expect(created.at(-1)!.scheduledStart!.getTime()).toBeGreaterThan(horizon - 7 * DAY_MS);
    expect(created.at(-1)!.scheduledStart!.getTime()).toBeLessThanOrEqual(horizon + 60_000);
    expect((await generatedUntil(jobs.open))!.getTime()).toBeGreaterThanOrEqual(horizon);
    expect(new Set(created.map((visit) => visit.occurrenceAt!.getTime())).size).toBe(created.length);

    expect(await visits(jobs.closed)).toHaveLength(2);
    expect(await visits(jobs.oneOff)).toHaveLength(0);
    expect(await visits(jobs.otherCompany)).toHaveLength(2);

    await run(extendVisitHorizonsTask, { companyId: company.id }, `test_${company.id}_2`);
    expect(await visits(jobs.open)).toHaveLength(created.length);
  });

  it("the daily job hands every company its extension, and a second run the same day adds nothing", async () => {
    const ownBefore = (await visits(jobs.open)).length;
    await run(extendVisitHorizonsDailyTask, {}, "test_daily_1");
    const otherVisits = await visits(jobs.otherCompany);
    expect(otherVisits.length).toBeGreaterThan(2);
    expect(otherVisits.at(-1)!.scheduledStart!.getTime()).toBeGreaterThan(
      Date.now() + (VISIT_HORIZON_DAYS - 7) * DAY_MS,
    );
    expect(await visits(jobs.open)).toHaveLength(ownBefore);
    expect(await visits(jobs.closed)).toHaveLength(2);

    await run(extendVisitHorizonsDailyTask, {}, "test_daily_2");
    expect(await visits(jobs.otherCompany)).toHaveLength(otherVisits.length);
    const day = new Date().toISOString().slice(0, 10);
    const perCompany = await queues.queue("visits").getJob(`${extendVisitHorizonsTask.id}_${other.id}_${day}`);
    expect(perCompany?.finishedOn).toBeTypeOf("number");
  });

  it("works through a company's open recurring jobs in batches of a fixed size", async () => {
    const third = await createJob(company.id, { recurring: true });
    const fourth = await createJob(company.id, { recurring: true });
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const batch = await withTenant(t.runtime.context.db, company.id, (tx) =>
        extendVisitHorizonsBatch(tx, { batchSize: 1, after }),
      );
      if (batch.lastJobId) seen.push(batch.lastJobId);
      after = batch.lastJobId;
    } while (after !== null && seen.length < 10);
    expect(seen).toEqual([jobs.open, third, fourth].sort());
    for (const jobId of [third, fourth]) expect((await visits(jobId)).length).toBeGreaterThan(2);
    expect(await visits(jobs.closed)).toHaveLength(2);
  });

  it("keeps one schedule of each system job however many workers start, however often", async () => {
    await Promise.all([scheduleSystemTasks(queues), scheduleSystemTasks(queues)]);
    await scheduleSystemTasks(queues);
    const queueNames = [...new Set(SYSTEM_TASKS.map((job) => job.queue))];
    try {
      for (const name of queueNames) {
        const schedulers = await queues.queue(name).getJobSchedulers();
        const expected = SYSTEM_TASKS.filter((job) => job.queue === name).map((job) =>
          expect.objectContaining({ key: job.id, pattern: job.pattern, tz: "UTC" }),
        );
        expect(schedulers.sort((a, b) => a.key.localeCompare(b.key))).toEqual(expect.arrayContaining(expected));
        expect(schedulers, name).toHaveLength(expected.length);
      }
    } finally {
      for (const job of SYSTEM_TASKS) await queues.queue(job.queue).removeJobScheduler(job.id);
    }
  });
});
