import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_A_DEMO_COMPANY } from "@fieldops/shared/demo";
import {
  callApi,
  createTestCompany,
  signIn,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";

let t: TestApp;
let demo: TestCompany;
let other: TestCompany;
beforeAll(async () => {
  t = await startTestApp();
  demo = await createTestCompany(t.db, { planId: "pro" });
  await t.db.company.update({
    where: { id: demo.id },
    data: { isDemo: true, features: ["jobs", "scheduling", "billing", "payments", "reporting", "ai_chat"] },
  });
  other = await createTestCompany(t.db, { planId: "pro" });
});
afterAll(() => t.close());

const tokenOf = (company: TestCompany, role: keyof TestCompany["users"]) => signIn(t.url, company.users[role].email);

describe("GET /api/demo/status", () => {
  it("says whether the company is a demo, with its switched tier", async () => {
    expect((await callApi(t.url, "GET", "/api/demo/status", await tokenOf(demo, "member"))).body).toEqual({
      isDemoCompany: true,
      demoDocsVisible: true,
      demoTierOverride: null,
    });
    expect((await callApi(t.url, "GET", "/api/demo/status", await tokenOf(other, "owner"))).body).toEqual({
      isDemoCompany: false,
      demoDocsVisible: false,
      demoTierOverride: null,
    });
    expect((await fetch(`${t.url}/api/demo/status`)).status).toBe(401);
  });
});

describe("POST /api/demo/tier", () => {
  it("lets a demo company's owner switch its tier: the plan, its features and the tenant's sidebar features follow", async () => {
    const owner = await tokenOf(demo, "owner");
    const switched = await callApi(t.url, "POST", "/api/demo/tier", owner, { tier: "starter" });
    expect(switched.status).toBe(200);
    expect(switched.body).toEqual({ isDemoCompany: true, demoDocsVisible: true, demoTierOverride: "starter" });

    const company = await callApi(t.url, "GET", "/api/company", owner);
    expect(company.body).toMatchObject({ id: demo.id, planId: "starter", planName: "Starter" });
    const config = await callApi(t.url, "GET", `/api/tenants/${demo.slug}/config`, owner);
    expect(config.body).toMatchObject({ plan: "starter", features: ["jobs", "scheduling"], whiteLabel: false });
    // A starter plan refuses growth features at once.
    expect((await callApi(t.url, "GET", "/api/invoices", owner)).status).toBe(403);

    await callApi(t.url, "POST", "/api/demo/tier", owner, { tier: "suite" });
    expect((await callApi(t.url, "GET", `/api/tenants/${demo.slug}/config`, owner)).body).toMatchObject({
      plan: "suite",
      features: ["jobs", "scheduling", "billing", "payments", "reporting", "ai_chat"],
      whiteLabel: true,
    });
    const audit = await t.db.auditLog.findMany({
      where: { companyId: demo.id, action: "demo.tier_switched" },
      orderBy: { createdAt: "asc" },
    });
    expect(audit.map((entry) => entry.metadata)).toMatchObject([
      { summary: "Switched the demo to the Starter tier", changes: { planId: { from: "pro", to: "starter" } } },
      { summary: "Switched the demo to the Suite tier", changes: { planId: { from: "starter", to: "suite" } } },
    ]);
  });

  it("refuses a member and a field user (403), and changes nothing", async () => {
    const before = await t.db.company.findUniqueOrThrow({ where: { id: demo.id }, select: { planId: true } });
    for (const role of ["member", "field_user"] as const) {
      const response = await callApi(t.url, "POST", "/api/demo/tier", await tokenOf(demo, role), { tier: "growth" });
      expect(response.status).toBe(403);
    }
    expect(await t.db.company.findUniqueOrThrow({ where: { id: demo.id }, select: { planId: true } })).toEqual(before);
  });

  it("refuses the owner of a company that is not a demo (403), and changes nothing", async () => {
    const response = await callApi(t.url, "POST", "/api/demo/tier", await tokenOf(other, "owner"), { tier: "suite" });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ message: NOT_A_DEMO_COMPANY });
    expect(
      await t.db.company.findUniqueOrThrow({
        where: { id: other.id },
        select: { planId: true, demoTierOverride: true },
      }),
    ).toEqual({
      planId: "pro",
      demoTierOverride: null,
    });
  });

  it("refuses an unknown tier (400 naming tier) and a visitor (401)", async () => {
    const response = await callApi(t.url, "POST", "/api/demo/tier", await tokenOf(demo, "owner"), {
      tier: "enterprise",
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ field: "tier" });
    const visitor = await fetch(`${t.url}/api/demo/tier`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ tier: "pro" }),
    });
    expect(visitor.status).toBe(401);
  });
});

describe("GET /api/brain/context", () => {
  it("gives the signed-in user and their own company, nothing secret", async () => {
    await t.db.integrationConnection.create({
      data: { companyId: other.id, provider: "stripe", accessTokenEncrypted: "secret-ciphertext" },
    });
    const response = await callApi(t.url, "GET", "/api/brain/context", await tokenOf(other, "member"));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      company: {
        id: other.id,
        name: expect.any(String),
        verticalId: "landscaping",
        planId: "pro",
        integrations: ["stripe"],
        hipaaMode: false,
      },
      user: {
        id: other.users.member.id,
        name: expect.any(String),
        email: other.users.member.email,
        role: "member",
        permissions: ["view", "edit"],
      },
    });
    expect(JSON.stringify(response.body)).not.toContain("secret-ciphertext");
    expect((await fetch(`${t.url}/api/brain/context`)).status).toBe(401);
  });
});
