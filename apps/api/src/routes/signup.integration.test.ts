import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { post, startTestApp, type TestApp } from "../../../../tests/integration/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const unique = () => Math.random().toString(36).slice(2, 8);

describe("POST /api/signup", () => {
  it("creates the company with a slug from its name, its owner on a 7-day Starter trial, and signs in", async () => {
    const tag = unique();
    const email = `founder-${tag}@test.example`;
    const response = await post(`${t.url}/api/signup`, {
      companyName: `Blue Ridge HVAC ${tag}`,
      name: "Fran Founder",
      email,
      password: "a-long-password",
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { token: string; user: { role: string; companyId: string } };
    expect(body.user.role).toBe("owner");
    const company = await t.db.company.findUniqueOrThrow({ where: { id: body.user.companyId } });
    expect(company.slug).toBe(`blue-ridge-hvac-${tag}`);
    expect(company.planId).toBe("starter");
    const trialDays = (company.trialEndsAt!.getTime() - Date.now()) / (24 * 3600 * 1000);
    expect(trialDays).toBeGreaterThan(6.9);
    expect(trialDays).toBeLessThanOrEqual(7);
    const me = await fetch(`${t.url}/api/user`, { headers: { authorization: `Bearer ${body.token}` } });
    expect(await me.json()).toMatchObject({ email, role: "owner" });
  });

  it("puts the company on the plan chosen at the pricing step", async () => {
    const response = await post(`${t.url}/api/signup`, {
      companyName: "Pro Plan Plumbing",
      name: "Pat",
      email: `pat-${unique()}@test.example`,
      password: "a-long-password",
      plan: "pro",
    });
    const body = (await response.json()) as { user: { companyId: string } };
    expect((await t.db.company.findUniqueOrThrow({ where: { id: body.user.companyId } })).planId).toBe("pro");
  });

  it("gives a second company of the same name a distinct slug, and a reserved name a usable one", async () => {
    const name = `Twin Lawns ${unique()}`;
    const slugs: string[] = [];
    for (const n of [1, 2]) {
      const response = await post(`${t.url}/api/signup`, { companyName: name, name: "T", email: `twin${n}-${unique()}@test.example`, password: "a-long-password" });
      const { user } = (await response.json()) as { user: { companyId: string } };
      slugs.push((await t.db.company.findUniqueOrThrow({ where: { id: user.companyId } })).slug);
    }
    expect(slugs[1]).toBe(`${slugs[0]}-2`);
    const reserved = await post(`${t.url}/api/signup`, { companyName: "Admin", name: "A", email: `admin-co-${unique()}@test.example`, password: "a-long-password" });
    const { user } = (await reserved.json()) as { user: { companyId: string } };
    expect((await t.db.company.findUniqueOrThrow({ where: { id: user.companyId } })).slug).toBe("admin-co");
  });

  it("refuses an e-mail that already has an account, with 409 naming the field, and creates nothing", async () => {
    const email = `dup-${unique()}@test.example`;
    await post(`${t.url}/api/signup`, { companyName: "First Co", name: "A", email, password: "a-long-password" });
    const before = await t.db.company.count();
    const response = await post(`${t.url}/api/signup`, { companyName: "Second Co", name: "B", email: email.toUpperCase(), password: "a-long-password" });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: "An account with this email already exists", field: "email" });
    expect(await t.db.company.count()).toBe(before);
  });

  it("answers 400 naming the field for a short password, a bad e-mail or an unknown plan", async () => {
    const base = { companyName: "Valid Co", name: "V", email: `v-${unique()}@test.example`, password: "a-long-password" };
    for (const [field, value] of [["password", "short"], ["email", "nope"], ["plan", "platinum"], ["companyName", ""]] as const) {
      const response = await post(`${t.url}/api/signup`, { ...base, [field]: value });
      expect(response.status, field).toBe(400);
      expect(await response.json()).toMatchObject({ field });
    }
  });
});
