import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  TEST_PASSWORD,
  createTestCompany,
  post,
  signIn,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { CROSS_SITE_REFUSED } from "./cross-site-guard.ts";

let t: TestApp;
let company: TestCompany;

beforeAll(async () => {
  t = await startTestApp();
  company = await createTestCompany(t.db);
});
afterAll(() => t.close());

const signedIn = async (token: string) =>
  (await fetch(`${t.url}/api/user`, { headers: { authorization: `Bearer ${token}` } })).status === 200;

describe("state-changing requests signed in by cookie", () => {
  it("refuse a text/plain POST from another site's page: the session survives", async () => {
    const token = await signIn(t.url, company.users.owner.email);
    const foreignPages: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site", origin: "https://sub.evil.example" },
    ];
    for (const headers of foreignPages) {
      const response = await fetch(`${t.url}/api/logout`, {
        method: "POST",
        headers: { cookie: `session=${token}`, "content-type": "text/plain", ...headers },
        body: "x",
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toEqual({ message: CROSS_SITE_REFUSED });
    }
    expect(await signedIn(token)).toBe(true);
  });

  it("refuse a cookie that comes without the browser saying where from", async () => {
    const token = await signIn(t.url, company.users.owner.email);
    const response = await post(`${t.url}/api/logout`, undefined, { cookie: `session=${token}` });
    expect(response.status).toBe(403);
    expect(await signedIn(token)).toBe(true);
  });

  it("pass from the app's own pages (Origin or Sec-Fetch-Site)", async () => {
    const first = await signIn(t.url, company.users.member.email);
    expect((await post(`${t.url}/api/logout`, undefined, { cookie: `session=${first}`, origin: t.url })).status).toBe(
      204,
    );
    expect(await signedIn(first)).toBe(false);
    const second = await signIn(t.url, company.users.member.email);
    expect(
      (await post(`${t.url}/api/logout`, undefined, { cookie: `session=${second}`, "sec-fetch-site": "same-origin" }))
        .status,
    ).toBe(204);
    expect(await signedIn(second)).toBe(false);
  });
});

describe("requests without the session cookie", () => {
  it("with a bearer token are not subject to the origin check", async () => {
    const token = await signIn(t.url, company.users.field_user.email);
    expect((await post(`${t.url}/api/logout`, undefined, { authorization: `Bearer ${token}` })).status).toBe(204);
    expect(await signedIn(token)).toBe(false);
  });

  it("are refused when a page of another site sends them (sign-in to the attacker's account)", async () => {
    const response = await post(
      `${t.url}/api/login`,
      { username: company.users.owner.email, password: TEST_PASSWORD },
      { origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
  });
});

describe("bodies", () => {
  it("only JSON is accepted: text/plain and form bodies get 415 with a message", async () => {
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded"]) {
      const response = await fetch(`${t.url}/api/login`, {
        method: "POST",
        headers: { "content-type": contentType },
        body: "username=a&password=b",
      });
      expect(response.status, contentType).toBe(415);
      expect(((await response.json()) as { message: string }).message).toMatch(/Unsupported Media Type/i);
    }
  });
});
