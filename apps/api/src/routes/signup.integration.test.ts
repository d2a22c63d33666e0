import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { post, startTestApp, type TestApp } from "../../../../tests/integration/test-app.ts";
import { SIGNUPS_PER_HOUR } from "../routes/auth-routes.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const unique = () => Math.random().toString(36).slice(2, 8);
let addresses = 0;
/** Sign-up is limited per client address; each test speaks from its own (the test app trusts X-Forwarded-For). */
const fromNewAddress = () => ({ "x-forwarded-for": `198.18.${Math.floor(++addresses / 250)}.${addresses % 250}` });

describe("POST /api/signup", () => {
  it("creates the company with a slug from its name, its owner on a 7-day Starter trial, and signs in", async () => {
    const from = fromNewAddress();
    const tag = unique();
    const email = `founder-${tag}@test.example`;
    const response = await post(
      `${t.url}/api/signup`,
      {
        companyName: `Blue Ridge HVAC ${tag}`,
        name: "Fran Founder",
        email,
        password: "a-long-password",
      },
      from,
    );
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
    const from = fromNewAddress();
    const response = await post(
      `${t.url}/api/signup`,
      {
        companyName: "Pro Plan Plumbing",
        name: "Pat",
        email: `pat-${unique()}@test.example`,
        password: "a-long-password",
        plan: "pro",
      },
      from,
    );
    const body = (await response.json()) as { user: { companyId: string } };
    expect((await t.db.company.findUniqueOrThrow({ where: { id: body.user.companyId } })).planId).toBe("pro");
  });

  it("gives a second company of the same name a distinct slug, and a reserved name a usable one", async () => {
    const from = fromNewAddress();
    const name = `Twin Lawns ${unique()}`;
    const slugs: string[] = [];
    for (const n of [1, 2]) {
      const response = await post(
        `${t.url}/api/signup`,
        { companyName: name, name: "T", email: `twin${n}-${unique()}@test.example`, password: "a-long-password" },
        from,
      );
      const { user } = (await response.json()) as { user: { companyId: string } };
      slugs.push((await t.db.company.findUniqueOrThrow({ where: { id: user.companyId } })).slug);
    }
    expect(slugs[1]).toBe(`${slugs[0]}-2`);
    const reserved = await post(
      `${t.url}/api/signup`,
      { companyName: "Admin", name: "A", email: `admin-co-${unique()}@test.example`, password: "a-long-password" },
      from,
    );
    const { user } = (await reserved.json()) as { user: { companyId: string } };
    expect((await t.db.company.findUniqueOrThrow({ where: { id: user.companyId } })).slug).toBe("admin-co");
  });

  it("gives the company the slug asked for, and refuses one another company has (409 naming the slug)", async () => {
    const from = fromNewAddress();
    const slug = `chosen-${unique()}`;
    const first = await post(
      `${t.url}/api/signup`,
      {
        companyName: "Any Name Co",
        slug,
        name: "C",
        email: `chosen-${unique()}@test.example`,
        password: "a-long-password",
      },
      from,
    );
    expect(first.status).toBe(201);
    const { user } = (await first.json()) as { user: { companyId: string } };
    expect((await t.db.company.findUniqueOrThrow({ where: { id: user.companyId } })).slug).toBe(slug);
    const email = `taken-${unique()}@test.example`;
    const taken = await post(
      `${t.url}/api/signup`,
      { companyName: "Other Co", slug, name: "C", email, password: "a-long-password" },
      from,
    );
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ message: "This slug is already taken", field: "slug" });
    expect(await t.db.user.count({ where: { email } })).toBe(0);
  });

  it.each([
    ["ab", "Slug must be at least 3 characters long"],
    ["a".repeat(51), "Slug must be 50 characters or less"],
    ["Green_Valley", "Slug can only contain lowercase letters, numbers, and hyphens"],
    ["green-", "Slug cannot start or end with a hyphen"],
    ["admin-dashboard", "This slug is reserved and cannot be used"],
  ])("refuses the slug %s with 400 '%s' and creates nothing", async (slug, message) => {
    const email = `bad-slug-${unique()}@test.example`;
    const response = await post(
      `${t.url}/api/signup`,
      { companyName: "Bad Slug Co", slug, name: "B", email, password: "a-long-password" },
      fromNewAddress(),
    );
    expect(response.status).toBe(400);
    // The error handler names the field before the rule it broke, as for every refused body.
    expect(await response.json()).toMatchObject({ message, field: "slug" });
    expect(await t.db.user.count({ where: { email } })).toBe(0);
  });

  it("refuses an e-mail that already has an account, with 409 naming the field, and creates nothing", async () => {
    const from = fromNewAddress();
    const email = `dup-${unique()}@test.example`;
    await post(`${t.url}/api/signup`, { companyName: "First Co", name: "A", email, password: "a-long-password" }, from);
    const before = await t.db.company.count();
    const response = await post(
      `${t.url}/api/signup`,
      { companyName: "Second Co", name: "B", email: email.toUpperCase(), password: "a-long-password" },
      from,
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: "An account with this email already exists", field: "email" });
    expect(await t.db.company.count()).toBe(before);
  });

  it("answers 400 naming the field for a short password, a bad e-mail or an unknown plan", async () => {
    const from = fromNewAddress();
    const base = {
      companyName: "Valid Co",
      name: "V",
      email: `v-${unique()}@test.example`,
      password: "a-long-password",
    };
    for (const [field, value] of [
      ["password", "short"],
      ["email", "nope"],
      ["plan", "platinum"],
      ["companyName", ""],
    ] as const) {
      const response = await post(`${t.url}/api/signup`, { ...base, [field]: value }, from);
      expect(response.status, field).toBe(400);
      expect(await response.json()).toMatchObject({ field });
    }
  });

  it("gives five concurrent sign-ups of one company name and different e-mails five companies with distinct slugs", async () => {
    const name = `Rush Roofing ${unique()}`;
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        post(
          `${t.url}/api/signup`,
          { companyName: name, name: "R", email: `rush${n}-${unique()}@test.example`, password: "a-long-password" },
          fromNewAddress(),
        ),
      ),
    );
    const bodies = await Promise.all(
      responses.map(async (r) => ({ status: r.status, body: (await r.json()) as { user?: { companyId: string } } })),
    );
    expect(bodies.map((b) => b.status)).toEqual([201, 201, 201, 201, 201]);
    const companies = await t.db.company.findMany({ where: { id: { in: bodies.map((b) => b.body.user!.companyId) } } });
    const base = companies.map((c) => c.slug).sort()[0]!;
    expect(companies.map((c) => c.slug).sort()).toEqual([base, `${base}-2`, `${base}-3`, `${base}-4`, `${base}-5`]);
  });

  it("gives two concurrent sign-ups of one e-mail one account, and the other a 409 naming the e-mail", async () => {
    const email = `same-${unique()}@test.example`;
    const responses = await Promise.all(
      ["One Co", "Two Co"].map((companyName) =>
        post(`${t.url}/api/signup`, { companyName, name: "S", email, password: "a-long-password" }, fromNewAddress()),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = responses.find((r) => r.status === 409)!;
    expect(await refused.json()).toEqual({ message: "An account with this email already exists", field: "email" });
    expect(await t.db.user.count({ where: { email } })).toBe(1);
  });

  it("limits sign-ups per client address; bodies refused as invalid do not count", async () => {
    const from = fromNewAddress();
    const valid = () => ({
      companyName: `Busy Co ${unique()}`,
      name: "B",
      email: `busy-${unique()}@test.example`,
      password: "a-long-password",
    });
    for (let i = 0; i < 3; i++)
      expect((await post(`${t.url}/api/signup`, { ...valid(), email: "invalid" }, from)).status).toBe(400);
    for (let i = 0; i < SIGNUPS_PER_HOUR; i++)
      expect((await post(`${t.url}/api/signup`, valid(), from)).status).toBe(201);
    const refused = await post(`${t.url}/api/signup`, valid(), from);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many requests/);
    expect((await post(`${t.url}/api/signup`, valid(), fromNewAddress())).status).toBe(201);
  });
});
