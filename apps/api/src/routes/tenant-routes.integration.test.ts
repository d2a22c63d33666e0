import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@fieldops/domain/accounts/passwords";
import { defaultPermissions } from "@fieldops/shared/roles";
import { TENANT_CONFIG_REQUESTS_PER_MINUTE } from "@fieldops/shared/tenants";
import {
  createTestCompany,
  signIn,
  startTestApp,
  TEST_PASSWORD,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";

let t: TestApp;
let company: TestCompany;
let other: TestCompany;
beforeAll(async () => {
  t = await startTestApp();
  company = await createTestCompany(t.db);
  other = await createTestCompany(t.db);
  await t.db.company.update({
    where: { id: company.id },
    data: { features: ["jobs", "leads"], betaMode: true, homePath: "dashboard" },
  });
});
afterAll(() => t.close());

const configPath = (tenantId: string) => `/api/tenants/${encodeURIComponent(tenantId)}/config`;
/** Each test its own client address, so the rate limit of one does not refuse another's requests. */
const fromAddress = () => ({ "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 200) + 1}` });

async function readConfig(tenantId: string, token?: string) {
  const response = await fetch(`${t.url}${configPath(tenantId)}`, {
    headers: { ...fromAddress(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const publicPart = () => ({
  id: company.id,
  slug: company.slug,
  branding: { name: expect.stringMatching(/^Test Co /), logo: null, primaryColor: "#16a34a" },
  industry: "lawn-care",
  homePath: "dashboard",
  whiteLabel: false,
});

describe("GET /api/tenants/{tenantId}/config", () => {
  it("gives the tenant's own users, whatever their role, the whole config by slug or by id", async () => {
    for (const role of ["owner", "member", "field_user"] as const) {
      const token = await signIn(t.url, company.users[role].email);
      const bySlug = await readConfig(company.slug, token);
      expect(bySlug.status).toBe(200);
      expect(bySlug.body).toEqual({
        ...publicPart(),
        plan: "pro",
        planName: "Pro",
        features: ["jobs", "leads"],
        betaMode: true,
      });
      expect((await readConfig(company.id, token)).body).toEqual(bySlug.body);
    }
  });

  it("gives a visitor only what the tenant's login page shows", async () => {
    const { status, body } = await readConfig(company.slug);
    expect(status).toBe(200);
    expect(body).toEqual({ ...publicPart(), plan: null, planName: null, features: null, betaMode: null });
  });

  it("gives another company's owner no more than a visitor", async () => {
    const token = await signIn(t.url, other.users.owner.email);
    const { status, body } = await readConfig(company.slug, token);
    expect(status).toBe(200);
    expect(body).toEqual({ ...publicPart(), plan: null, planName: null, features: null, betaMode: null });
  });

  it("gives a platform admin the whole config of any tenant", async () => {
    const email = `admin-${randomUUID().slice(0, 8)}@test.example`;
    await t.db.user.create({
      data: {
        companyId: null,
        email,
        name: "Platform admin",
        passwordHash: await hashPassword(TEST_PASSWORD),
        role: "admin",
        permissions: defaultPermissions("admin"),
      },
    });
    try {
      const { body } = await readConfig(company.slug, await signIn(t.url, email));
      expect(body).toMatchObject({ plan: "pro", features: ["jobs", "leads"], betaMode: true });
    } finally {
      await t.db.session.deleteMany({ where: { user: { email } } });
      await t.db.user.delete({ where: { email } });
    }
  });

  it("answers 'Tenant not found' (404) for an unknown slug, an unknown id and a malformed name alike", async () => {
    for (const tenantId of [`no-such-${randomUUID().slice(0, 8)}`, randomUUID(), "Not A Slug!"]) {
      expect(await readConfig(tenantId)).toEqual({ status: 404, body: { message: "Tenant not found" } });
    }
  });

  it("limits how many configs one address may read a minute", async () => {
    const address = { "x-forwarded-for": "203.0.113.77" };
    for (let i = 0; i < TENANT_CONFIG_REQUESTS_PER_MINUTE; i++) {
      expect((await fetch(`${t.url}${configPath(company.slug)}`, { headers: address })).status).toBe(200);
    }
    const refused = await fetch(`${t.url}${configPath(company.slug)}`, { headers: address });
    expect(refused.status).toBe(429);
  });
});
