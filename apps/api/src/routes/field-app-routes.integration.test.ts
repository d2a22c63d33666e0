import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FIELD_FILE_MAX_BYTES,
  FIELD_UPLOAD_CHUNK_BYTES,
  type FieldNoteResult,
  type FieldUpload,
  type FieldVisit,
  type FieldVisitsResponse,
  type VisitFile,
} from "@fieldops/shared/field-app";
import { addDays, dayInTimeZone, startOfDayInTimeZone } from "@fieldops/shared/company-time";
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

/** Waits for the office's socket to hear that the job changed, then closes it. */
async function hearsJobChanged(office: Awaited<ReturnType<typeof openSocket>>, jobId: string) {
  await office.next(
    (message) =>
      message.type === "event" && message.event.name === "jobs.changed" && message.event.payload.jobIds.includes(jobId),
  );
  office.socket.close();
}

beforeAll(async () => {
  t = await startTestApp({ FIELDOPS_DATA_DIR: mkdtempSync(join(tmpdir(), "fieldops-files-")) });
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
    await hearsJobChanged(office, visit.jobId);

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
      [1, 2, 3].map(() =>
        act<FieldNoteResult>("POST", path, tokens.field!, { body: "Side gate was locked; used the back" }, key),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    for (const { body } of answers) {
      expect(body.movedAway).toBeNull();
      expect(body.visit!.notes.map((note) => note.body)).toEqual(["Side gate was locked; used the back"]);
      expect(body.visit!.notes[0]!.authorName).toMatch(/^field_user /);
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
    // Tomorrow at 9 and at 11 in the company's time zone: "an hour from now" is tomorrow late in the evening.
    const { timeZone } = await t.db.company.findUniqueOrThrow({ where: { id: company.id } });
    const tomorrow = startOfDayInTimeZone(addDays(dayInTimeZone(new Date(), timeZone), 1), timeZone).getTime();
    for (const [moved, hour] of [
      [first, 9],
      [second, 11],
    ] as const) {
      await t.db.visit.update({
        where: { id: moved.id },
        data: {
          scheduledStart: new Date(tomorrow + hour * 3600_000),
          scheduledEnd: new Date(tomorrow + (hour + 1) * 3600_000),
        },
      });
    }
    const { body } = await callApi<FieldVisitsResponse>(t.url, "GET", "/api/field/visits", tokens.field!);
    const leg = body.legs.find((entry) => entry.toVisitId === second.id);
    // Straight line (5.56 km) times the road factor 1.3, at 40 km/h.
    expect(leg?.distanceMeters).toBeCloseTo(5560 * 1.3, -2);
    expect(leg?.driveSeconds).toBeCloseTo((5560 * 1.3) / (40_000 / 3600), -1);
    expect(leg?.source).toBe("straight_line");
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

/** An image's bytes: the type's signature, then noise (the server checks the first bytes, not the picture). */
function imageBytes(type: "png" | "jpeg", size: number): Buffer {
  const head =
    type === "png" ? Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) : Buffer.from([0xff, 0xd8, 0xff]);
  return Buffer.concat([head, randomBytes(size - head.length)]);
}

const takenAt = () => new Date(Date.now() - 10 * 60_000).toISOString();

async function readFile(path: string, token: string) {
  const response = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe("photos and the customer's signature", () => {
  it("stores a small photo sent whole once per Idempotency-Key, serves it, and tells the office's job page", async () => {
    const office = await openSocket(t.url, tokens.owner!);
    const bytes = imageBytes("png", 2000);
    const key = randomUUID();
    const body = {
      kind: "photo",
      contentType: "image/png",
      size: bytes.length,
      takenAt: takenAt(),
      dataBase64: bytes.toString("base64"),
    };
    const path = `/api/field/visits/${visit.id}/uploads`;
    const [first, second] = await Promise.all([
      act<FieldUpload>("POST", path, tokens.field!, body, key),
      act<FieldUpload>("POST", path, tokens.field!, body, key),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.id).toBe(first.body.id);
    expect(first.body).toMatchObject({
      offset: bytes.length,
      size: bytes.length,
      file: { kind: "photo", takenByName: expect.stringMatching(/^field_user /) },
    });
    expect(await t.db.visitFile.count({ where: { visitId: visit.id, idempotencyKey: key } })).toBe(1);
    await hearsJobChanged(office, visit.jobId);

    const served = await readFile(first.body.file!.url, tokens.owner!);
    expect(served).toMatchObject({ status: 200, type: "image/png" });
    expect(served.bytes.equals(bytes)).toBe(true);
    const jobFiles = await callApi<{ files: VisitFile[] }>(
      t.url,
      "GET",
      `/api/jobs/${visit.jobId}/files`,
      tokens.owner!,
    );
    expect(jobFiles.body.files.map((file) => file.id)).toContain(first.body.id);
    const shown = await callApi<FieldVisit>(t.url, "GET", `/api/field/visits/${visit.id}`, tokens.field!);
    expect(shown.body.files.map((file) => file.id)).toContain(first.body.id);
  });

  it("takes a large photo in chunks and resumes from the server's offset after a lost connection", async () => {
    const bytes = imageBytes("jpeg", FIELD_UPLOAD_CHUNK_BYTES * 2 + 1234);
    const key = randomUUID();
    const body = { kind: "photo", contentType: "image/jpeg", size: bytes.length, takenAt: takenAt() };
    const created = await act<FieldUpload>("POST", `/api/field/visits/${visit.id}/uploads`, tokens.field!, body, key);
    expect(created.body).toMatchObject({ offset: 0, size: bytes.length, file: null });
    const chunk = (offset: number) => ({
      offset,
      dataBase64: bytes.subarray(offset, offset + FIELD_UPLOAD_CHUNK_BYTES).toString("base64"),
    });
    const uploadPath = `/api/field/uploads/${created.body.id}`;
    const sent = await callApi<FieldUpload>(t.url, "PATCH", uploadPath, tokens.field!, chunk(0));
    expect(sent.body.offset).toBe(FIELD_UPLOAD_CHUNK_BYTES);
    // The answer was lost: the device sends the same chunk again, and is told where the server is.
    const again = await callApi(t.url, "PATCH", uploadPath, tokens.field!, chunk(0));
    expect(again.status).toBe(409);
    expect((await callApi<FieldUpload>(t.url, "GET", uploadPath, tokens.field!)).body.offset).toBe(
      FIELD_UPLOAD_CHUNK_BYTES,
    );
    // The queue replays the action from its start: the same upload, at the same offset.
    const replayed = await act<FieldUpload>("POST", `/api/field/visits/${visit.id}/uploads`, tokens.field!, body, key);
    expect(replayed.body).toMatchObject({ id: created.body.id, offset: FIELD_UPLOAD_CHUNK_BYTES, file: null });
    await callApi(t.url, "PATCH", uploadPath, tokens.field!, chunk(FIELD_UPLOAD_CHUNK_BYTES));
    const done = await callApi<FieldUpload>(
      t.url,
      "PATCH",
      uploadPath,
      tokens.field!,
      chunk(FIELD_UPLOAD_CHUNK_BYTES * 2),
    );
    expect(done.body).toMatchObject({ offset: bytes.length, file: { kind: "photo", contentType: "image/jpeg" } });
    expect((await readFile(done.body.file!.url, tokens.field!)).bytes.equals(bytes)).toBe(true);
    // Another company's user finds no such upload.
    expect((await callApi(t.url, "GET", uploadPath, tokens.otherOwner!)).status).toBe(404);
    expect((await callApi(t.url, "PATCH", uploadPath, tokens.otherOwner!, chunk(0))).status).toBe(404);
  });

  it("stores the customer's signature with who signed", async () => {
    const bytes = imageBytes("png", 500);
    const body = {
      kind: "signature",
      contentType: "image/png",
      size: bytes.length,
      takenAt: takenAt(),
      dataBase64: bytes.toString("base64"),
    };
    const unsigned = await act("POST", `/api/field/visits/${visit.id}/uploads`, tokens.field!, body, randomUUID());
    expect(unsigned.status).toBe(400);
    const signed = await act<FieldUpload>(
      "POST",
      `/api/field/visits/${visit.id}/uploads`,
      tokens.field!,
      { ...body, signerName: "Dana Customer" },
      randomUUID(),
    );
    expect(signed.body.file).toMatchObject({ kind: "signature", signerName: "Dana Customer" });
  });

  it("refuses bytes that are not the image said, a file too large, and a time in the future, storing nothing", async () => {
    const path = `/api/field/visits/${visit.id}/uploads`;
    const text = Buffer.from("<script>alert(1)</script>");
    const base = { kind: "photo", contentType: "image/png", takenAt: takenAt() };
    const key = randomUUID();
    const notImage = await act(
      "POST",
      path,
      tokens.field!,
      { ...base, size: text.length, dataBase64: text.toString("base64") },
      key,
    );
    expect(notImage).toEqual({
      status: 400,
      body: { message: "The file is not a valid image/png image", field: "dataBase64" },
    });
    expect(await t.db.visitFile.count({ where: { idempotencyKey: key } })).toBe(0);
    const tooLarge = await act("POST", path, tokens.field!, { ...base, size: FIELD_FILE_MAX_BYTES + 1 }, randomUUID());
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.message).toMatch(/15 MB/);
    const future = await act(
      "POST",
      path,
      tokens.field!,
      { ...base, size: 100, takenAt: new Date(Date.now() + 3600_000).toISOString() },
      randomUUID(),
    );
    expect(future.status).toBe(400);
    // A large upload whose first chunk is not the image said is refused at that chunk.
    const started = await act<FieldUpload>("POST", path, tokens.field!, { ...base, size: 4000 }, randomUUID());
    const badChunk = await callApi(t.url, "PATCH", `/api/field/uploads/${started.body.id}`, tokens.field!, {
      offset: 0,
      dataBase64: randomBytes(1000).toString("base64"),
    });
    expect(badChunk.status).toBe(400);
  });

  it("refuses another crew's visit (403), another company (404), and the job's files to a field user (403)", async () => {
    const bytes = imageBytes("png", 300);
    const body = {
      kind: "photo",
      contentType: "image/png",
      size: bytes.length,
      takenAt: takenAt(),
      dataBase64: bytes.toString("base64"),
    };
    const otherCrew = await act(
      "POST",
      `/api/field/visits/${otherCrewVisit.id}/uploads`,
      tokens.field!,
      body,
      randomUUID(),
    );
    expect(otherCrew).toEqual({ status: 403, body: { message: "This visit is not assigned to your crew" } });
    const foreign = await act("POST", `/api/field/visits/${visit.id}/uploads`, tokens.otherOwner!, body, randomUUID());
    expect(foreign.status).toBe(404);
    expect(await t.db.visitFile.count({ where: { visitId: otherCrewVisit.id } })).toBe(0);

    // The office may add one to any visit; the field user off its crew may not see it.
    const byOffice = await act<FieldUpload>(
      "POST",
      `/api/field/visits/${otherCrewVisit.id}/uploads`,
      tokens.owner!,
      body,
      randomUUID(),
    );
    expect(byOffice.status).toBe(200);
    const url = byOffice.body.file!.url;
    expect((await readFile(url, tokens.owner!)).status).toBe(200);
    expect((await readFile(url, tokens.field!)).status).toBe(403);
    expect((await readFile(url, tokens.otherOwner!)).status).toBe(404);
    expect((await callApi(t.url, "GET", `/api/jobs/${visit.jobId}/files`, tokens.field!)).status).toBe(403);
    expect((await callApi(t.url, "GET", `/api/jobs/${visit.jobId}/files`, tokens.otherOwner!)).status).toBe(404);
  });
});

describe("a note, a photo or a signature on a visit the office took off the crew since", () => {
  const photoBody = (size = 400) => {
    const bytes = imageBytes("png", size);
    return { kind: "photo", contentType: "image/png", size, takenAt: takenAt(), dataBase64: bytes.toString("base64") };
  };
  /** A visit on the field user's crew, then moved by the office to another crew (as any path writes it). */
  async function movedVisit() {
    const moved = await visitOn(company.id, fieldCrewId);
    const crewB = await crewOf(company.id, null);
    await t.db.visit.update({ where: { id: moved.id }, data: { crewId: crewB, version: { increment: 1 } } });
    const { name } = await t.db.crew.findUniqueOrThrow({ where: { id: crewB } });
    return { ...moved, crewName: name };
  }

  it("adds the note and the photo to the job, says where the visit went, and the office sees them", async () => {
    const moved = await movedVisit();
    const key = randomUUID();
    const notePath = `/api/field/visits/${moved.id}/notes`;
    const [note, replay] = [
      await act<FieldNoteResult>("POST", notePath, tokens.field!, { body: "Taken before the move" }, key),
      await act<FieldNoteResult>("POST", notePath, tokens.field!, { body: "Taken before the move" }, key),
    ];
    for (const answer of [note, replay]) {
      expect(answer).toEqual({ status: 200, body: { visit: null, movedAway: { crewName: moved.crewName } } });
    }
    const job = await callApi<{ notes: { body: string }[] }>(t.url, "GET", `/api/jobs/${moved.jobId}`, tokens.owner!);
    expect(job.body.notes.filter((entry) => entry.body === "Taken before the move")).toHaveLength(1);

    const photo = await act<FieldUpload>(
      "POST",
      `/api/field/visits/${moved.id}/uploads`,
      tokens.field!,
      photoBody(),
      randomUUID(),
    );
    expect(photo.status).toBe(200);
    expect(photo.body).toMatchObject({ file: { kind: "photo" }, movedAway: { crewName: moved.crewName } });
    const jobFiles = await callApi<{ files: VisitFile[] }>(
      t.url,
      "GET",
      `/api/jobs/${moved.jobId}/files`,
      tokens.owner!,
    );
    expect(jobFiles.body.files.map((file) => file.id)).toEqual([photo.body.id]);
  });

  it("takes a large photo's chunks and a signature after the move", async () => {
    const moved = await movedVisit();
    const bytes = imageBytes("jpeg", FIELD_UPLOAD_CHUNK_BYTES + 100);
    const body = { kind: "photo", contentType: "image/jpeg", size: bytes.length, takenAt: takenAt() };
    const created = await act<FieldUpload>(
      "POST",
      `/api/field/visits/${moved.id}/uploads`,
      tokens.field!,
      body,
      randomUUID(),
    );
    expect(created.body).toMatchObject({ offset: 0, file: null, movedAway: { crewName: moved.crewName } });
    const uploadPath = `/api/field/uploads/${created.body.id}`;
    for (const offset of [0, FIELD_UPLOAD_CHUNK_BYTES]) {
      const sent = await callApi<FieldUpload>(t.url, "PATCH", uploadPath, tokens.field!, {
        offset,
        dataBase64: bytes.subarray(offset, offset + FIELD_UPLOAD_CHUNK_BYTES).toString("base64"),
      });
      expect(sent.status).toBe(200);
    }
    expect((await callApi<FieldUpload>(t.url, "GET", uploadPath, tokens.field!)).body).toMatchObject({
      file: { kind: "photo" },
      movedAway: { crewName: moved.crewName },
    });
    const signature = await act<FieldUpload>(
      "POST",
      `/api/field/visits/${moved.id}/uploads`,
      tokens.field!,
      { ...photoBody(), kind: "signature", signerName: "Dana Customer" },
      randomUUID(),
    );
    expect(signature.body).toMatchObject({ file: { kind: "signature", signerName: "Dana Customer" } });
    expect(await t.db.visitFile.count({ where: { visitId: moved.id, completedAt: { not: null } } })).toBe(2);
  });

  it("still refuses a tick, a start, and a look at the visit (403)", async () => {
    const moved = await movedVisit();
    const tick = await act(
      "PUT",
      `/api/field/visits/${moved.id}/checklist/${moved.itemIds[0]}`,
      tokens.field!,
      { done: true },
      randomUUID(),
    );
    expect(tick.status).toBe(403);
    const start = await act<Visit>(
      "POST",
      `/api/visits/${moved.id}/transition`,
      tokens.field!,
      { to: "in_progress", version: 2, occurredAt: takenAt() },
      randomUUID(),
    );
    expect(start.status).toBe(403);
    expect((await callApi(t.url, "GET", `/api/field/visits/${moved.id}`, tokens.field!)).status).toBe(403);
    const stored = await t.db.visit.findUniqueOrThrow({
      where: { id: moved.id },
      include: { job: { include: { checklist: true } } },
    });
    expect(stored.status).toBe("dispatched");
    expect(stored.job.checklist.every((item) => !item.done)).toBe(true);
  });

  it("refuses a visit never on the crew (403), another company's (404), and a move older than the window (403)", async () => {
    const never = await act(
      "POST",
      `/api/field/visits/${otherCrewVisit.id}/notes`,
      tokens.field!,
      { body: "Never mine" },
      randomUUID(),
    );
    expect(never.status).toBe(403);
    const foreign = await visitOn(other.id, await crewOf(other.id, null));
    const elsewhere = await act(
      "POST",
      `/api/field/visits/${foreign.id}/uploads`,
      tokens.field!,
      photoBody(),
      randomUUID(),
    );
    expect(elsewhere.status).toBe(404);

    const old = await movedVisit();
    await t.db.visitCrewDeparture.updateMany({
      where: { visitId: old.id },
      data: { leftAt: new Date(Date.now() - (OFFLINE_ACTION_MAX_AGE_DAYS + 1) * 86_400_000) },
    });
    const late = await act(
      "POST",
      `/api/field/visits/${old.id}/notes`,
      tokens.field!,
      { body: "Too late" },
      randomUUID(),
    );
    expect(late).toEqual({ status: 403, body: { message: "This visit is not assigned to your crew" } });
    const latePhoto = await act(
      "POST",
      `/api/field/visits/${old.id}/uploads`,
      tokens.field!,
      photoBody(),
      randomUUID(),
    );
    expect(latePhoto.status).toBe(403);
    expect(
      await t.db.jobNote.count({ where: { jobId: { in: [otherCrewVisit.jobId, old.jobId] }, kind: "note" } }),
    ).toBe(0);
    expect(await t.db.visitFile.count({ where: { visitId: { in: [foreign.id, old.id] } } })).toBe(0);
  });

  it("keeps a note taken on a visit of a crew the office deleted since (the visit unassigned)", async () => {
    // The field user is on one crew at a time: moved to a crew that is then deleted, and back after.
    await t.db.crewMember.deleteMany({ where: { userId: company.users.field_user.id } });
    const doomed = await crewOf(company.id, company.users.field_user.id);
    const onDoomed = await visitOn(company.id, doomed);
    try {
      expect((await callApi(t.url, "DELETE", `/api/crews/${doomed}`, tokens.owner!)).status).toBe(204);
      const note = await act<FieldNoteResult>(
        "POST",
        `/api/field/visits/${onDoomed.id}/notes`,
        tokens.field!,
        { body: "Crew gone" },
        randomUUID(),
      );
      expect(note).toEqual({ status: 200, body: { visit: null, movedAway: { crewName: null } } });
      expect(await t.db.jobNote.count({ where: { jobId: onDoomed.jobId, body: "Crew gone" } })).toBe(1);
    } finally {
      await t.db.crewMember.create({
        data: { crewId: fieldCrewId, userId: company.users.field_user.id, companyId: company.id },
      });
    }
  });
});
