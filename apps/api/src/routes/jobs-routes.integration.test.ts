import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "@fieldops/db";
import { extendVisitHorizon } from "@fieldops/domain/jobs/extend-visit-horizon";
import type { JobDetail, JobListResponse, Visit } from "@fieldops/shared/jobs";
import { canTransitionVisit, visitStatusSchema, type VisitStatus } from "@fieldops/shared/visit-lifecycle";
import {
  callApi,
  createTestCompany,
  signIn,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";

let t: TestApp;
let company: TestCompany;
let other: TestCompany;
let owner: string;
let member: string;
let fieldUser: string;
let otherOwner: string;
let customerId: string;
let crewId: string;
let otherCrewId: string;

const call = (method: string, path: string, token: string, body?: unknown) => callApi(t.url, method, path, token, body);

async function createCustomer(companyId: string, name = `Customer ${randomUUID().slice(0, 6)}`) {
  const row = await t.db.customer.create({
    data: {
      companyId,
      name,
      // What the customers use cases write, and what the customer pickers search.
      searchText: `${name} 1 main st boulder co 80302`.toLowerCase(),
      street: "1 Main St",
      city: "Boulder",
      region: "CO",
      postcode: "80302",
      latitude: 40,
      longitude: -105,
    },
  });
  return row.id;
}

async function createOneOff(title = "Fix the sprinkler", token = owner): Promise<JobDetail> {
  const response = await call("POST", "/api/jobs", token, {
    customerId,
    title,
    lineItems: [{ service: "Repair", quantity: 1.5, unitPriceCents: 8000, taxable: true }],
    checklist: [{ label: "Test every zone" }],
  });
  expect(response.status).toBe(201);
  return response.body as unknown as JobDetail;
}

/** A visit put straight into a status, with a time and this company's crew. */
async function visitIn(status: VisitStatus, crew = crewId): Promise<Visit> {
  const job = await createOneOff();
  const visit = job.visits[0]!;
  await t.db.visit.update({
    where: { id: visit.id },
    data: {
      status,
      crewId: crew,
      scheduledStart: new Date(Date.now() + 86_400_000),
      scheduledEnd: new Date(Date.now() + 90_000_000),
    },
  });
  return { ...visit, status };
}

beforeAll(async () => {
  t = await startTestApp();
  company = await createTestCompany(t.db);
  other = await createTestCompany(t.db);
  [owner, member, fieldUser, otherOwner] = await Promise.all([
    signIn(t.url, company.users.owner.email),
    signIn(t.url, company.users.member.email),
    signIn(t.url, company.users.field_user.email),
    signIn(t.url, other.users.owner.email),
  ]);
  customerId = await createCustomer(company.id, "Henderson Family");
  crewId = (await t.db.crew.create({ data: { companyId: company.id, name: "Crew A", color: "#16a34a", skills: [] } }))
    .id;
  otherCrewId = (
    await t.db.crew.create({ data: { companyId: company.id, name: "Crew B", color: "#2563eb", skills: [] } })
  ).id;
  await t.db.crewMember.create({ data: { crewId, userId: company.users.field_user.id, companyId: company.id } });
  // Both crews work around the clock, so that these tests can schedule at any time of the day they run.
  await t.db.crewWorkingHours.createMany({
    data: [crewId, otherCrewId].flatMap((crew) =>
      Array.from({ length: 7 }, (_, weekday) => ({
        crewId: crew,
        companyId: company.id,
        weekday,
        startMinute: 0,
        endMinute: 24 * 60,
      })),
    ),
  });
});
afterAll(() => t.close());

describe("POST /api/jobs", () => {
  it("creates a recurring job with its visits over the horizon, line items and checklist", async () => {
    const start = new Date(Date.now() + 2 * 86_400_000);
    start.setUTCHours(16, 0, 0, 0);
    const response = await call("POST", "/api/jobs", member, {
      customerId,
      title: "Weekly mowing",
      instructions: "Gate code 1234",
      recurrence: { rule: "FREQ=WEEKLY", start: start.toISOString() },
      visitDurationMinutes: 45,
      lineItems: [
        { service: "Mowing", quantity: 1, unitPriceCents: 4500, taxable: false },
        { service: "Edging", quantity: 2, unitPriceCents: 1250 },
      ],
      checklist: [{ label: "Close the gate" }],
    });
    expect(response.status).toBe(201);
    const job = response.body as unknown as JobDetail;
    expect(job).toMatchObject({
      title: "Weekly mowing",
      customerName: "Henderson Family",
      recurring: true,
      status: "upcoming",
      totalCents: 7000,
      instructions: "Gate code 1234",
    });
    expect(job.recurrence).toEqual({ rule: "FREQ=WEEKLY", start: start.toISOString() });
    expect(job.visits).toHaveLength(8);
    expect(
      job.visits.every(
        (visit) => visit.status === "scheduled" && visit.durationMinutes === 45 && visit.crewId === null,
      ),
    ).toBe(true);
    expect(job.visits[0]!.scheduledStart).toBe(start.toISOString());
    expect(job.checklist).toEqual([expect.objectContaining({ label: "Close the gate", done: false })]);
    expect(job.notes.map((note) => note.body)).toEqual([`Job #${job.number} created`]);
  });

  it("extends a recurring job's horizon idempotently", async () => {
    const start = new Date(Date.now() + 86_400_000);
    const created = (
      await call("POST", "/api/jobs", owner, {
        customerId,
        title: "Daily check",
        recurrence: { rule: "FREQ=DAILY", start: start.toISOString() },
      })
    ).body as unknown as JobDetail;
    expect(created.visits).toHaveLength(56);
    const db = t.runtime.context.db;
    expect(await withTenant(db, company.id, (tx) => extendVisitHorizon(tx, { jobId: created.id }))).toBe(0);
    const later = new Date(Date.now() + 60 * 86_400_000);
    const [first, second] = await Promise.all([
      withTenant(db, company.id, (tx) => extendVisitHorizon(tx, { jobId: created.id, until: later })),
      withTenant(db, company.id, (tx) => extendVisitHorizon(tx, { jobId: created.id, until: later })),
    ]);
    expect(first + second).toBe(4);
    expect(await t.db.visit.count({ where: { jobId: created.id } })).toBe(60);
  });

  it("creates a one-off job with one unscheduled visit", async () => {
    const job = await createOneOff();
    expect(job).toMatchObject({ recurring: false, status: "unscheduled", totalCents: 12000 });
    expect(job.visits.map((visit) => visit.status)).toEqual(["unscheduled"]);
    expect(job.serviceAddress).toEqual({
      address: "1 Main St, Boulder",
      latitude: 40,
      longitude: -105,
      locationPrecision: "manual",
    });
  });

  it("says where a job's work is when its customer's address has no location", async () => {
    await t.db.customer.update({
      where: { id: customerId },
      data: { latitude: null, longitude: null, locationPrecision: null },
    });
    try {
      const job = await createOneOff("Unlocated");
      expect(job.serviceAddress).toEqual({
        address: "1 Main St, Boulder",
        latitude: null,
        longitude: null,
        locationPrecision: null,
      });
    } finally {
      await t.db.customer.update({ where: { id: customerId }, data: { latitude: 40, longitude: -105 } });
    }
  });

  it("numbers concurrent jobs without gaps or duplicates", async () => {
    const jobs = await Promise.all(Array.from({ length: 8 }, (_, i) => createOneOff(`Parallel ${i}`)));
    const numbers = jobs.map((job) => job.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => numbers[0]! + i));
    const all = await t.db.job.findMany({
      where: { companyId: company.id },
      select: { number: true },
      orderBy: { number: "asc" },
    });
    expect(all.map((job) => job.number)).toEqual(all.map((_, i) => i + 1));
  });

  it("refuses a bad recurrence rule, another company's customer, and a field user", async () => {
    const bad = await call("POST", "/api/jobs", owner, {
      customerId,
      title: "x",
      recurrence: { rule: "FREQ=HOURLY", start: new Date().toISOString() },
    });
    expect(bad).toMatchObject({ status: 400, body: { field: "recurrence.rule" } });
    const foreign = await call("POST", "/api/jobs", otherOwner, { customerId, title: "x" });
    expect(foreign).toMatchObject({ status: 404, body: { message: "Customer not found" } });
    expect((await call("POST", "/api/jobs", fieldUser, { customerId, title: "x" })).status).toBe(403);
  });

  it("refuses a job over the plan's monthly limit, naming the plan that allows more", async () => {
    const starter = await createTestCompany(t.db, { planId: "starter" });
    const starterCustomer = await createCustomer(starter.id);
    await t.db.job.createMany({
      data: Array.from({ length: 50 }, (_, i) => ({
        companyId: starter.id,
        customerId: starterCustomer,
        number: i + 1,
        title: `Job ${i}`,
      })),
    });
    const token = await signIn(t.url, starter.users.owner.email);
    const refused = await call("POST", "/api/jobs", token, { customerId: starterCustomer, title: "One too many" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      "Your Starter plan allows 50 jobs a month and 50 were created this month. The Growth plan allows 200 jobs a month.",
    );
    expect(await t.db.job.count({ where: { companyId: starter.id } })).toBe(50);
  });

  it("speaks a plumbing company's words: its new job's note is a Service Call, and its limit counts service calls", async () => {
    const plumber = await createTestCompany(t.db, { planId: "starter" });
    await t.db.company.update({ where: { id: plumber.id }, data: { industry: "plumbing", verticalId: "plumbing" } });
    const plumberCustomer = await createCustomer(plumber.id);
    const token = await signIn(t.url, plumber.users.owner.email);
    const created = (await call("POST", "/api/jobs", token, { customerId: plumberCustomer, title: "Fix the drain" }))
      .body as unknown as JobDetail;
    expect(created.notes.map((note) => note.body)).toEqual([`Service Call #${created.number} created`]);
    await t.db.job.createMany({
      data: Array.from({ length: 49 }, (_, i) => ({
        companyId: plumber.id,
        customerId: plumberCustomer,
        number: created.number + i + 1,
        title: `Call ${i}`,
      })),
    });
    const refused = await call("POST", "/api/jobs", token, { customerId: plumberCustomer, title: "One too many" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      "Your Starter plan allows 50 service calls a month and 50 were created this month. The Growth plan allows 200 service calls a month.",
    );
  });
});

describe("GET /api/jobs and /api/jobs/:id", () => {
  it("filters by status, crew, date range and search, and pages by cursor", async () => {
    const searched = await createOneOff("Unique hedge trimming");
    const list = (query: string, token = owner) =>
      call("GET", `/api/jobs?${query}`, token).then((r) => r.body as unknown as JobListResponse);
    expect((await list("search=hedge%20trim")).items.map((job) => job.id)).toEqual([searched.id]);
    expect((await list(`search=${searched.number}`)).items.map((job) => job.id)).toContain(searched.id);

    const late = await visitIn("dispatched");
    await t.db.visit.update({
      where: { id: late.id },
      data: { scheduledStart: new Date(Date.now() - 3 * 86_400_000) },
    });
    const lateJobs = (await list("status=late")).items;
    expect(lateJobs.map((job) => job.id)).toEqual([late.jobId]);

    const crewJobs = (await list(`crewId=${otherCrewId}`)).items;
    const onOtherCrew = await visitIn("scheduled", otherCrewId);
    expect((await list(`crewId=${otherCrewId}`)).items.map((job) => job.id)).toEqual([
      onOtherCrew.jobId,
      ...crewJobs.map((job) => job.id),
    ]);

    const from = new Date(Date.now() - 4 * 86_400_000).toISOString();
    const to = new Date(Date.now() - 2 * 86_400_000).toISOString();
    expect(
      (await list(`from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)).items.map((job) => job.id),
    ).toEqual([late.jobId]);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: JobListResponse = await list(`limit=7${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.items.map((job) => job.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(await t.db.job.count({ where: { companyId: company.id } }));
  });

  it("derives the same status in the list as in the job", async () => {
    const jobs = (await call("GET", "/api/jobs?limit=100", owner)).body as unknown as JobListResponse;
    const statuses = new Set<string>();
    for (const summary of jobs.items.slice(0, 30)) {
      const detail = (await call("GET", `/api/jobs/${summary.id}`, owner)).body as unknown as JobDetail;
      expect(summary.status, summary.title).toBe(detail.status);
      statuses.add(detail.status);
    }
    expect(statuses.size).toBeGreaterThan(2);
  });

  it("offers the company's own customers to pick, by name", async () => {
    const found = await call("GET", "/api/jobs/customer-options?search=hender", member);
    expect(found.body).toEqual({ items: [{ id: customerId, name: "Henderson Family" }] });
    expect((await call("GET", "/api/jobs/customer-options?search=hender", otherOwner)).body).toEqual({ items: [] });
    expect((await call("GET", "/api/jobs/customer-options", fieldUser)).status).toBe(403);
  });

  it("answers 404 for another company's job and 403 for a field user", async () => {
    const job = await createOneOff();
    expect((await call("GET", `/api/jobs/${job.id}`, otherOwner)).status).toBe(404);
    expect((await call("GET", `/api/jobs/${job.id}/visits`, otherOwner)).status).toBe(404);
    expect((await call("PATCH", `/api/jobs/${job.id}`, otherOwner, { title: "Mine now" })).status).toBe(404);
    expect((await call("GET", `/api/jobs/${job.id}`, fieldUser)).status).toBe(403);
    expect((await call("GET", "/api/jobs", fieldUser)).status).toBe(403);
    expect((await call("GET", "/api/jobs", otherOwner)).body).toMatchObject({ items: [] });
  });

  it("edits a job, replaces its line items, closes it and keeps the history", async () => {
    const job = await createOneOff();
    const edited = await call("PATCH", `/api/jobs/${job.id}`, member, {
      title: "Fix two sprinklers",
      lineItems: [{ service: "Repair", quantity: 2, unitPriceCents: 8000 }],
      closed: true,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: "Fix two sprinklers", totalCents: 16000, status: "closed" });
    const note = await call("POST", `/api/jobs/${job.id}/notes`, owner, { body: "Customer asked for mornings" });
    expect(note.status).toBe(201);
    const detail = (await call("GET", `/api/jobs/${job.id}`, owner)).body as unknown as JobDetail;
    expect(detail.notes.map((n) => n.body)).toEqual([
      `Job #${job.number} created`,
      "Job closed",
      "Customer asked for mornings",
    ]);
  });
});

describe("PATCH /api/jobs/:id: visit length, arrival window, made recurring", () => {
  it("changes the upcoming visits for a member, and refuses a field user and another company, changing nothing", async () => {
    const job = await createOneOff();
    const start = new Date(Date.now() + 7 * 86_400_000);
    start.setUTCMinutes(0, 0, 0);
    const edit = {
      visitDurationMinutes: 90,
      arrivalWindowMinutes: 30,
      recurrence: { rule: "FREQ=WEEKLY;COUNT=3", start: start.toISOString() },
    };

    expect((await call("PATCH", `/api/jobs/${job.id}`, fieldUser, edit)).status).toBe(403);
    expect((await call("PATCH", `/api/jobs/${job.id}`, otherOwner, edit)).status).toBe(404);
    expect(await t.db.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      recurrence: null,
      visitDurationMinutes: 60,
      arrivalWindowMinutes: null,
    });
    expect((await call("PATCH", `/api/jobs/${job.id}`, member, { arrivalWindowMinutes: 1 })).body).toMatchObject({
      field: "arrivalWindowMinutes",
    });

    const edited = await call("PATCH", `/api/jobs/${job.id}`, member, edit);
    expect(edited.status).toBe(200);
    const detail = edited.body as unknown as JobDetail;
    expect(detail).toMatchObject({ recurring: true, visitDurationMinutes: 90, arrivalWindowMinutes: 30 });
    // Three weekly visits from the first (each 9:00 or whatever the first's wall-clock time is, across any DST change).
    expect(detail.visits.map((visit) => [visit.status, visit.durationMinutes])).toEqual([
      ["scheduled", 90],
      ["scheduled", 90],
      ["scheduled", 90],
    ]);
    expect(detail.visits[0]!.scheduledStart).toBe(start.toISOString());
    // Recurring already: the recurrence is not edited.
    expect((await call("PATCH", `/api/jobs/${job.id}`, member, edit)).status).toBe(409);
  });
});

describe("visits", () => {
  it("schedules a visit on a crew, and refuses a stale version", async () => {
    const job = await createOneOff();
    const visit = job.visits[0]!;
    const start = new Date(new Date(Date.now() + 86_400_000).setUTCHours(15, 0, 0, 0)).toISOString();
    const scheduled = await call("POST", `/api/visits/${visit.id}/schedule`, member, {
      crewId,
      start,
      durationMinutes: 90,
      version: visit.version,
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body).toMatchObject({
      status: "scheduled",
      crewId,
      crewName: "Crew A",
      scheduledStart: start,
      durationMinutes: 90,
      version: visit.version + 1,
    });
    const second = await call("POST", `/api/visits/${visit.id}/schedule`, owner, {
      crewId: otherCrewId,
      start,
      durationMinutes: 90,
      version: visit.version,
    });
    expect(second).toMatchObject({ status: 409, body: { field: "version" } });
    expect((await t.db.visit.findUniqueOrThrow({ where: { id: visit.id } })).crewId).toBe(crewId);
  });

  it("lets only one of two concurrent moves of the same version win", async () => {
    const visit = await visitIn("scheduled");
    const results = await Promise.all(
      [crewId, otherCrewId].map((crew) =>
        call("POST", `/api/visits/${visit.id}/schedule`, owner, {
          crewId: crew,
          start: new Date(new Date().setUTCHours(17, 0, 0, 0)).toISOString(),
          durationMinutes: 30,
          version: visit.version,
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("refuses scheduling onto another company's crew, and another company's visit", async () => {
    const foreignCrew = (
      await t.db.crew.create({ data: { companyId: other.id, name: "Theirs", color: "#000000", skills: [] } })
    ).id;
    const visit = await visitIn("scheduled");
    const body = { crewId: foreignCrew, start: new Date().toISOString(), durationMinutes: 30, version: visit.version };
    expect(await call("POST", `/api/visits/${visit.id}/schedule`, owner, body)).toMatchObject({
      status: 404,
      body: { message: "Crew not found" },
    });
    expect((await call("POST", `/api/visits/${visit.id}/schedule`, otherOwner, { ...body, crewId: null })).status).toBe(
      404,
    );
    expect(
      (await call("POST", `/api/visits/${visit.id}/transition`, otherOwner, { to: "canceled", version: visit.version }))
        .status,
    ).toBe(404);
    expect((await call("GET", `/api/visits/${visit.id}`, otherOwner)).status).toBe(404);
  });

  const pairs = visitStatusSchema.options.flatMap((from) => visitStatusSchema.options.map((to) => [from, to] as const));
  it.each(pairs)("a visit that is %s moving to %s is allowed only by the lifecycle", async (from, to) => {
    const visit = await visitIn(from);
    const response = await call("POST", `/api/visits/${visit.id}/transition`, owner, { to, version: visit.version });
    if (canTransitionVisit(from, to)) {
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body).toMatchObject({ status: to, version: visit.version + 1 });
      if (to === "unscheduled") expect(response.body).toMatchObject({ crewId: null, scheduledStart: null });
    } else {
      expect(response).toMatchObject({ status: 409, body: { field: "to" } });
      expect((await t.db.visit.findUniqueOrThrow({ where: { id: visit.id } })).status).toBe(from);
    }
  });

  it("refuses a transition on a stale version", async () => {
    const visit = await visitIn("scheduled");
    expect(
      (await call("POST", `/api/visits/${visit.id}/transition`, owner, { to: "dispatched", version: visit.version }))
        .status,
    ).toBe(200);
    expect(
      await call("POST", `/api/visits/${visit.id}/transition`, member, { to: "canceled", version: visit.version }),
    ).toMatchObject({ status: 409, body: { field: "version" } });
  });

  it("lists a field user only their own crews' visits, and a manager all of the company's", async () => {
    const own = await visitIn("dispatched");
    const theirs = await visitIn("dispatched", otherCrewId);
    const range = `from=${encodeURIComponent(new Date().toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 2 * 86_400_000).toISOString())}&limit=500`;
    const ids = async (token: string) =>
      ((await call("GET", `/api/visits?${range}`, token)).body as { items: Visit[] }).items.map((visit) => visit.id);
    const fieldIds = await ids(fieldUser);
    expect(fieldIds).toContain(own.id);
    expect(fieldIds).not.toContain(theirs.id);
    expect(await ids(owner)).toEqual(expect.arrayContaining([own.id, theirs.id]));
    expect(await ids(otherOwner)).toEqual([]);
  });

  it("lets a field user read, start and complete their own crew's visits and nothing else", async () => {
    const own = await visitIn("dispatched");
    expect((await call("GET", `/api/visits/${own.id}`, fieldUser)).status).toBe(200);
    const started = await call("POST", `/api/visits/${own.id}/transition`, fieldUser, {
      to: "in_progress",
      version: own.version,
    });
    expect(started).toMatchObject({ status: 200, body: { status: "in_progress" } });
    expect(
      await call("POST", `/api/visits/${own.id}/transition`, fieldUser, { to: "completed", version: own.version + 1 }),
    ).toMatchObject({ status: 200, body: { status: "completed" } });

    const mine = await visitIn("scheduled");
    expect(
      (await call("POST", `/api/visits/${mine.id}/transition`, fieldUser, { to: "canceled", version: mine.version }))
        .status,
    ).toBe(403);
    expect(
      (
        await call("POST", `/api/visits/${mine.id}/schedule`, fieldUser, {
          crewId,
          start: new Date().toISOString(),
          durationMinutes: 30,
          version: mine.version,
        })
      ).status,
    ).toBe(403);

    const theirs = await visitIn("dispatched", otherCrewId);
    expect((await call("GET", `/api/visits/${theirs.id}`, fieldUser)).status).toBe(403);
    expect(
      (
        await call("POST", `/api/visits/${theirs.id}/transition`, fieldUser, {
          to: "in_progress",
          version: theirs.version,
        })
      ).status,
    ).toBe(403);
    expect((await t.db.visit.findUniqueOrThrow({ where: { id: theirs.id } })).status).toBe("dispatched");
  });
});
