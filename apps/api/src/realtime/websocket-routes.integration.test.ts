import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WS_CLOSE_UNAUTHORIZED, type AppEvent, type ServerMessage } from "@fieldops/shared/events";
import { publishEvent } from "@fieldops/events/company-stream";
import { aguiEventSchema } from "@fieldops/shared/chat";
import type { RunningWorkers } from "@fieldops/worker/run-workers";
import { hashPassword } from "@fieldops/domain/accounts/passwords";
import { hashToken } from "@fieldops/domain/accounts/sessions";
import {
  TEST_PASSWORD,
  createTestCompany,
  drainQueues,
  post,
  signIn,
  startTestApp,
  startTestWorkers,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { connect } from "../../../../tests/integration/test-socket.ts";

let t: TestApp;
let workers: RunningWorkers;
let a: TestCompany;
let b: TestCompany;

const wsUrl = (path: string) => `${t.url.replace("http", "ws")}${path}`;

/** What the web app does: trade the session for a single-use ticket, then open the socket with it. */
async function ticketFor(token: string): Promise<string> {
  const response = await fetch(`${t.url}/api/ws-ticket`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { ticket: string; expiresInSeconds: number };
  expect(body.expiresInSeconds).toBe(30);
  return body.ticket;
}
const isActivity = (summary: string) => (m: ServerMessage) =>
  m.type === "event" && m.event.name === "activity.recorded" && m.event.payload.summary === summary;

beforeAll(async () => {
  t = await startTestApp();
  workers = startTestWorkers(t);
  a = await createTestCompany(t.db, { name: "Alpha Lawns" });
  b = await createTestCompany(t.db, { name: "Beta Plumbing" });
});
afterAll(async () => {
  await workers.close();
  await t.close();
});

describe("POST /api/ws-ticket", () => {
  it("answers 401 without a session and 404 to a user without a company", async () => {
    const anonymous = await fetch(`${t.url}/api/ws-ticket`, { method: "POST" });
    expect(anonymous.status).toBe(401);
    const email = `admin-${Date.now()}@test.example`;
    await t.db.user.create({
      data: {
        email,
        name: "Platform Admin",
        passwordHash: await hashPassword(TEST_PASSWORD),
        role: "admin",
        permissions: ["all"],
      },
    });
    const response = await fetch(`${t.url}/api/ws-ticket`, {
      method: "POST",
      headers: { authorization: `Bearer ${await signIn(t.url, email)}` },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "You do not belong to a company" });
  });
});

describe("/api/ws: API → BullMQ → worker → Redis → WebSocket", () => {
  it("closes a socket without a valid session", async () => {
    const anonymous = connect(wsUrl("/api/ws"));
    expect((await anonymous.closed).code).toBe(WS_CLOSE_UNAUTHORIZED);
    const forged = connect(wsUrl("/api/ws?ticket=forged"));
    expect((await forged.closed).code).toBe(WS_CLOSE_UNAUTHORIZED);
  });

  it("opens with a single-use ticket as the web app does, and neither the token nor the ticket reaches the log", async () => {
    const token = await signIn(t.url, a.users.owner.email);
    const ticket = await ticketFor(token);
    const socket = connect(wsUrl(`/api/ws?ticket=${ticket}`));
    await socket.next((m) => m.type === "ready");
    const replayed = connect(wsUrl(`/api/ws?ticket=${ticket}`));
    expect((await replayed.closed).code).toBe(WS_CLOSE_UNAUTHORIZED);
    socket.socket.close();
    const logs = t.logs.join("");
    expect(logs).toContain("/api/ws?ticket=[redacted]");
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(ticket);
  });

  it("takes no session token from the query string, on the socket or anywhere else", async () => {
    const token = await signIn(t.url, a.users.member.email);
    const socket = connect(wsUrl(`/api/ws?token=${token}`));
    expect((await socket.closed).code).toBe(WS_CLOSE_UNAUTHORIZED);
    expect((await fetch(`${t.url}/api/user?token=${token}`)).status).toBe(401);
    expect((await fetch(`${t.url}/api/activity?token=${token}`)).status).toBe(401);
    expect(t.logs.join("")).not.toContain(token);
  });

  it("delivers a company's events to its own users only, and the activity feed holds them", async () => {
    const ownerA = connect(wsUrl("/api/ws"), { authorization: `Bearer ${await signIn(t.url, a.users.owner.email)}` });
    const ownerB = connect(wsUrl(`/api/ws?ticket=${await ticketFor(await signIn(t.url, b.users.owner.email))}`));
    const fieldUserA = connect(
      wsUrl(`/api/ws?ticket=${await ticketFor(await signIn(t.url, a.users.field_user.email))}`),
    );
    await Promise.all([ownerA, ownerB, fieldUserA].map((s) => s.next((m) => m.type === "ready")));

    await signIn(t.url, a.users.member.email);
    await drainQueues(t.runtime.context.queues);
    const event = await ownerA.next(isActivity(`member ${a.users.member.email.slice(7, 15)} signed in`));
    expect(event.type === "event" && event.seq).toMatch(/^\d+-\d+$/);
    // The lowest role's socket, opened by ticket, gets its company's events too, but not the activity feed's entries,
    // which are the company's administration (the feed itself refuses a field user).
    await publishEvent(
      t.runtime.context.redis,
      { name: "team.changed", payload: { userIds: [a.users.member.id] } },
      { companyId: a.id },
    );
    await fieldUserA.next((m) => m.type === "event" && m.event.name === "team.changed");
    await ownerA.next((m) => m.type === "event" && m.event.name === "team.changed");
    expect(fieldUserA.messages.filter((m) => m.type === "event" && m.event.name === "activity.recorded")).toEqual([]);
    const fieldUserFeed = await fetch(`${t.url}/api/activity`, {
      headers: { authorization: `Bearer ${await signIn(t.url, a.users.field_user.email)}` },
    });
    expect(fieldUserFeed.status).toBe(403);

    // B's owner saw B's own sign-in but nothing of company A.
    await signIn(t.url, b.users.member.email);
    await drainQueues(t.runtime.context.queues);
    await ownerB.next(isActivity(`member ${b.users.member.email.slice(7, 15)} signed in`));
    const leaked = ownerB.messages.filter(
      (m) =>
        m.type === "event" &&
        m.event.name === "activity.recorded" &&
        m.event.payload.summary.includes(a.users.member.email.slice(7, 15)),
    );
    expect(leaked).toEqual([]);

    const token = await signIn(t.url, a.users.owner.email);
    const feed = (await (
      await fetch(`${t.url}/api/activity`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      items: { summary: string }[];
    };
    expect(feed.items.map((i) => i.summary)).toContain(`member ${a.users.member.email.slice(7, 15)} signed in`);
    expect(feed.items.every((i) => !i.summary.includes(b.users.member.email.slice(7, 15)))).toBe(true);
    ownerA.socket.close();
    ownerB.socket.close();
    fieldUserA.socket.close();
  });

  it("a socket that reconnects receives, in order, what it missed while away", async () => {
    const token = await signIn(t.url, a.users.owner.email);
    await drainQueues(t.runtime.context.queues);
    const first = connect(wsUrl("/api/ws"), { cookie: `session=${token}` });
    const ready = await first.next((m) => m.type === "ready");
    const lastSeen = ready.type === "ready" ? ready.lastSeq : null;
    expect(lastSeen).not.toBeNull();
    first.socket.close();
    await first.closed;

    // One at a time: the worker runs jobs concurrently, so two queued together may reach the stream in either order.
    await signIn(t.url, a.users.field_user.email);
    await drainQueues(t.runtime.context.queues);
    await signIn(t.url, a.users.member.email);
    await drainQueues(t.runtime.context.queues);

    const again = connect(wsUrl(`/api/ws?after=${lastSeen}`), { cookie: `session=${token}` });
    await again.next((m) => m.type === "ready");
    const missed = again.messages.flatMap((m) =>
      m.type === "event" && m.event.name === "activity.recorded" ? [m.event.payload.summary] : [],
    );
    expect(missed).toEqual([
      `field_user ${a.users.field_user.email.slice(11, 19)} signed in`,
      `member ${a.users.member.email.slice(7, 15)} signed in`,
    ]);

    // The same replay asked for by message is not delivered twice.
    again.socket.send(JSON.stringify({ type: "resume", after: lastSeen }));
    again.socket.send(JSON.stringify({ type: "ping", requestId: "p1" }));
    await again.next((m) => m.type === "pong");
    expect(again.messages.filter((m) => m.type === "event")).toHaveLength(2);
    again.socket.close();
  });

  it("a reconnecting socket replays its user's own events and the company's, never another user's", async () => {
    const token = await signIn(t.url, a.users.owner.email);
    await drainQueues(t.runtime.context.queues);
    const first = connect(wsUrl("/api/ws"), { cookie: `session=${token}` });
    const ready = await first.next((m) => m.type === "ready");
    const lastSeen = ready.type === "ready" ? ready.lastSeq : null;
    first.socket.close();
    await first.closed;

    const assistantEvent = (runId: string): AppEvent => ({
      name: "assistant.event",
      payload: {
        conversationId: "c",
        runId,
        event: aguiEventSchema.parse({ type: "RUN_STARTED", threadId: "c", runId }),
      },
    });
    const { redis } = t.runtime.context;
    await publishEvent(redis, assistantEvent("member-run"), { companyId: a.id, userId: a.users.member.id });
    await publishEvent(redis, assistantEvent("owner-run"), { companyId: a.id, userId: a.users.owner.id });
    await publishEvent(redis, { name: "jobs.changed", payload: { jobIds: ["j1"] } }, { companyId: a.id });

    const again = connect(wsUrl(`/api/ws?after=${lastSeen}`), { cookie: `session=${token}` });
    await again.next((m) => m.type === "ready");
    const replayed = again.messages.flatMap((m) =>
      m.type !== "event" ? [] : m.event.name === "assistant.event" ? [m.event.payload.runId] : [m.event.name],
    );
    expect(replayed).toEqual(["owner-run", "jobs.changed"]);
    again.socket.close();
  });

  it("a first connection catches up on what happened while its page loaded, but not on older events, the chat's stream or another user's", async () => {
    const c = await createTestCompany(t.db, { name: "Gamma Roofing" });
    const { redis } = t.runtime.context;
    const old = {
      userId: null,
      requestId: null,
      occurredAt: new Date().toISOString(),
      event: { name: "jobs.changed", payload: { jobIds: ["old"] } },
    };
    const ancient = { ...old, event: { name: "jobs.changed", payload: { jobIds: ["ancient"] } } };
    await redis.xadd(`events:company:${c.id}`, `${Date.now() - 200_000}-0`, "body", JSON.stringify(ancient));
    await redis.xadd(`events:company:${c.id}`, `${Date.now() - 30_000}-0`, "body", JSON.stringify(old));
    const token = await signIn(t.url, c.users.owner.email);
    await drainQueues(t.runtime.context.queues);
    await publishEvent(redis, { name: "jobs.changed", payload: { jobIds: ["while-loading"] } }, { companyId: c.id });
    await publishEvent(
      redis,
      { name: "jobs.changed", payload: { jobIds: ["mine"] } },
      { companyId: c.id, userId: c.users.owner.id },
    );
    await publishEvent(
      redis,
      { name: "jobs.changed", payload: { jobIds: ["the-member's"] } },
      { companyId: c.id, userId: c.users.member.id },
    );
    await publishEvent(
      redis,
      {
        name: "assistant.event",
        payload: {
          conversationId: "c",
          runId: "r",
          event: aguiEventSchema.parse({ type: "RUN_STARTED", threadId: "c", runId: "r" }),
        },
      },
      { companyId: c.id, userId: c.users.owner.id },
    );

    const socket = connect(wsUrl("/api/ws?catch_up_ms=3000"), { cookie: `session=${token}` });
    await socket.next((m) => m.type === "ready");
    const caughtUp = socket.messages.flatMap((m) =>
      m.type === "event" && m.event.name === "jobs.changed" ? m.event.payload.jobIds : [],
    );
    expect(caughtUp).toEqual(["while-loading", "mine"]);
    expect(socket.messages.some((m) => m.type === "event" && m.event.name === "assistant.event")).toBe(false);
    socket.socket.close();

    // A span that is not a whole number of milliseconds is refused before the upgrade; a huge one reads two minutes back
    // (the event of 30 s ago included, not the one of 200 s ago).
    for (const bad of ["abc", "-5", "1.5", "%00"]) {
      const refused = connect(wsUrl(`/api/ws?catch_up_ms=${bad}`), { cookie: `session=${token}` });
      await refused.closed;
      expect(refused.errors.join(), bad).toMatch(/Unexpected server response: 400/);
    }
    const huge = connect(wsUrl("/api/ws?catch_up_ms=99999999999999"), { cookie: `session=${token}` });
    await huge.next((m) => m.type === "ready");
    expect(
      huge.messages.flatMap((m) =>
        m.type === "event" && m.event.name === "jobs.changed" ? m.event.payload.jobIds : [],
      ),
    ).toEqual(["old", "while-loading", "mine"]);
    huge.socket.close();

    // Without the parameter, a first connection replays nothing.
    const plain = connect(wsUrl("/api/ws"), { cookie: `session=${token}` });
    await plain.next((m) => m.type === "ready");
    expect(plain.messages.filter((m) => m.type === "event")).toEqual([]);
    plain.socket.close();
  });

  it("answers malformed messages with an error and stays open", async () => {
    const token = await signIn(t.url, b.users.owner.email);
    const socket = connect(wsUrl("/api/ws"), { authorization: `Bearer ${token}` });
    await socket.next((m) => m.type === "ready");
    socket.socket.send("not json");
    socket.socket.send(JSON.stringify({ type: "resume", after: "'; DROP" }));
    await socket.next((m) => m.type === "error" && m.message === "Invalid resume position");
    socket.socket.send(JSON.stringify({ type: "ping", requestId: "still-here" }));
    await socket.next((m) => m.type === "pong" && m.requestId === "still-here");
    socket.socket.close();
  });
});

describe("/api/ws: the socket lives no longer than its session", () => {
  it("closes at sign-out, also when the sign-out went through another API process, and delivers nothing after", async () => {
    const other = await startTestApp();
    try {
      const token = await signIn(t.url, a.users.owner.email);
      const socket = connect(wsUrl("/api/ws"), { authorization: `Bearer ${token}` });
      await socket.next((m) => m.type === "ready");
      expect((await post(`${other.url}/api/logout`, undefined, { authorization: `Bearer ${token}` })).status).toBe(204);
      expect(await socket.closed).toEqual({ code: WS_CLOSE_UNAUTHORIZED });

      await signIn(t.url, a.users.member.email);
      await drainQueues(t.runtime.context.queues);
      expect(socket.messages.filter(isActivity(`member ${a.users.member.email.slice(7, 15)} signed in`))).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("closes when the session is revoked", async () => {
    const token = await signIn(t.url, a.users.member.email);
    const socket = connect(wsUrl("/api/ws"), { cookie: `session=${token}` });
    await socket.next((m) => m.type === "ready");
    const session = await t.db.session.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } });
    await t.db.session.delete({ where: { id: session.id } });
    await t.runtime.context.sessionCache.revoke([session.id]);
    expect(await socket.closed).toEqual({ code: WS_CLOSE_UNAUTHORIZED });
  });

  it("closes when the session expires", async () => {
    const token = await signIn(t.url, a.users.field_user.email);
    await t.db.session.update({
      where: { tokenHash: hashToken(token) },
      data: { expiresAt: new Date(Date.now() + 1500) },
    });
    const socket = connect(wsUrl("/api/ws"), { authorization: `Bearer ${token}` });
    await socket.next((m) => m.type === "ready");
    expect(await socket.closed).toEqual({ code: WS_CLOSE_UNAUTHORIZED });
  });

  it("refuses the upgrade to a page of another site, and accepts the app's own pages", async () => {
    const token = await signIn(t.url, a.users.owner.email);
    const foreignHeaders: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site", origin: t.url },
    ];
    for (const headers of foreignHeaders) {
      const foreign = connect(wsUrl("/api/ws"), { cookie: `session=${token}`, ...headers });
      await foreign.closed;
      expect(foreign.errors.join(), JSON.stringify(headers)).toMatch(/Unexpected server response: 403/);
      expect(foreign.messages).toEqual([]);
    }
    const own = connect(wsUrl("/api/ws"), { cookie: `session=${token}`, origin: t.url });
    await own.next((m) => m.type === "ready");
    own.socket.close();
  });
});

describe("/api/ws: resume positions", () => {
  it("answers an out-of-range or malformed position with an error message, stays open and logs no error", async () => {
    const token = await signIn(t.url, b.users.owner.email);
    const logLines = t.logs.length;
    for (const after of [
      "18446744073709551616-0",
      "1-18446744073709551616",
      "99999999999999999999999-0",
      "x".repeat(100),
    ]) {
      const socket = connect(wsUrl(`/api/ws?after=${after}`), { authorization: `Bearer ${token}` });
      await socket.next((m) => m.type === "error" && m.message === "Invalid resume position");
      await socket.next((m) => m.type === "ready");
      socket.socket.send(JSON.stringify({ type: "resume", after }));
      socket.socket.send(JSON.stringify({ type: "ping", requestId: "alive" }));
      await socket.next((m) => m.type === "pong");
      expect(socket.messages.filter((m) => m.type === "error")).toHaveLength(2);
      socket.socket.close();
    }
    // The greatest position is valid: nothing follows it.
    const last = connect(wsUrl("/api/ws?after=18446744073709551615-18446744073709551615"), {
      authorization: `Bearer ${token}`,
    });
    await last.next((m) => m.type === "ready");
    expect(last.messages.filter((m) => m.type === "error")).toEqual([]);
    last.socket.close();
    const levels = t.logs.slice(logLines).map((line) => (JSON.parse(line) as { level: number }).level);
    expect(levels.filter((level) => level >= 40)).toEqual([]);
  });
});
