import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FieldThreadsResponse } from "@fieldops/shared/field-app";
import type { Thread } from "@fieldops/shared/messages";
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
/** The field user's crew, another crew of the company, and a crew of another company. */
let fieldCrewId: string;
let otherCrewId: string;
let foreignCrewId: string;
/** A thread the office shares with the field user's crew, one of a customer they visit today, one of another company. */
let sharedThreadId: string;
let visitedThreadId: string;
let foreignThreadId: string;

async function crewOf(companyId: string, userId: string | null) {
  const crew = await t.db.crew.create({
    data: { companyId, name: `Crew ${randomUUID().slice(0, 6)}`, color: "#16a34a" },
  });
  if (userId) await t.db.crewMember.create({ data: { crewId: crew.id, userId, companyId } });
  return crew.id;
}

/** A customer's thread with inbound texts, the office having read none of them. */
async function threadWith(companyId: string, customerId: string, bodies: string[]) {
  const thread = await t.db.messageThread.create({
    data: { companyId, key: `customer:${customerId}`, customerId, unreadCount: bodies.length },
  });
  for (const [index, body] of bodies.entries())
    await t.db.threadMessage.create({
      data: {
        companyId,
        threadId: thread.id,
        direction: "inbound",
        channel: "sms",
        body,
        createdAt: new Date(Date.now() - (bodies.length - index) * 60_000),
      },
    });
  return thread.id;
}

/** A visit today on the crew, of a new customer. */
async function customerVisitedToday(companyId: string, crewId: string) {
  const customerId = await createTestCustomer(t.db, companyId, `Visited ${randomUUID().slice(0, 6)}`);
  const job = await t.db.job.create({
    data: { companyId, customerId, number: 100_000 + Math.floor(Math.random() * 800_000), title: "Mow" },
  });
  const start = new Date(Date.now() + 3600_000);
  await t.db.visit.create({
    data: {
      companyId,
      jobId: job.id,
      crewId,
      status: "dispatched",
      scheduledStart: start,
      scheduledEnd: new Date(start.getTime() + 3600_000),
    },
  });
  return customerId;
}

const fieldThreads = () => callApi<FieldThreadsResponse>(t.url, "GET", "/api/field/messages", tokens.field!);
const sharePath = (threadId: string, crewId: string) => `/api/messages/threads/${threadId}/crews/${crewId}`;

beforeAll(async () => {
  t = await startTestApp();
  company = await createTestCompany(t.db, { planId: "growth" });
  other = await createTestCompany(t.db, { planId: "growth" });
  fieldCrewId = await crewOf(company.id, company.users.field_user.id);
  otherCrewId = await crewOf(company.id, null);
  foreignCrewId = await crewOf(other.id, other.users.field_user.id);
  const customerId = await createTestCustomer(t.db, company.id, "Shared Customer");
  sharedThreadId = await threadWith(company.id, customerId, ["Gate code is 1357", "The dog is friendly"]);
  visitedThreadId = await threadWith(company.id, await customerVisitedToday(company.id, fieldCrewId), ["Not shared"]);
  foreignThreadId = await threadWith(other.id, await createTestCustomer(t.db, other.id), ["Another company's"]);
  for (const role of ["owner", "member", "field_user"] as const)
    tokens[role === "field_user" ? "field" : role] = await signIn(t.url, company.users[role].email);
  tokens.otherOwner = await signIn(t.url, other.users.owner.email);
});
afterAll(async () => {
  await t?.close();
});

describe("sharing a conversation with a crew", () => {
  it("shows a field user no conversation the office has not shared, not even of a customer they visit today", async () => {
    expect(await fieldThreads()).toEqual({ status: 200, body: { threads: [], unreadTotal: 0 } });
  });

  it("refuses a field user (403), and another company's thread or crew (404)", async () => {
    for (const method of ["PUT", "DELETE"]) {
      expect((await callApi(t.url, method, sharePath(sharedThreadId, fieldCrewId), tokens.field!)).status).toBe(403);
      expect((await callApi(t.url, method, sharePath(sharedThreadId, fieldCrewId), tokens.otherOwner!)).status).toBe(
        404,
      );
      expect((await callApi(t.url, method, sharePath(foreignThreadId, fieldCrewId), tokens.owner!)).status).toBe(404);
      const foreignCrew = await callApi(t.url, method, sharePath(sharedThreadId, foreignCrewId), tokens.owner!);
      expect(foreignCrew).toEqual({ status: 404, body: { message: "No such crew" } });
    }
    expect(await t.db.messageThreadCrewShare.count({ where: { threadId: sharedThreadId } })).toBe(0);
  });

  it("shares once however often asked, audits it, shows the crew on the office's thread, and tells the crew at once", async () => {
    const crewSocket = await openSocket(t.url, tokens.field!);
    const shared = await Promise.all([
      callApi(t.url, "PUT", sharePath(sharedThreadId, fieldCrewId), tokens.member!),
      callApi(t.url, "PUT", sharePath(sharedThreadId, fieldCrewId), tokens.owner!),
    ]);
    expect(shared.map((answer) => answer.status)).toEqual([204, 204]);
    await crewSocket.next(
      (message) =>
        message.type === "event" &&
        message.event.name === "field_threads.changed" &&
        message.event.payload.threadIds.includes(sharedThreadId),
    );
    crewSocket.socket.close();

    const audit = await t.db.auditLog.findMany({ where: { companyId: company.id, action: "messages.thread_shared" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entityType: "message_thread", entityId: sharedThreadId });

    const { body: thread } = await callApi<Thread>(
      t.url,
      "GET",
      `/api/messages/threads/${sharedThreadId}`,
      tokens.owner!,
    );
    expect(thread.sharedWithCrews).toEqual([expect.objectContaining({ crewId: fieldCrewId })]);
    expect((await callApi(t.url, "PUT", sharePath(sharedThreadId, otherCrewId), tokens.owner!)).status).toBe(204);
    const { body: twice } = await callApi<Thread>(
      t.url,
      "GET",
      `/api/messages/threads/${sharedThreadId}`,
      tokens.owner!,
    );
    expect(twice.sharedWithCrews.map((crew) => crew.crewId).sort()).toEqual([fieldCrewId, otherCrewId].sort());
  });

  it("lists the shared thread for the crew's field user, with their own unread count, until they read it", async () => {
    const listed = await fieldThreads();
    expect(listed.status).toBe(200);
    expect(listed.body.threads.map((thread) => [thread.id, thread.customerName, thread.unreadCount])).toEqual([
      [sharedThreadId, "Shared Customer", 2],
    ]);
    expect(listed.body.threads[0]!.messages.map((message) => message.body)).toEqual([
      "Gate code is 1357",
      "The dog is friendly",
    ]);
    expect(listed.body.unreadTotal).toBe(2);

    const read = await callApi(t.url, "POST", `/api/field/threads/${sharedThreadId}/read`, tokens.field!);
    expect(read.status).toBe(204);
    const after = await fieldThreads();
    expect([after.body.threads[0]!.unreadCount, after.body.unreadTotal]).toEqual([0, 0]);
    // The office's own unread count is untouched.
    const office = await t.db.messageThread.findUniqueOrThrow({ where: { id: sharedThreadId } });
    expect(office.unreadCount).toBe(2);

    // A message after the read mark is unread again.
    await t.db.threadMessage.create({
      data: {
        companyId: company.id,
        threadId: sharedThreadId,
        direction: "inbound",
        channel: "sms",
        body: "Running late?",
        createdAt: new Date(Date.now() + 1000),
      },
    });
    expect((await fieldThreads()).body.unreadTotal).toBe(1);
  });

  it("refuses to mark read a thread not shared with the user's crew (403) and another company's (404)", async () => {
    const read = (threadId: string, token: string) =>
      callApi(t.url, "POST", `/api/field/threads/${threadId}/read`, token);
    expect((await read(visitedThreadId, tokens.field!)).status).toBe(403);
    expect((await read(foreignThreadId, tokens.field!)).status).toBe(404);
    expect((await read(randomUUID(), tokens.field!)).status).toBe(404);
    expect((await read(sharedThreadId, tokens.otherOwner!)).status).toBe(404);
  });

  it("unsharing takes the thread out of the crew's list at once, audited, and reading it is refused", async () => {
    const unshared = await Promise.all([
      callApi(t.url, "DELETE", sharePath(sharedThreadId, fieldCrewId), tokens.member!),
      callApi(t.url, "DELETE", sharePath(sharedThreadId, fieldCrewId), tokens.member!),
    ]);
    expect(unshared.map((answer) => answer.status)).toEqual([204, 204]);
    expect(await fieldThreads()).toEqual({ status: 200, body: { threads: [], unreadTotal: 0 } });
    const audit = await t.db.auditLog.count({ where: { companyId: company.id, action: "messages.thread_unshared" } });
    expect(audit).toBe(1);
    const read = await callApi(t.url, "POST", `/api/field/threads/${sharedThreadId}/read`, tokens.field!);
    expect(read.status).toBe(403);
    const { body: thread } = await callApi<Thread>(
      t.url,
      "GET",
      `/api/messages/threads/${sharedThreadId}`,
      tokens.owner!,
    );
    expect(thread.sharedWithCrews.map((crew) => crew.crewId)).toEqual([otherCrewId]);
  });
});
