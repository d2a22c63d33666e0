import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY_REQUESTS_PER_MINUTE } from "@fieldops/shared/api-keys";
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
let otherOwner: string;
let customerId: string;

const call = (method: string, path: string, token: string, body?: unknown) => callApi(t.url, method, path, token, body);

async function newKey(scopes: string[], token = owner, name = "Zapier") {
  const created = await call("POST", "/api/api-keys", token, { name, scopes });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as unknown as { id: string; key: string; prefix: string };
}

beforeAll(async () => {
  t = await startTestApp();
  company = await createTestCompany(t.db, { planId: "pro" });
  other = await createTestCompany(t.db, { planId: "pro" });
  [owner, member, otherOwner] = await Promise.all([
    signIn(t.url, company.users.owner.email),
    signIn(t.url, company.users.member.email),
    signIn(t.url, other.users.owner.email),
  ]);
  customerId = (
    await t.db.customer.create({
      data: {
        companyId: company.id,
        name: "Henderson Family",
        street: "1 Main St",
        city: "Boulder",
        region: "CO",
        postcode: "80302",
      },
    })
  ).id;
});

afterAll(() => t?.close());

describe("API keys", () => {
  it("shows a key once, stores only its hash, and lists it without its secret", async () => {
    const created = await newKey(["customers:read", "jobs:write"]);
    expect(created.key).toMatch(/^fo_key_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.key.slice(0, 11));
    const stored = await t.db.apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(JSON.stringify(stored)).not.toContain(created.key.slice(11));
    const listed = await call("GET", "/api/api-keys", owner);
    expect(JSON.stringify(listed.body)).not.toContain(created.key.slice(11));
    expect(listed.body).toMatchObject({
      items: expect.arrayContaining([
        expect.objectContaining({ id: created.id, scopes: ["customers:read", "jobs:write"] }),
      ]),
    });
  });

  it("creates a job within its scopes, is refused outside them, and its changes are audited under the key", async () => {
    const { key, id } = await newKey(["customers:read", "jobs:write"]);
    const job = await call("POST", "/api/jobs", key, { customerId, title: "Spring cleanup" });
    expect(job.status, JSON.stringify(job.body)).toBe(201);
    expect((await call("GET", `/api/customers/${customerId}`, key)).status).toBe(200);
    const refusedWrite = await call("PATCH", `/api/customers/${customerId}`, key, { name: "Renamed" });
    expect(refusedWrite).toMatchObject({
      status: 403,
      body: { message: "This API key may not change customers: give it the customers:write scope" },
    });
    expect((await call("GET", "/api/invoices", key)).status).toBe(403);
    // What needs a person or an owner is never open to a key, whatever its scopes.
    expect((await call("GET", "/api/team", key)).status).toBe(403);
    expect((await call("GET", "/api/api-keys", key)).status).toBe(403);
    expect((await call("GET", "/api/user", key)).status).toBe(401);
    const used = await t.db.auditLog.findMany({ where: { entityId: id, action: "api_key.used" } });
    expect(used.map((entry) => (entry.metadata as { summary: string }).summary)).toEqual([
      'The API key "Zapier" called POST /api/jobs',
    ]);
    expect((await t.db.customer.findUniqueOrThrow({ where: { id: customerId } })).name).toBe("Henderson Family");
  });

  it("refuses another company's records, a revoked key, a made-up key and a key in a URL", async () => {
    const { key, id } = await newKey(["customers:write"]);
    const theirs = await t.db.customer.create({
      data: { companyId: other.id, name: "Other Co's customer", street: "", city: "", region: "", postcode: "" },
    });
    expect((await call("GET", `/api/customers/${theirs.id}`, key)).status).toBe(404);
    expect((await call("DELETE", `/api/api-keys/${id}`, otherOwner)).status).toBe(404);
    expect((await call("GET", `/api/customers?search=${key}`, owner)).status).toBe(400);
    const inUrl = await fetch(`${t.url}/api/customers?api_key=${key}`);
    expect(inUrl.status).toBe(400);
    expect(((await inUrl.json()) as { message: string }).message).toMatch(/Authorization header/);
    expect((await call("GET", "/api/customers", `fo_key_${"A".repeat(43)}`)).status).toBe(401);
    expect((await call("DELETE", `/api/api-keys/${id}`, owner)).status).toBe(204);
    expect((await call("GET", "/api/customers", key)).status).toBe(401);
    expect(t.logs.join("")).not.toContain(key.slice(11));
  });

  it("is for owners on the Pro plan; a company that loses the plan's API access gets 403 naming it", async () => {
    expect((await call("POST", "/api/api-keys", member, { name: "Mine", scopes: ["customers:read"] })).status).toBe(
      403,
    );
    expect((await call("POST", "/api/api-keys", owner, { name: "", scopes: ["customers:read"] })).status).toBe(400);
    expect((await call("POST", "/api/api-keys", owner, { name: "x", scopes: ["team:write"] })).status).toBe(400);
    const { key } = await newKey(["customers:read"]);
    await t.db.company.update({ where: { id: company.id }, data: { planId: "growth" } });
    try {
      expect(await call("GET", "/api/customers", key)).toMatchObject({ status: 403, body: { requiredPlan: "pro" } });
      expect((await call("POST", "/api/api-keys", owner, { name: "y", scopes: ["customers:read"] })).status).toBe(403);
    } finally {
      await t.db.company.update({ where: { id: company.id }, data: { planId: "pro" } });
    }
  });

  it("is rate-limited per key, across addresses", async () => {
    const { key } = await newKey(["reports:read"], owner, "Busy");
    const answers: number[] = [];
    // Twice the limit and more: however the minutes fall, one of them holds more than the limit.
    for (let sent = 0; sent < 2 * API_KEY_REQUESTS_PER_MINUTE + 5; sent += 25) {
      const batch = await Promise.all(
        Array.from({ length: 25 }, (_, index) =>
          fetch(`${t.url}/api/customers`, {
            headers: { authorization: `Bearer ${key}`, "x-forwarded-for": `10.9.${sent % 250}.${index}` },
          }).then((response) => response.status),
        ),
      );
      answers.push(...batch);
    }
    // reports:read does not reach customers: 403 until the limit, then 429.
    expect(answers.every((status) => status === 403 || status === 429)).toBe(true);
    expect(answers.filter((status) => status === 403).length).toBeGreaterThanOrEqual(API_KEY_REQUESTS_PER_MINUTE);
    expect(answers.filter((status) => status === 429).length).toBeGreaterThan(0);
  });
});
