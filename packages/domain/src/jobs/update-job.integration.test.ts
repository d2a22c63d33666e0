import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant, type Database } from "@fieldops/db";
import type { CreateJobRequest, UpdateJobInput } from "@fieldops/shared/jobs";
import { createJobRequestSchema } from "@fieldops/shared/jobs";
import {
  createTestCompany,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { createTestCustomer, runAsOwner, storedJobStatus } from "../../../../tests/integration/use-case-fixtures.ts";
import { DomainError } from "../errors.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { createJob } from "./create-job.ts";
import { extendVisitHorizon } from "./extend-visit-horizon.ts";
import { updateJob } from "./update-job.ts";

let t: TestApp;
let app: Database;
let company: TestCompany;
let customerId: string;
let crewId: string;

/** Friday 1 March 2030, 7:00 in New York (the company's time zone). */
const NOW = new Date("2030-03-01T12:00:00Z");
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await startTestApp();
  app = t.runtime.context.db;
  company = await createTestCompany(t.db);
  customerId = await createTestCustomer(t.db, company.id);
  crewId = (await t.db.crew.create({ data: { companyId: company.id, name: "Crew A", color: "#16a34a", skills: [] } }))
    .id;
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

const asOwner = <Result>(work: (scope: TenantScope<UserActor>) => Promise<Result>) => runAsOwner(app, company, work);

const newJob = (request: Omit<CreateJobRequest, "customerId" | "title">) =>
  asOwner((scope) =>
    createJob(scope, {
      ...createJobRequestSchema.parse({ customerId, title: `Mowing ${randomUUID().slice(0, 6)}`, ...request }),
      now: NOW,
    }),
  ).then(({ result }) => result);

const edit = (jobId: string, input: UpdateJobInput, now = NOW) =>
  asOwner((scope) => updateJob(scope, { ...input, jobId, now }));

const storedStatus = (jobId: string) => storedJobStatus(t.db, jobId);

const visitsOf = (jobId: string) =>
  t.db.visit.findMany({ where: { jobId }, orderBy: [{ scheduledStart: { sort: "asc", nulls: "first" } }] });

describe("createJob", () => {
  it("gives the job's visits its length and arrival window: the one-off visit, and every visit a recurrence makes", async () => {
    const once = await newJob({ visitDurationMinutes: 45, arrivalWindowMinutes: 30 });
    expect(once).toMatchObject({ visitDurationMinutes: 45, arrivalWindowMinutes: 30 });
    expect(await visitsOf(once.id)).toMatchObject([
      { status: "unscheduled", durationMinutes: 45, arrivalWindowMinutes: 30 },
    ]);

    const weekly = await newJob({
      visitDurationMinutes: 90,
      arrivalWindowMinutes: 15,
      recurrence: { rule: "FREQ=WEEKLY;COUNT=3", start: "2030-03-04T14:00:00Z" },
    });
    const visits = await visitsOf(weekly.id);
    // 9:00 in New York each Monday, daylight-saving time from 10 March on.
    expect(visits.map((visit) => [visit.scheduledStart?.toISOString(), visit.scheduledEnd?.toISOString()])).toEqual([
      ["2030-03-04T14:00:00.000Z", "2030-03-04T15:30:00.000Z"],
      ["2030-03-11T13:00:00.000Z", "2030-03-11T14:30:00.000Z"],
      ["2030-03-18T13:00:00.000Z", "2030-03-18T14:30:00.000Z"],
    ]);
    expect(visits.every((visit) => visit.durationMinutes === 90 && visit.arrivalWindowMinutes === 15)).toBe(true);

    const untimed = await newJob({});
    expect(untimed).toMatchObject({ visitDurationMinutes: 60, arrivalWindowMinutes: null });
  });
});

describe("updateJob: the visits' length and arrival window", () => {
  it("reach every upcoming visit not started, not those started, done or past, and the visits generated later", async () => {
    const job = await newJob({ recurrence: { rule: "FREQ=WEEKLY", start: "2030-02-15T14:00:00Z" } });
    const before = await visitsOf(job.id);
    expect(before).toHaveLength(10);
    const [done, late, started] = before;
    await t.db.visit.update({
      where: { id: done!.id },
      data: { status: "completed", completedAt: done!.scheduledEnd },
    });
    await t.db.visit.update({ where: { id: started!.id }, data: { status: "in_progress", startedAt: NOW } });

    const { result, events } = await edit(job.id, { visitDurationMinutes: 90, arrivalWindowMinutes: 30 });

    expect(result).toMatchObject({ visitDurationMinutes: 90, arrivalWindowMinutes: 30 });
    // A visit under way, and the late one still the first booked: the bulk update moved no start.
    expect(await storedStatus(job.id)).toEqual({
      undatedStatus: "today",
      firstBookedStart: late!.scheduledStart!.toISOString(),
    });
    const after = await visitsOf(job.id);
    for (const kept of [done!, late!, started!]) {
      expect(after.find((visit) => visit.id === kept.id)).toMatchObject({
        durationMinutes: 60,
        arrivalWindowMinutes: null,
        scheduledEnd: kept.scheduledEnd,
        version: kept.version,
      });
    }
    const upcoming = after.filter((visit) => ![done!.id, late!.id, started!.id].includes(visit.id));
    expect(upcoming).toHaveLength(7);
    for (const visit of upcoming) {
      expect(visit).toMatchObject({ durationMinutes: 90, arrivalWindowMinutes: 30, version: 2 });
      expect(visit.scheduledEnd!.getTime() - visit.scheduledStart!.getTime()).toBe(1.5 * HOUR);
    }
    expect(result.notes.map((note) => note.body)).toEqual(
      expect.arrayContaining([
        "Visit length set to 90 min (7 upcoming visits changed)",
        "Arrival window set to ±30 min (7 upcoming visits changed)",
      ]),
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        name: "visits.changed",
        payload: expect.objectContaining({ visitIds: expect.arrayContaining(upcoming.map((visit) => visit.id)) }),
      }),
    );

    // The visits generated from now on take the job's new length and window too.
    await withTenant(app, company.id, (tx) =>
      extendVisitHorizon(tx, { jobId: job.id, now: new Date(NOW.getTime() + 21 * 24 * HOUR) }),
    );
    const generated = (await visitsOf(job.id)).filter((visit) => !after.some((known) => known.id === visit.id));
    expect(generated.length).toBeGreaterThan(0);
    for (const visit of generated) expect(visit).toMatchObject({ durationMinutes: 90, arrivalWindowMinutes: 30 });

    // Taking the window away again leaves the lengths as they are.
    const removed = await edit(job.id, { arrivalWindowMinutes: null });
    expect(removed.result.arrivalWindowMinutes).toBeNull();
    const latest = await visitsOf(job.id);
    expect(latest.filter((visit) => visit.arrivalWindowMinutes !== null).map((visit) => visit.id)).toEqual([]);
    expect(latest.filter((visit) => visit.durationMinutes === 90)).toHaveLength(upcoming.length + generated.length);
  });

  it("refuses a longer visit that would run into its crew's next booking, and changes nothing", async () => {
    const job = await newJob({ recurrence: { rule: "FREQ=DAILY;COUNT=1", start: "2030-03-05T14:00:00Z" } });
    const [visit] = await visitsOf(job.id);
    await t.db.visit.update({ where: { id: visit!.id }, data: { crewId } });
    const next = await newJob({ recurrence: { rule: "FREQ=DAILY;COUNT=1", start: "2030-03-05T15:00:00Z" } });
    const [booked] = await visitsOf(next.id);
    await t.db.visit.update({ where: { id: booked!.id }, data: { crewId } });

    const refused = await edit(job.id, { visitDurationMinutes: 90, title: "Renamed" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ kind: "conflict" });
    expect((refused as DomainError).message).toMatch(/Crew A/);
    expect(await t.db.visit.findUniqueOrThrow({ where: { id: visit!.id } })).toMatchObject({
      durationMinutes: 60,
      version: visit!.version,
    });
    expect(await t.db.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      visitDurationMinutes: 60,
      title: job.title,
    });

    // The same length fits once the visit has no crew to run into.
    await t.db.visit.update({ where: { id: booked!.id }, data: { crewId: null } });
    await edit(job.id, { visitDurationMinutes: 90 });
    expect((await t.db.visit.findUniqueOrThrow({ where: { id: visit!.id } })).durationMinutes).toBe(90);
  });
});

describe("updateJob: making a one-off job recurring", () => {
  it("adds the recurrence's visits from the first one, in place of the visit that waited for a time", async () => {
    const job = await newJob({ visitDurationMinutes: 45 });
    const [waiting] = await visitsOf(job.id);
    expect(await storedStatus(job.id)).toEqual({ undatedStatus: "unscheduled", firstBookedStart: null });

    const { result, events } = await edit(job.id, {
      recurrence: { rule: "FREQ=WEEKLY;COUNT=4", start: "2030-03-04T14:00:00Z" },
    });

    expect(result).toMatchObject({ recurring: true, recurrence: { rule: "FREQ=WEEKLY;COUNT=4" } });
    const visits = await visitsOf(job.id);
    expect(visits.map((visit) => visit.scheduledStart?.toISOString())).toEqual([
      "2030-03-04T14:00:00.000Z",
      "2030-03-11T13:00:00.000Z",
      "2030-03-18T13:00:00.000Z",
      "2030-03-25T13:00:00.000Z",
    ]);
    expect(visits.every((visit) => visit.status === "scheduled" && visit.durationMinutes === 45)).toBe(true);
    expect(visits.some((visit) => visit.id === waiting!.id)).toBe(false);
    // The waiting visit gone and the booked ones added, the job is upcoming from its first visit.
    expect(await storedStatus(job.id)).toEqual({
      undatedStatus: "upcoming",
      firstBookedStart: "2030-03-04T14:00:00.000Z",
    });
    expect(result.notes.at(-1)?.body).toBe("Made recurring: Every week, 4 visits from Mar 4, 2030, 9:00 AM EST");
    // The queue that showed the waiting visit hears it is gone.
    expect(events).toContainEqual(
      expect.objectContaining({
        name: "visits.changed",
        payload: expect.objectContaining({ visitIds: [waiting!.id] }),
      }),
    );
  });

  it("keeps the work already done and adds only the visits from now on when the first visit has passed", async () => {
    const job = await newJob({});
    const [done] = await visitsOf(job.id);
    await t.db.visit.update({
      where: { id: done!.id },
      data: { status: "completed", scheduledStart: new Date("2030-02-20T14:00:00Z"), completedAt: NOW },
    });

    await edit(job.id, { recurrence: { rule: "FREQ=WEEKLY;COUNT=20", start: "2030-02-01T15:00:00Z" } });

    const visits = await visitsOf(job.id);
    expect(visits[0]).toMatchObject({ id: done!.id, status: "completed" });
    const added = visits.slice(1);
    expect(added[0]!.scheduledStart!.toISOString()).toBe("2030-03-01T15:00:00.000Z");
    expect(added.every((visit) => visit.scheduledStart! > NOW)).toBe(true);
    expect(await storedStatus(job.id)).toEqual({
      undatedStatus: "upcoming",
      firstBookedStart: "2030-03-01T15:00:00.000Z",
    });
  });

  it("refuses a job that is recurring already or closed, and a rule finer than daily, and changes nothing", async () => {
    const weekly = await newJob({ recurrence: { rule: "FREQ=WEEKLY;COUNT=2", start: "2030-03-04T14:00:00Z" } });
    await expect(
      edit(weekly.id, { recurrence: { rule: "FREQ=DAILY", start: "2030-03-04T14:00:00Z" } }),
    ).rejects.toMatchObject({ kind: "conflict", field: "recurrence" });

    const closed = await newJob({});
    await edit(closed.id, { closed: true });
    await expect(
      edit(closed.id, { recurrence: { rule: "FREQ=WEEKLY", start: "2030-03-04T14:00:00Z" } }),
    ).rejects.toMatchObject({ kind: "conflict" });
    await expect(
      edit(closed.id, { closed: false, recurrence: { rule: "FREQ=HOURLY", start: "2030-03-04T14:00:00Z" } }),
    ).rejects.toMatchObject({ kind: "invalid_input", field: "recurrence.rule" });
    expect(await t.db.job.findUniqueOrThrow({ where: { id: closed.id } })).toMatchObject({ recurrence: null });
    expect(await visitsOf(closed.id)).toHaveLength(1);
  });
});
