import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditListResponse } from "@fieldops/shared/audit";
import type { ActiveSession } from "@fieldops/shared/security";
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
let other: TestCompany;

beforeAll(async () => {
  t = await startTestApp();
  company = await createTestCompany(t.db, { planId: "growth" });
  other = await createTestCompany(t.db, { planId: "growth" });
});
afterAll(() => t.close());

const call = (method: string, path: string, token: string, body?: unknown) => callApi(t.url, method, path, token, body);
const CHROME_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

async function signInWith(emailAddress: string, userAgent: string, password = TEST_PASSWORD): Promise<string> {
  const response = await post(`${t.url}/api/login`, { username: emailAddress, password }, { "user-agent": userAgent });
  return ((await response.json()) as { token: string }).token;
}

describe("sessions", () => {
  it("lists the user's own sessions with a readable device, revokes one, then all others, ending them at once", async () => {
    const here = await signInWith(company.users.member.email, CHROME_ON_WINDOWS);
    const phone = await signInWith(
      company.users.member.email,
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1",
    );
    const laptop = await signInWith(
      company.users.member.email,
      "Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0",
    );
    const ownerToken = await signIn(t.url, company.users.owner.email);
    const sessions = (await call("GET", "/api/security/sessions", here)).body.items as ActiveSession[];
    expect(sessions.map((s) => s.device).sort()).toEqual(["Chrome on Windows", "Firefox on Linux", "Safari on iPhone"]);
    expect(sessions.filter((s) => s.current).map((s) => s.device)).toEqual(["Chrome on Windows"]);
    expect((await call("GET", "/api/user", phone)).status).toBe(200);

    const phoneSession = sessions.find((s) => s.device === "Safari on iPhone")!;
    expect((await call("DELETE", `/api/security/sessions/${phoneSession.id}`, ownerToken)).status).toBe(404);
    expect((await call("GET", "/api/user", phone)).status).toBe(200);
    expect((await call("DELETE", `/api/security/sessions/${phoneSession.id}`, here)).body).toEqual({ revoked: 1 });
    expect((await call("GET", "/api/user", phone)).status).toBe(401);

    expect((await call("DELETE", "/api/security/sessions", here)).body).toEqual({ revoked: 1 });
    expect((await call("GET", "/api/user", laptop)).status).toBe(401);
    expect((await call("GET", "/api/user", here)).status).toBe(200);
    expect((await call("GET", "/api/user", ownerToken)).status).toBe(200);
  });

  it("changes the password only with the current one, and ends the user's other sessions", async () => {
    const here = await signIn(t.url, company.users.field_user.email);
    const elsewhere = await signIn(t.url, company.users.field_user.email);
    const wrong = await call("PUT", "/api/security/password", here, {
      currentPassword: "not-it",
      newPassword: "a-brand-new-password",
    });
    expect(wrong).toMatchObject({ status: 400, body: { field: "currentPassword" } });
    expect((await call("GET", "/api/user", elsewhere)).status).toBe(200);
    expect(
      (await call("PUT", "/api/security/password", here, { currentPassword: TEST_PASSWORD, newPassword: "short" }))
        .status,
    ).toBe(400);
    const changed = await call("PUT", "/api/security/password", here, {
      currentPassword: TEST_PASSWORD,
      newPassword: "a-brand-new-password",
    });
    expect(changed).toEqual({ status: 200, body: { revoked: 1 } });
    expect((await call("GET", "/api/user", elsewhere)).status).toBe(401);
    expect((await call("GET", "/api/user", here)).status).toBe(200);
    expect(await signIn(t.url, company.users.field_user.email, "a-brand-new-password")).toBeTruthy();
  });
});

describe("audit log", () => {
  it("owners see who changed what, filter it by user, action and date, and export it as CSV; others get nothing", async () => {
    const owner = await signIn(t.url, company.users.owner.email);
    await call("POST", "/api/team/invitations", owner, {
      name: "Audit Trail",
      email: `audit-${company.id}@x.test`,
      role: "member",
    });
    await call("PATCH", `/api/team/${company.users.member.id}`, owner, { role: "field_user" });
    const otherOwner = await signIn(t.url, other.users.owner.email);
    await call("POST", "/api/team/invitations", otherOwner, {
      name: "Other Trail",
      email: `audit-${other.id}@x.test`,
      role: "member",
    });

    const all = (await call("GET", "/api/audit-log", owner)).body as AuditListResponse;
    expect(all.items.map((e) => e.action)).toEqual(expect.arrayContaining(["team.invited", "team.role_changed"]));
    expect(all.items.every((e) => !e.summary.includes("Other Trail"))).toBe(true);
    expect(all.items.find((e) => e.action === "team.role_changed")).toMatchObject({
      actorUserId: company.users.owner.id,
      actorName: expect.stringContaining("owner"),
    });
    expect(all.actions).toContain("team.invited");

    const invited = (await call("GET", "/api/audit-log?action=team.invited", owner)).body as AuditListResponse;
    expect(invited.items.map((e) => e.action)).toEqual(["team.invited"]);
    const byOwner = (await call("GET", `/api/audit-log?actorUserId=${company.users.owner.id}`, owner))
      .body as AuditListResponse;
    expect(byOwner.items.every((e) => e.actorUserId === company.users.owner.id)).toBe(true);
    const past = (await call("GET", "/api/audit-log?from=2020-01-01&to=2020-01-31", owner)).body as AuditListResponse;
    expect(past.items).toEqual([]);
    const page = (await call("GET", "/api/audit-log?limit=1", owner)).body as AuditListResponse;
    expect(page.items).toHaveLength(1);
    const next = (await call("GET", `/api/audit-log?limit=1&after=${page.nextAfter}`, owner)).body as AuditListResponse;
    expect(next.items[0]!.id).not.toBe(page.items[0]!.id);

    const csv = await fetch(`${t.url}/api/audit-log/export?action=team.invited`, {
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("When (UTC),Who,Action,What,Entity,Entity id");
    expect(lines.slice(1).every((line) => line.includes("team.invited"))).toBe(true);

    // Every download of the company's data is audited: this one, the customers, a report.
    const download = async (path: string) => {
      const response = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${owner}` } });
      expect(response.status).toBe(200);
      await response.text();
    };
    await download("/api/customers/export");
    await download("/api/reports/revenue/csv?from=2030-01-01&to=2030-01-31");
    const exports = (await call("GET", "/api/audit-log?action=data.exported", owner)).body as AuditListResponse;
    expect(exports.items.map((entry) => [entry.entityType, entry.actorUserId, entry.summary])).toEqual([
      [
        "report",
        company.users.owner.id,
        expect.stringMatching(/ exported the Revenue over time report for 2030-01-01 to 2030-01-31 as CSV$/),
      ],
      ["customer", company.users.owner.id, expect.stringMatching(/ exported \d+ customers? as CSV$/)],
      ["audit_log", company.users.owner.id, expect.stringMatching(/ exported \d+ audit log entr(y|ies) as CSV$/)],
    ]);

    const member = await signIn(t.url, company.users.field_user.email, "a-brand-new-password");
    expect((await call("GET", "/api/audit-log", member)).status).toBe(403);
  });

  it("is refused below the Growth plan with the plan that has it", async () => {
    const starter = await createTestCompany(t.db, { planId: "starter" });
    const owner = await signIn(t.url, starter.users.owner.email);
    const refused = await call("GET", "/api/audit-log", owner);
    expect(refused).toEqual({
      status: 403,
      body: { message: "The audit log requires the Growth plan or higher.", requiredPlan: "growth" },
    });
    expect(
      (await fetch(`${t.url}/api/audit-log/export`, { headers: { authorization: `Bearer ${owner}` } })).status,
    ).toBe(403);
  });
});
