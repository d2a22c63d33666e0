import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TELEMETRY_EVENTS_PER_MINUTE } from "./telemetry-routes.ts";
import { createTestCompany, post, signIn, startTestApp, type TestApp, type TestCompany } from "../../../../tests/integration/test-app.ts";

let t: TestApp;
let company: TestCompany;
beforeAll(async () => {
  t = await startTestApp();
  company = await createTestCompany(t.db);
});
afterAll(() => t.close());

describe("POST /api/telemetry/track", () => {
  it("records a signed-in user's event under their company, whatever user the body claims", async () => {
    const token = await signIn(t.url, company.users.member.email);
    const response = await post(
      `${t.url}/api/telemetry/track`,
      { event: "tenant_navigation", tenantId: company.slug, userId: "someone-else", fromPath: "/jobs", toPath: "/crews", timestamp: Date.now() - 5000 },
      { authorization: `Bearer ${token}` },
    );
    expect(response.status).toBe(204);
    const stored = await t.db.telemetryEvent.findFirstOrThrow({ where: { companyId: company.id, event: "tenant_navigation" } });
    expect(stored).toMatchObject({ userId: company.users.member.id, fromPath: "/jobs", toPath: "/crews", tenantId: company.slug });
    expect(Math.abs(stored.occurredAt.getTime() - (Date.now() - 5000))).toBeLessThan(3000);
  });

  it("records a signed-out visitor's event under no company, and replaces a clock far off with the arrival time", async () => {
    const response = await post(`${t.url}/api/telemetry/track`, { event: "router_mode", mode: "public", path: "/", timestamp: "1999-01-01T00:00:00Z" });
    expect(response.status).toBe(204);
    const stored = await t.db.telemetryEvent.findFirstOrThrow({ where: { event: "router_mode", mode: "public" }, orderBy: { createdAt: "desc" } });
    expect(stored.companyId).toBeNull();
    expect(Math.abs(stored.occurredAt.getTime() - Date.now())).toBeLessThan(5000);
  });

  it("limits how many events one address may send a minute", async () => {
    const address = { "x-forwarded-for": "198.51.100.23" };
    const statuses: number[] = [];
    for (let i = 0; i <= TELEMETRY_EVENTS_PER_MINUTE; i++) {
      statuses.push((await post(`${t.url}/api/telemetry/track`, { event: "router_mode", mode: "flood" }, address)).status);
    }
    expect(statuses.slice(0, TELEMETRY_EVENTS_PER_MINUTE).every((s) => s === 204)).toBe(true);
    const refused = await post(`${t.url}/api/telemetry/track`, { event: "router_mode", mode: "flood" }, address);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many requests/);
    expect(await t.db.telemetryEvent.count({ where: { mode: "flood" } })).toBe(TELEMETRY_EVENTS_PER_MINUTE);
  });

  it("answers 400 naming the field for an unknown event and stores nothing", async () => {
    const before = await t.db.telemetryEvent.count();
    const response = await post(`${t.url}/api/telemetry/track`, { event: "drop_tables" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: "event" });
    expect(await t.db.telemetryEvent.count()).toBe(before);
  });
});
