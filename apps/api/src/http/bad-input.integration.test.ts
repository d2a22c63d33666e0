import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { post, startTestApp, type TestApp } from "../../../../tests/integration/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const unique = () => Math.random().toString(36).slice(2, 8);

/** Sends bytes over a bare socket (for requests fetch refuses to make) and returns the whole answer. */
function rawRequest(bytes: Buffer): Promise<string> {
  const port = Number(new URL(t.url).port);
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
  });
}

describe("field errors read as sentences", () => {
  it("a rule without words of its own is completed with the field's name; a schema's own sentence is kept", async () => {
    const email = `sentence-${unique()}@test.example`;
    const long = await post(`${t.url}/api/signup`, {
      companyName: "x".repeat(101),
      name: "Ann",
      email,
      password: "a-long-password",
    });
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({ field: "companyName", message: "Company name must be at most 100 characters" });
    const short = await post(`${t.url}/api/signup`, {
      companyName: "x",
      name: "Ann",
      email,
      password: "a-long-password",
    });
    expect(await short.json()).toEqual({ field: "companyName", message: "Company name must be at least 2 characters" });
    const missing = await post(`${t.url}/api/signup`, {
      companyName: "Sentence Co",
      email,
      password: "a-long-password",
    });
    expect(await missing.json()).toEqual({ field: "name", message: "Name is required" });
    expect(await t.db.user.count({ where: { email } })).toBe(0);
  });
});

describe("strings PostgreSQL cannot store", () => {
  it("a NUL in a sign-up name is a 400 naming the field, and nothing is created", async () => {
    const email = `nul-${unique()}@test.example`;
    const response = await post(`${t.url}/api/signup`, {
      companyName: "Nul Co",
      name: "Ann\u0000",
      email,
      password: "a-long-password",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      field: "name",
      message: expect.stringMatching(/^Name contains a character that cannot be stored/),
    });
    expect(await t.db.user.count({ where: { email } })).toBe(0);
  });

  it("an unpaired surrogate in a company name is a 400, not a name stored as U+FFFD or a jsonb error", async () => {
    const email = `surrogate-${unique()}@test.example`;
    const response = await post(`${t.url}/api/signup`, {
      companyName: "Acme \uD800",
      name: "Ann",
      email,
      password: "a-long-password",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: "companyName" });
    expect(await t.db.user.count({ where: { email } })).toBe(0);
  });

  it("a NUL or an unpaired surrogate in a telemetry field is a 400 naming the field, and nothing is stored", async () => {
    const before = await t.db.telemetryEvent.count();
    for (const [field, value] of [
      ["tenantId", "acme\u0000"],
      ["mode", "\uDC00x"],
      ["path", "/jobs\uD83D"],
    ] as const) {
      const response = await post(
        `${t.url}/api/telemetry/track`,
        { event: "router_mode", [field]: value },
        { "x-forwarded-for": "192.0.2.10" },
      );
      expect(response.status, field).toBe(400);
      expect(await response.json()).toMatchObject({ field });
    }
    expect(await t.db.telemetryEvent.count()).toBe(before);
  });
});

describe("malformed requests", () => {
  it("a JSON body with bytes that are not UTF-8 is a 400, not stored with U+FFFD", async () => {
    const before = await t.db.telemetryEvent.count();
    const body = Buffer.concat([
      Buffer.from('{"event":"router_mode","mode":"a'),
      Buffer.from([0xff, 0xc3, 0x28]),
      Buffer.from('"}'),
    ]);
    const response = await fetch(`${t.url}/api/telemetry/track`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.11" },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "The body is not valid UTF-8" });
    expect(await t.db.telemetryEvent.count()).toBe(before);
  });

  it("still refuses empty and prototype-poisoning JSON bodies", async () => {
    const empty = await fetch(`${t.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "",
    });
    expect(empty.status).toBe(400);
    const poisoned = await fetch(`${t.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"__proto__":{"admin":true},"username":"a@b.co","password":"x"}',
    });
    expect(poisoned.status).toBe(400);
    expect(await poisoned.json()).toEqual({ message: expect.any(String) });
  });

  it("a path that is not valid percent-encoding is a 400 in the error format", async () => {
    const response = await fetch(`${t.url}/api/user%ED%A0%80`);
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()) as object)).toEqual(["message"]);
  });

  it("a header with a NUL byte is a 400 in the error format, and the connection closes", async () => {
    const answer = await rawRequest(
      Buffer.from("GET /api/user HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer a\u0000b\r\n\r\n", "latin1"),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(answer.slice(answer.indexOf("\r\n\r\n") + 4)).toBe(JSON.stringify({ message: "Malformed HTTP request" }));
  });

  it("headers larger than the server takes are a 431 in the error format", async () => {
    const response = await fetch(`${t.url}/api/user`, { headers: { authorization: `Bearer ${"a".repeat(20_000)}` } });
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual({ message: "Request headers are too large" });
  });
});
