import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FieldVisit, FieldVisitsResponse } from "@fieldops/shared/field-app";
import { OFFLINE_ACTION_MAX_AGE_DAYS, type Visit } from "@fieldops/shared/jobs";
import {
  callApi,
  createTestCompany,
  signIn,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { createTestCustomer } from "../../../../tests/integration/use-case-fixtures.ts";
import { openSocket } from "../../../../tests/integration/test-socket.ts";

let t: TestApp;
let company: TestCompany;
let other: TestCompany;
const tokens: Record<string, string> = {};
/** A visit today on the field user's crew, and one on another crew of the same company. */
let visit: { id: string; jobId: string; itemIds: string[] };
let otherCrewVisit: { id: string; jobId: string; itemIds: string[] };
/** The field user's crew (a user is on one crew). */
let fieldCrewId: string;

/** A job with a checklist and one visit starting in an hour on `crewId`, written as the schema owner. */
async function visitOn(companyId: string, crewId: string) {
  const customerId = await createTestCustomer(t.db, companyId, `Field Customer ${randomUUID().slice(0, 6)}`);
  const job = await t.db.job.create({
    data: {
      companyId,
      customerId,
      number: 100_000 + Math.floor(Math.random() * 800_000),
      title: "Spring cleanup",
      instructions: "Mind the tulips",
      checklist: {
        create: ["Rake the beds", "Bag the clippings"].map((label, position) => ({ companyId, label, position })),
      },
    },
    include: { checklist: { orderBy: { position: "asc" } } },
  });
  const start = new Date(Date.now() + 3600_000);
  const created = await t.db.visit.create({
    data: {
      companyId,
      jobId: job.id,
      crewId,
      status: "dispatched",
      scheduledStart: start,
      scheduledEnd: new Date(start.getTime() + 3600_000),
    },
  });
  return { id: created.id, jobId: job.id, itemIds: job.checklist.map((item) => item.id) };
}

async function crewOf(companyId: string, userId: string | null) {
  const crew = await t.db.crew.create({
    data: { companyId, name: `Crew ${randomUUID().slice(0, 6)}`, color: "#16a34a" },
  });
  if (userId) await t.db.crewMember.create({ data: { crewId: crew.id, userId, companyId } });
  return crew.id;
}

/** Calls the API with an Idempotency-Key, as the field app does. */
async function act<T = FieldVisit>(method: string, path: string, token: string, body: unknown, key: string) {
  const response = await fetch(`${t.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "idempotency-key": key },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T & { message?: string } };
}

beforeAll(async () => {
  t = await startTestApp();
  company = await createTestCompany(t.db);
  other = await createTestCompany(t.db);
  fieldCrewId = await crewOf(company.id, company.users.field_user.id);
  visit = await visitOn(company.id, fieldCrewId);
  otherCrewVisit = await visitOn(company.id, await crewOf(company.id, null));
  tokens.field = await signIn(t.url, company.users.field_user.email);
  tokens.owner = await signIn(t.url, company.users.owner.email);
  tokens.otherOwner = await signIn(t.url, other.users.owner.email);
});
afterAll(async () => {
  await t.close();
});

describe("the field app's visits", () => {
  it("lists the field user's crew's visits with what is needed on site, and no other crew's", async () => {
    const { status, body } = await callApi<FieldVisitsResponse>(t.url, "GET", "/api/field/visits", tokens.field!);
    expect(status).toBe(200);
    expect(body.visits.map((entry) => entry.id)).toEqual([visit.id]);
    expect(body.visits[0]).toMatchObject({
      instructions: "Mind the tulips",
      checklist: [
        { label: "Rake the beds", done: false },
        { label: "Bag the clippings", done: false },
      ],
      // A job without a property of its own: the crew goes to the customer's address.
      property: { address: "1 Main St, Boulder, CO 80302", latitude: 40, longitude: -105, gateCode: null },
    });
  });

  it("shows a visit to its crew, refuses another crew's (403) and another company's (404)", async () => {
    expect((await callApi(t.url, "GET", `/api/field/visits/${visit.id}`, tokens.field!)).status).toBe(200);
    const refused = await callApi(t.url, "GET", `/api/field/visits/${otherCrewVisit.id}`, tokens.field!);
    expect(refused).toEqual({ status: 403, body: { message: "This visit is not assigned to your crew" } });
    expect((await callApi(t.url, "GET", `/api/field/visits/${visit.id}`, tokens.otherOwner!)).status).toBe(404);
  });
});

describe("ticking a checklist item", () => {
  it("ticks once per Idempotency-Key: a replay after an untick does not tick it again, and the office hears of it", async () => {
    const office = await openSocket(t.url, tokens.owner!);
    const path = `/api/field/visits/${visit.id}/checklist/${visit.itemIds[0]}`;
    const tickKey = randomUUID();
    const ticked = await act("PUT", path, tokens.field!, { done: true }, tickKey);
    expect(ticked.status).toBe(200);
    expect(ticked.body.checklist[0]).toMatchObject({ label: "Rake the beds", done: true });
    await office.next(
      (message) =>
        message.type === "event" &&
        message.event.name === "jobs.changed" &&
        message.event.payload.jobIds.includes(visit.jobId),
    );
    office.socket.close();

    const unticked = await act("PUT", path, tokens.field!, { done: false }, randomUUID());
    expect(unticked.body.checklist[0]!.done).toBe(false);
    const replayed = await act("PUT", path, tokens.field!, { done: true }, tickKey);
    expect(replayed.status).toBe(200);
    expect(replayed.body.checklist[0]!.done).toBe(false);
    const stored = await t.db.jobChecklistItem.findUniqueOrThrow({ where: { id: visit.itemIds[0]! } });
    expect(stored.done).toBe(false);
  });

  it("refuses a field user not on the crew (403) and another company (404), changing nothing", async () => {
    const path = `/api/field/visits/${otherCrewVisit.id}/checklist/${otherCrewVisit.itemIds[0]}`;
    const refused = await act("PUT", path, tokens.field!, { done: true }, randomUUID());
    expect(refused).toEqual({ status: 403, body: { message: "This visit is not assigned to your crew" } });
    const foreign = await act("PUT", path, tokens.otherOwner!, { done: true }, randomUUID());
    expect(foreign.status).toBe(404);
    const stored = await t.db.jobChecklistItem.findUniqueOrThrow({ where: { id: otherCrewVisit.itemIds[0]! } });
    expect(stored.done).toBe(false);
  });

  it("refuses an item of another job (404) and a request without an Idempotency-Key (400)", async () => {
    const wrongItem = await act(
      "PUT",
      `/api/field/visits/${visit.id}/checklist/${otherCrewVisit.itemIds[0]}`,
      tokens.field!,
      { done: true },
      randomUUID(),
    );
    expect(wrongItem).toEqual({ status: 404, body: { message: "Checklist item not found" } });
    const unkeyed = await callApi(
      t.url,
      "PUT",
      `/api/field/visits/${visit.id}/checklist/${visit.itemIds[1]}`,
      tokens.field!,
      { done: true },
    );
    expect(unkeyed.status).toBe(400);
    const stored = await t.db.jobChecklistItem.findUniqueOrThrow({ where: { id: visit.itemIds[1]! } });
    expect(stored.done).toBe(false);
  });
});

describe("adding a note", () => {
  it("adds the note once however often the request is replayed, concurrent replays included", async () => {
    const key = randomUUID();
    const path = `/api/field/visits/${visit.id}/notes`;
    const answers = await Promise.all(
      [1, 2, 3].map(() => act("POST", path, tokens.field!, { body: "Side gate was locked; used the back" }, key)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    for (const answer of answers) {
      expect(answer.body.notes.map((note) => note.body)).toEqual(["Side gate was locked; used the back"]);
      expect(answer.body.notes[0]!.authorName).toMatch(/^field_user /);
    }
    const stored = await t.db.jobNote.findMany({ where: { jobId: visit.jobId, kind: "note" } });
    expect(stored).toHaveLength(1);
    // The office's job page reads the same note.
    const job = await callApi<{ notes: { body: string }[] }>(t.url, "GET", `/api/jobs/${visit.jobId}`, tokens.owner!);
    expect(job.body.notes.map((note) => note.body)).toContain("Side gate was locked; used the back");
  });

  it("refuses a key used for another action (409), another crew's visit (403), another company (404)", async () => {
    const key = randomUUID();
    await act("POST", `/api/field/visits/${visit.id}/notes`, tokens.field!, { body: "First" }, key);
    const reused = await act(
      "PUT",
      `/api/field/visits/${visit.id}/checklist/${visit.itemIds[1]}`,
      tokens.field!,
      { done: true },
      key,
    );
    expect(reused.status).toBe(409);
    const notOnCrew = await act(
      "POST",
      `/api/field/visits/${otherCrewVisit.id}/notes`,
      tokens.field!,
      { body: "Hello" },
      randomUUID(),
    );
    expect(notOnCrew.status).toBe(403);
    const foreign = await act(
      "POST",
      `/api/field/visits/${visit.id}/notes`,
      tokens.otherOwner!,
      { body: "Hello" },
      randomUUID(),
    );
    expect(foreign.status).toBe(404);
    expect(await t.db.jobNote.count({ where: { jobId: otherCrewVisit.jobId, kind: "note" } })).toBe(0);
    expect(await t.db.jobNote.count({ where: { jobId: visit.jobId, body: "Hello" } })).toBe(0);
  });
});

describe("the drive between stops", () => {
  it("estimates the drive to each visit from the crew's visit before it that day", async () => {
    const first = await visitOn(company.id, fieldCrewId);
    const second = await visitOn(company.id, fieldCrewId);
    const secondJob = await t.db.job.findUniqueOrThrow({ where: { id: second.jobId } });
    // About 5.6 km further north.
    await t.db.customer.update({ where: { id: secondJob.customerId }, data: { latitude: 40.05, longitude: -105 } });
    const firstStart = (await t.db.visit.findUniqueOrThrow({ where: { id: first.id } })).scheduledStart!;
    await t.db.visit.update({
      where: { id: second.id },
      data: {
        scheduledStart: new Date(firstStart.getTime() + 2 * 3600_000),
        scheduledEnd: new Date(firstStart.getTime() + 3 * 3600_000),
      },
    });
    const { body } = await callApi<FieldVisitsResponse>(t.url, "GET", "/api/field/visits", tokens.field!);
    const leg = body.legs.find((entry) => entry.toVisitId === second.id);
    // Straight line (5.56 km) times the road factor 1.3, at 40 km/h.
    expect(leg?.distanceMeters).toBeCloseTo(5560 * 1.3, -2);
    expect(leg?.driveSeconds).toBeCloseTo((5560 * 1.3) / (40_000 / 3600), -1);
    // The crew's first stop of the day has no drive before it.
    const firstOfDay = body.visits.find((entry) => entry.crewId === fieldCrewId)!;
    expect(body.legs.find((entry) => entry.toVisitId === firstOfDay.id)).toBeUndefined();
  });
});

describe("a start and a completion recorded offline", () => {
  it("keep the times the crew recorded, apply once per key, and refuse a time in the future or too long ago", async () => {
    const offline = await visitOn(company.id, fieldCrewId);
    const path = `/api/visits/${offline.id}/transition`;
    const transition = (body: Record<string, unknown>, key?: string) =>
      key
        ? act<Visit>("POST", path, tokens.field!, body, key)
        : callApi<Visit>(t.url, "POST", path, tokens.field!, body);
    const startedAt = new Date(Date.now() - 95 * 60_000);
    const completedAt = new Date(Date.now() - 20 * 60_000);

    const future = await transition({ to: "in_progress", version: 1, occurredAt: new Date(Date.now() + 3600_000) });
    expect(future.status).toBe(400);
    const tooOld = new Date(Date.now() - (OFFLINE_ACTION_MAX_AGE_DAYS + 1) * 86_400_000).toISOString();
    expect((await transition({ to: "in_progress", version: 1, occurredAt: tooOld })).status).toBe(400);
    expect((await t.db.visit.findUniqueOrThrow({ where: { id: offline.id } })).status).toBe("dispatched");

    const startKey = randomUUID();
    const started = await transition({ to: "in_progress", version: 1, occurredAt: startedAt.toISOString() }, startKey);
    expect(started.status).toBe(200);
    const completeKey = randomUUID();
    const complete = { to: "completed", version: 2, occurredAt: completedAt.toISOString() };
    const completed = await transition(complete, completeKey);
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({
      status: "completed",
      startedAt: startedAt.toISOString(),
      completedAt: completedAt.toISOString(),
    });
    // The queue sends the start and the completion again (their answers were lost): each is answered as applied, and
    // nothing changes; the same move without its key is refused, the visit having moved on.
    const replays = await Promise.all([
      transition({ to: "in_progress", version: 1, occurredAt: startedAt.toISOString() }, startKey),
      transition(complete, completeKey),
      transition(complete, completeKey),
    ]);
    expect(replays.map((replay) => [replay.status, replay.body.status, replay.body.version])).toEqual([
      [200, "completed", 3],
      [200, "completed", 3],
      [200, "completed", 3],
    ]);
    expect((await transition(complete)).status).toBe(409);
    const moves = await t.db.jobNote.count({ where: { jobId: offline.jobId, kind: "event" } });
    expect(moves).toBe(2);
  });
});

describe("the field app's messages", () => {
  it("shows the crew the conversations of the customers it visits, and not others'", async () => {
    const [mine, theirs] = await Promise.all(
      [visit.jobId, otherCrewVisit.jobId].map((id) => t.db.job.findUniqueOrThrow({ where: { id } })),
    );
    for (const job of [mine!, theirs!]) {
      const thread = await t.db.messageThread.create({
        data: { companyId: company.id, key: `customer:${job.customerId}`, customerId: job.customerId, unreadCount: 1 },
      });
      await t.db.threadMessage.create({
        data: {
          companyId: company.id,
          threadId: thread.id,
          direction: "inbound",
          channel: "sms",
          body: job.id === visit.jobId ? "Gate code changed to 1357" : "Not yours",
        },
      });
    }
    const { status, body } = await callApi<{
      threads: { customerName: string; messages: { body: string }[] }[];
      unreadTotal: number;
    }>(t.url, "GET", "/api/field/messages", tokens.field!);
    expect(status).toBe(200);
    expect(body.threads.map((thread) => thread.messages.map((message) => message.body))).toEqual([
      ["Gate code changed to 1357"],
    ]);
    expect(body.unreadTotal).toBe(1);
  });
});
