import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@fieldops/domain/accounts/passwords";
import type { AlertsOverview, TenantActivity, VitalsSeries } from "@fieldops/shared/telemetry";
import {
  PERFORMANCE_REPORTS_PER_MINUTE,
  TELEMETRY_BODY_LIMIT,
  TELEMETRY_EVENTS_PER_MINUTE,
} from "./telemetry-routes.ts";
import {
  callApi,
  createTestCompany,
  post,
  signIn,
  startTestApp,
  TEST_PASSWORD,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";

let t: TestApp;
let company: TestCompany;
/** A company that sends no telemetry of its own: whatever appears under it in the charts was forged. */
let victim: TestCompany;
let adminToken: string;
beforeAll(async () => {
  t = await startTestApp();
  company = await createTestCompany(t.db);
  victim = await createTestCompany(t.db);
  const adminEmail = `admin-${randomUUID().slice(0, 8)}@test.example`;
  await t.db.user.create({
    data: {
      email: adminEmail,
      name: "Platform Admin",
      passwordHash: await hashPassword(TEST_PASSWORD),
      role: "admin",
      permissions: ["all"],
    },
  });
  adminToken = await signIn(t.url, adminEmail);
});
afterAll(() => t.close());

/** Each test speaks from its own client address, so that one test's rate limit is not another's. */
const from = (address: string, token?: string) => ({
  "x-forwarded-for": address,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

describe("POST /api/telemetry/track", () => {
  it("records a signed-in user's event under their company, whatever user or company the body claims", async () => {
    const token = await signIn(t.url, company.users.member.email);
    const response = await post(
      `${t.url}/api/telemetry/track`,
      {
        event: "tenant_navigation",
        tenantId: victim.slug,
        userId: "someone-else",
        fromPath: "/jobs",
        toPath: "/crews",
        timestamp: Date.now() - 5000,
      },
      from("198.51.100.1", token),
    );
    expect(response.status).toBe(204);
    const stored = await t.db.telemetryEvent.findFirstOrThrow({
      where: { companyId: company.id, event: "tenant_navigation" },
    });
    expect(stored).toMatchObject({
      userId: company.users.member.id,
      fromPath: "/jobs",
      toPath: "/crews",
    });
    expect(Math.abs(stored.occurredAt.getTime() - (Date.now() - 5000))).toBeLessThan(3000);
  });

  it("records a signed-out visitor's event under no company, and replaces a clock far off with the arrival time", async () => {
    const response = await post(
      `${t.url}/api/telemetry/track`,
      { event: "router_mode", mode: "public", path: "/", timestamp: "1999-01-01T00:00:00Z" },
      from("198.51.100.2"),
    );
    expect(response.status).toBe(204);
    const stored = await t.db.telemetryEvent.findFirstOrThrow({
      where: { event: "router_mode", mode: "public" },
      orderBy: { createdAt: "desc" },
    });
    expect(stored.companyId).toBeNull();
    expect(Math.abs(stored.occurredAt.getTime() - Date.now())).toBeLessThan(5000);
  });

  it("limits how many events one address may send a minute", async () => {
    const address = from("198.51.100.23");
    const statuses: number[] = [];
    for (let i = 0; i < TELEMETRY_EVENTS_PER_MINUTE; i++) {
      statuses.push(
        (await post(`${t.url}/api/telemetry/track`, { event: "router_mode", mode: "flood" }, address)).status,
      );
    }
    expect(statuses.every((s) => s === 204)).toBe(true);
    const refused = await post(`${t.url}/api/telemetry/track`, { event: "router_mode", mode: "flood" }, address);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many requests/);
    expect(await t.db.telemetryEvent.count({ where: { mode: "flood" } })).toBe(TELEMETRY_EVENTS_PER_MINUTE);
  });

  it("answers 400 naming the field for an unknown event and stores nothing", async () => {
    const before = await t.db.telemetryEvent.count();
    const response = await post(`${t.url}/api/telemetry/track`, { event: "drop_tables" }, from("198.51.100.3"));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: "event" });
    expect(await t.db.telemetryEvent.count()).toBe(before);
  });
});

describe("POST /api/brain/telemetry/*", () => {
  it("stores a signed-in user's vitals under the session's company and user, never the body's", async () => {
    const token = await signIn(t.url, company.users.owner.email);
    const route = `/attributed-${randomUUID()}`;
    const response = await post(
      `${t.url}/api/brain/telemetry/performance`,
      {
        ttfb: 120.5,
        lcp: 900,
        fid: 24,
        cls: 0.02,
        route,
        tenant: victim.slug,
        bundleSize: 420_000,
        cacheHit: false,
        timestamp: Date.now(),
        companyId: randomUUID(),
        userId: randomUUID(),
      },
      from("198.51.100.10", token),
    );
    expect(response.status).toBe(204);
    const stored = await t.db.performanceMetric.findFirstOrThrow({ where: { route } });
    expect(stored).toMatchObject({
      companyId: company.id,
      userId: company.users.owner.id,
      ttfb: 120.5,
      lcp: 900,
      fid: 24,
      cls: 0.02,
      bundleSize: 420_000,
      cacheHit: false,
    });

    const anonymousRoute = `/anonymous-${randomUUID()}`;
    expect(
      (
        await post(
          `${t.url}/api/brain/telemetry/performance`,
          { lcp: 3000, route: anonymousRoute },
          from("198.51.100.10"),
        )
      ).status,
    ).toBe(204);
    expect(await t.db.performanceMetric.findFirstOrThrow({ where: { route: anonymousRoute } })).toMatchObject({
      companyId: null,
      userId: null,
      lcp: 3000,
      ttfb: null,
    });
  });

  it("stores a threshold alert and a bundle alert", async () => {
    const token = await signIn(t.url, company.users.member.email);
    const route = `/alerts-${randomUUID()}`;
    const alert = {
      type: "performance_threshold_exceeded",
      metric: "lcp",
      value: 4100,
      threshold: 2500,
      route,
      tenant: null,
      timestamp: new Date().toISOString(),
      userAgent: "Chromium",
    };
    expect((await post(`${t.url}/api/brain/telemetry/alert`, alert, from("198.51.100.11", token))).status).toBe(204);
    const bundle = {
      type: "bundle_size_exceeded",
      fileName: "/assets/index-abc.js",
      size: 1_200_000,
      sizeMB: 1.2,
      route,
      timestamp: Date.now(),
    };
    expect((await post(`${t.url}/api/brain/telemetry/bundle-alert`, bundle, from("198.51.100.11", token))).status).toBe(
      204,
    );
    const stored = await t.db.performanceAlert.findMany({ where: { route }, orderBy: { kind: "asc" } });
    expect(stored).toMatchObject([
      {
        kind: "bundle",
        metric: "bundle",
        value: 1_200_000,
        threshold: 1_000_000,
        fileName: "/assets/index-abc.js",
        companyId: company.id,
      },
      {
        kind: "metric",
        metric: "lcp",
        value: 4100,
        threshold: 2500,
        userAgent: "Chromium",
        companyId: company.id,
        userId: company.users.member.id,
      },
    ]);
  });

  it.each([
    ["performance", { route: "/jobs" }, "ttfb"],
    ["performance", { lcp: -1, route: "/jobs" }, "lcp"],
    ["performance", { lcp: 100 }, "route"],
    ["alert", { type: "x", metric: "fcp", value: 1, threshold: 1, route: "/" }, "metric"],
    ["bundle-alert", { type: "x", fileName: "a.js", size: 1.5, sizeMB: 1, route: "/" }, "size"],
  ])("refuses a malformed %s body (400 naming %s) and stores nothing", async (call, body, field) => {
    const before = (await t.db.performanceMetric.count()) + (await t.db.performanceAlert.count());
    const response = await post(`${t.url}/api/brain/telemetry/${call}`, body, from("198.51.100.12"));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field });
    expect((await t.db.performanceMetric.count()) + (await t.db.performanceAlert.count())).toBe(before);
  });

  it("refuses a body over the size limit (413) and stores nothing", async () => {
    const before = await t.db.performanceMetric.count();
    const body = JSON.stringify({ lcp: 1, route: "/", padding: "x".repeat(TELEMETRY_BODY_LIMIT) });
    const response = await fetch(`${t.url}/api/brain/telemetry/performance`, {
      method: "POST",
      headers: { "content-type": "application/json", ...from("198.51.100.13") },
      body,
    });
    expect(response.status).toBe(413);
    expect(await t.db.performanceMetric.count()).toBe(before);
  });

  it("limits one address's reports a minute across the three calls (429), other addresses unaffected", async () => {
    const address = from("198.51.100.24");
    const route = `/flood-${randomUUID()}`;
    const statuses: number[] = [];
    for (let i = 0; i < PERFORMANCE_REPORTS_PER_MINUTE - 1; i++) {
      statuses.push((await post(`${t.url}/api/brain/telemetry/performance`, { cls: 0.01, route }, address)).status);
    }
    statuses.push(
      (
        await post(
          `${t.url}/api/brain/telemetry/bundle-alert`,
          { type: "x", fileName: "a.js", size: 2_000_000, sizeMB: 2, route },
          address,
        )
      ).status,
    );
    expect(statuses.every((s) => s === 204)).toBe(true);
    const refused = await post(
      `${t.url}/api/brain/telemetry/alert`,
      { type: "x", metric: "cls", value: 0.5, threshold: 0.1, route },
      address,
    );
    expect(refused.status).toBe(429);
    expect(await t.db.performanceMetric.count({ where: { route } })).toBe(PERFORMANCE_REPORTS_PER_MINUTE - 1);
    expect(await t.db.performanceAlert.count({ where: { route } })).toBe(1);
    expect(
      (await post(`${t.url}/api/brain/telemetry/performance`, { cls: 0.01, route }, from("198.51.100.25"))).status,
    ).toBe(204);
  });
});

describe("GET /api/admin/telemetry/*", () => {
  it("gives a platform admin the 75th percentile of each vital by route and by tenant, computed over the samples", async () => {
    const route = `/p75-${randomUUID()}`;
    const sender = await createTestCompany(t.db);
    const token = await signIn(t.url, sender.users.owner.email);
    // ttfb 100, 200, 300, 400: the 75th percentile (interpolated) is 325; fid only in two samples: 10, 30 → 25.
    // Each body names the victim as its tenant; the samples count under the sender's company all the same.
    for (const [index, ttfb] of [100, 200, 300, 400].entries()) {
      await post(
        `${t.url}/api/brain/telemetry/performance`,
        { ttfb, ...(index < 2 ? { fid: index === 0 ? 10 : 30 } : {}), route, tenant: victim.slug },
        from("198.51.100.30", token),
      );
    }
    // A signed-out visitor's, naming the victim too, belong to no company.
    await post(
      `${t.url}/api/brain/telemetry/performance`,
      { ttfb: 5000, route, tenant: victim.slug },
      from("198.51.100.30"),
    );
    const byRoute = await callApi(t.url, "GET", "/api/admin/telemetry/vitals?days=1&by=route", adminToken);
    expect(byRoute.status).toBe(200);
    const series = byRoute.body as unknown as VitalsSeries;
    expect(series.bucket).toBe("hour");
    expect(series.points.filter((point) => point.key === route)).toEqual([
      expect.objectContaining({ key: route, samples: 5, fid: 25, lcp: null, cls: null }),
    ]);
    const byTenant = (await callApi(t.url, "GET", "/api/admin/telemetry/vitals?days=30&by=tenant", adminToken))
      .body as unknown as VitalsSeries;
    expect(byTenant.bucket).toBe("day");
    expect(byTenant.points.find((point) => point.key === sender.slug)).toMatchObject({ samples: 4, ttfb: 325 });
    expect(byTenant.points.some((point) => point.key === victim.slug)).toBe(false);
  });

  it("gives a platform admin the alerts and the tenants' activity", async () => {
    const route = `/admin-alerts-${randomUUID()}`;
    const owner = await signIn(t.url, company.users.owner.email);
    await post(
      `${t.url}/api/brain/telemetry/alert`,
      { type: "x", metric: "ttfb", value: 1500, threshold: 1000, route, tenant: victim.slug },
      from("198.51.100.31", owner),
    );
    const visitorRoute = `/admin-alerts-visitor-${randomUUID()}`;
    await post(
      `${t.url}/api/brain/telemetry/alert`,
      { type: "x", metric: "lcp", value: 9000, threshold: 2500, route: visitorRoute, tenant: victim.slug },
      from("198.51.100.31"),
    );
    const alerts = (await callApi(t.url, "GET", "/api/admin/telemetry/alerts?days=1", adminToken))
      .body as unknown as AlertsOverview;
    expect(alerts.latest.find((alert) => alert.route === route)).toMatchObject({
      kind: "metric",
      metric: "ttfb",
      value: 1500,
      threshold: 1000,
      tenant: company.slug,
    });
    expect(alerts.latest.find((alert) => alert.route === visitorRoute)).toMatchObject({ tenant: null });
    expect(alerts.counts.some((count) => count.metric === "ttfb" && count.count >= 1)).toBe(true);

    // A user's events count under the user's company, a visitor's under none, whichever tenant the body names.
    const sender = await createTestCompany(t.db);
    const token = await signIn(t.url, sender.users.member.email);
    for (const event of ["tenant_access", "tenant_navigation", "tenant_navigation"]) {
      await post(`${t.url}/api/telemetry/track`, { event, tenantId: victim.slug }, from("198.51.100.32", token));
      await post(`${t.url}/api/telemetry/track`, { event, tenantId: victim.slug }, from("198.51.100.32"));
    }
    const activity = (await callApi(t.url, "GET", "/api/admin/telemetry/tenant-activity?days=7", adminToken))
      .body as unknown as TenantActivity;
    expect(activity.points.find((point) => point.tenant === sender.slug)).toMatchObject({
      accesses: 1,
      navigations: 2,
      impersonations: 0,
    });
    expect(activity.points.some((point) => point.tenant === victim.slug)).toBe(false);
  });

  it("refuses every company role (403) and a visitor (401)", async () => {
    for (const role of ["owner", "member", "field_user"] as const) {
      const token = await signIn(t.url, company.users[role].email);
      for (const path of ["vitals", "alerts", "tenant-activity"]) {
        expect((await callApi(t.url, "GET", `/api/admin/telemetry/${path}`, token)).status).toBe(403);
      }
    }
    expect((await fetch(`${t.url}/api/admin/telemetry/vitals`)).status).toBe(401);
  });

  it("refuses a range beyond 90 days (400)", async () => {
    expect((await callApi(t.url, "GET", "/api/admin/telemetry/alerts?days=91", adminToken)).status).toBe(400);
  });
});
