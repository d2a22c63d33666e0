import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@fieldops/domain/accounts/passwords";
import { hashToken } from "@fieldops/domain/accounts/sessions";
import { LOGIN_LIMITS } from "@fieldops/domain/accounts/login-rate-limit";
import {
  TEST_PASSWORD,
  createTestCompany,
  post,
  signIn,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";

let t: TestApp;
let company: TestCompany;

beforeAll(async () => {
  t = await startTestApp();
  company = await createTestCompany(t.db);
});
afterAll(() => t.close());

describe("POST /api/login", () => {
  it("returns a token and the user with its role, and sets an httpOnly session cookie", async () => {
    const response = await post(`${t.url}/api/login`, { username: company.users.owner.email, password: TEST_PASSWORD });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; user: { role: string; email: string; companyId: string } };
    expect(body.user).toMatchObject({ role: "owner", email: company.users.owner.email, companyId: company.id });
    expect(body.token.length).toBeGreaterThan(30);
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^session=/);
    expect(cookie).toMatch(/HttpOnly/i);
  });

  it("accepts the e-mail in any case and with surrounding spaces", async () => {
    const response = await post(`${t.url}/api/login`, {
      username: `  ${company.users.member.email.toUpperCase()} `,
      password: TEST_PASSWORD,
    });
    expect(response.status).toBe(200);
  });

  it("stores only a hash of the token", async () => {
    const token = await signIn(t.url, company.users.member.email);
    const sessions = await t.db.session.findMany({ where: { userId: company.users.member.id } });
    expect(sessions.some((s) => s.tokenHash === hashToken(token))).toBe(true);
    expect(sessions.some((s) => s.tokenHash === token)).toBe(false);
  });

  it("answers 401 Invalid credentials for a wrong password and for an unknown account alike", async () => {
    const wrong = await post(`${t.url}/api/login`, {
      username: company.users.field_user.email,
      password: "nope-nope-nope",
    });
    const unknown = await post(`${t.url}/api/login`, { username: "nobody@test.example", password: "nope-nope-nope" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: "Invalid credentials" });
    expect(await unknown.json()).toEqual({ message: "Invalid credentials" });
  });

  it("answers 400 naming the field for a malformed e-mail or a missing password", async () => {
    const badEmail = await post(`${t.url}/api/login`, { username: "not-an-email", password: "x" });
    expect(badEmail.status).toBe(400);
    expect(await badEmail.json()).toMatchObject({ field: "username" });
    const noPassword = await post(`${t.url}/api/login`, { username: company.users.owner.email });
    expect(noPassword.status).toBe(400);
    expect(await noPassword.json()).toMatchObject({ field: "password" });
  });

  it("answers 400 for a body that is not JSON", async () => {
    const response = await fetch(`${t.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message.length).toBeGreaterThan(0);
  });

  it("slows one account's failures at one address: after the free attempts even the right password waits", async () => {
    const victim = await createTestCompany(t.db);
    const email = victim.users.owner.email;
    for (let i = 0; i < LOGIN_LIMITS.accountAddress.free; i++) {
      expect((await post(`${t.url}/api/login`, { username: email, password: `wrong-${i}` })).status).toBe(401);
    }
    const blocked = await post(`${t.url}/api/login`, { username: email, password: TEST_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await blocked.json()) as { message: string }).message).toMatch(
      /^Too many failed sign-in attempts. Try again in \d+ seconds?\.$/,
    );
    // Another account from the same address is not slowed by that.
    expect(
      (await post(`${t.url}/api/login`, { username: victim.users.member.email, password: TEST_PASSWORD })).status,
    ).toBe(200);
  });

  it("checks at most the free attempts of 30 parallel wrong passwords, and the owner still signs in from elsewhere", async () => {
    const victim = await createTestCompany(t.db);
    const email = victim.users.owner.email;
    const attacker = { "x-forwarded-for": "203.0.113.30" };
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post(`${t.url}/api/login`, { username: email, password: `guess-${i}` }, attacker).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.accountAddress.free);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - LOGIN_LIMITS.accountAddress.free);
    const owner = await post(
      `${t.url}/api/login`,
      { username: email, password: TEST_PASSWORD },
      { "x-forwarded-for": "198.51.100.7" },
    );
    expect(owner.status).toBe(200);
  });

  it("slows guesses at one account from many addresses, but not at an address the owner has signed in from", async () => {
    const victim = await createTestCompany(t.db);
    const email = victim.users.owner.email;
    const usual = { "x-forwarded-for": "198.51.100.20" };
    expect((await post(`${t.url}/api/login`, { username: email, password: TEST_PASSWORD }, usual)).status).toBe(200);
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post(
          `${t.url}/api/login`,
          { username: email, password: `guess-${i}` },
          { "x-forwarded-for": `203.0.113.${100 + i}` },
        ).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.account.free);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - LOGIN_LIMITS.account.free);

    expect((await post(`${t.url}/api/login`, { username: email, password: TEST_PASSWORD }, usual)).status).toBe(200);
    // From an address never used before, the owner is delayed (not locked out for long).
    const elsewhere = await post(
      `${t.url}/api/login`,
      { username: email, password: TEST_PASSWORD },
      { "x-forwarded-for": "192.0.2.99" },
    );
    expect(elsewhere.status).toBe(429);
    expect(Number(elsewhere.headers.get("retry-after"))).toBeLessThanOrEqual(LOGIN_LIMITS.account.maxMs / 1000);
  });

  it("limits failures per address across accounts", async () => {
    const address = { "x-forwarded-for": "203.0.113.77" };
    for (let i = 0; i < LOGIN_LIMITS.address.free; i++) {
      await post(`${t.url}/api/login`, { username: `spray-${i}@test.example`, password: "guess-guess" }, address);
    }
    const blocked = await post(
      `${t.url}/api/login`,
      { username: company.users.owner.email, password: TEST_PASSWORD },
      address,
    );
    expect(blocked.status).toBe(429);
  });

  it("never writes the password or the token into the logs", async () => {
    const token = await signIn(t.url, company.users.owner.email);
    await fetch(`${t.url}/api/user`, { headers: { authorization: `Bearer ${token}` } });
    await fetch(`${t.url}/api/user`, { headers: { cookie: `session=${token}` } });
    const logs = t.logs.join("");
    expect(logs).toContain("/api/user");
    expect(logs).not.toContain(TEST_PASSWORD);
    expect(logs).not.toContain(token);
  });
});

describe("GET /api/user and POST /api/logout", () => {
  it("returns the user for a bearer token and for the session cookie, 401 without either", async () => {
    const token = await signIn(t.url, company.users.field_user.email);
    const byBearer = await fetch(`${t.url}/api/user`, { headers: { authorization: `Bearer ${token}` } });
    expect(byBearer.status).toBe(200);
    expect(await byBearer.json()).toMatchObject({ role: "field_user", email: company.users.field_user.email });
    const byCookie = await fetch(`${t.url}/api/user`, { headers: { cookie: `session=${token}` } });
    expect(byCookie.status).toBe(200);
    const anonymous = await fetch(`${t.url}/api/user`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: "Not signed in" });
    const forged = await fetch(`${t.url}/api/user`, { headers: { authorization: "Bearer forged-token" } });
    expect(forged.status).toBe(401);
  });

  it("logout ends the session: the token stops working and the cookie is cleared", async () => {
    const token = await signIn(t.url, company.users.member.email);
    const logout = await post(`${t.url}/api/logout`, undefined, { authorization: `Bearer ${token}` });
    expect(logout.status).toBe(204);
    expect(logout.headers.get("set-cookie")).toMatch(/session=;/);
    expect((await fetch(`${t.url}/api/user`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it("logout through one API process ends the session at once in every other process", async () => {
    const other = await startTestApp();
    try {
      const token = await signIn(t.url, company.users.owner.email);
      const headers = { authorization: `Bearer ${token}` };
      expect((await fetch(`${other.url}/api/user`, { headers })).status).toBe(200);
      expect((await post(`${t.url}/api/logout`, undefined, headers)).status).toBe(204);
      await expect
        .poll(async () => (await fetch(`${other.url}/api/user`, { headers })).status, { timeout: 2000 })
        .toBe(401);
    } finally {
      await other.close();
    }
  });

  it("an expired session no longer signs anyone in", async () => {
    const token = await signIn(t.url, company.users.owner.email);
    await t.db.session.update({
      where: { tokenHash: hashToken(token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await fetch(`${t.url}/api/user`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });
});

describe("company routes", () => {
  it("answer 404 to a signed-in user who belongs to no company (a platform admin)", async () => {
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
    const token = await signIn(t.url, email);
    for (const path of ["/api/company", "/api/activity"]) {
      const response = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ message: "You do not belong to a company" });
    }
  });
});

describe("unknown API routes", () => {
  it("answer 404 with a message", async () => {
    const response = await fetch(`${t.url}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Not found: GET /api/nothing-here" });
  });
});
