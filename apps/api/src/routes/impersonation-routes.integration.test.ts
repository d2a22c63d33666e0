import { fillPath } from "@fieldops/shared/endpoint";
import { supportEndpoints } from "@fieldops/shared/support";
import { auditEndpoints } from "@fieldops/shared/audit";
import { authEndpoints } from "@fieldops/shared/auth";
import { customerEndpoints } from "@fieldops/shared/customers";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@fieldops/domain/accounts/passwords";
import { hashToken } from "@fieldops/domain/accounts/sessions";
import { customerInput } from "@fieldops/domain/customers/customer-test-fixtures";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { WS_CLOSE_UNAUTHORIZED, activityEndpoints, realtimeEndpoints } from "@fieldops/shared/events";
import { IMPERSONATION_TIME_LIMIT_MS, type Impersonation } from "@fieldops/shared/impersonation";
import { impersonationEndpoints } from "@fieldops/shared/impersonation-endpoints";
import { defaultPermissions } from "@fieldops/shared/roles";
import {
  callApi,
  createTestCompany,
  signIn,
  startTestApp,
  TEST_PASSWORD,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { openSocket } from "../../../../tests/integration/test-socket.ts";

let t: TestApp;
let company: TestCompany;
let other: TestCompany;
let listedOwnerCompany: TestCompany;
let admin: { id: string; email: string };
let adminToken: string;
const listedEmail = `listed-${randomUUID().slice(0, 8)}@test.example`;

beforeAll(async () => {
  t = await startTestApp({ PLATFORM_ADMIN_EMAILS: listedEmail });
  company = await createTestCompany(t.db);
  other = await createTestCompany(t.db);
  listedOwnerCompany = await createTestCompany(t.db);
  await t.db.user.update({ where: { id: listedOwnerCompany.users.owner.id }, data: { email: listedEmail } });
  const email = `admin-${randomUUID().slice(0, 8)}@test.example`;
  const row = await t.db.user.create({
    data: {
      companyId: null,
      email,
      name: "Platform admin",
      passwordHash: await hashPassword(TEST_PASSWORD),
      role: "admin",
      permissions: defaultPermissions("admin"),
    },
  });
  admin = { id: row.id, email };
  adminToken = await signIn(t.url, email);
});
afterAll(() => t.close());

const startPath = (companyId: string) => fillPath(impersonationEndpoints.start.path, { companyId });

async function impersonate(
  companyId = company.id,
  token = adminToken,
): Promise<{ token: string; impersonation: Impersonation }> {
  const started = await callApi(t.url, "POST", startPath(companyId), token);
  expect(started.status).toBe(201);
  return started.body as unknown as { token: string; impersonation: Impersonation };
}

const end = (token: string) => callApi(t.url, "POST", impersonationEndpoints.end.path, token);

describe("starting an impersonation", () => {
  it("is refused to anyone but a platform admin, and for a company that does not exist", async () => {
    expect((await fetch(`${t.url}${startPath(company.id)}`, { method: "POST" })).status).toBe(401);
    for (const role of ["owner", "member", "field_user"] as const) {
      const token = await signIn(t.url, other.users[role].email);
      expect((await callApi(t.url, "POST", startPath(company.id), token)).status).toBe(403);
    }
    expect(await callApi(t.url, "POST", startPath(randomUUID()), adminToken)).toEqual({
      status: 404,
      body: { message: "Company not found" },
    });
    expect((await callApi(t.url, "POST", startPath("not-a-uuid"), adminToken)).status).toBe(400);
    expect(await t.db.session.count({ where: { isImpersonation: true, userId: { not: admin.id } } })).toBe(0);
  });

  it("cannot be chained: an impersonation is no platform admin", async () => {
    const { token } = await impersonate();
    expect((await callApi(t.url, "POST", startPath(other.id), token)).status).toBe(403);
    await end(token);
  });

  it("gives the admin a session of its own, hashed, for an hour, reported by GET /api/user", async () => {
    const { token, impersonation } = await impersonate();
    expect(token).not.toBe(adminToken);
    expect(impersonation).toMatchObject({
      isImpersonating: true,
      adminId: admin.id,
      adminEmail: admin.email,
      companyId: company.id,
      companyName: expect.stringMatching(/^Test Co /),
    });
    expect(Date.parse(impersonation.expiresAt) - Date.parse(impersonation.startedAt)).toBeLessThanOrEqual(
      IMPERSONATION_TIME_LIMIT_MS,
    );
    expect(Date.parse(impersonation.expiresAt) - Date.parse(impersonation.startedAt)).toBeGreaterThan(
      IMPERSONATION_TIME_LIMIT_MS - 5000,
    );
    const stored = (
      await t.db.session.findMany({ where: { userId: admin.id, isImpersonation: true, endedAt: null } })
    ).map((row) => row.tokenHash);
    expect(stored).toContain(hashToken(token));
    expect(stored).not.toContain(token);

    const user = await callApi(t.url, "GET", authEndpoints.user.path, token);
    expect(user.body).toEqual({
      id: admin.id,
      email: admin.email,
      name: "Platform admin",
      role: "admin",
      permissions: ["platform_admin"],
      companyId: company.id,
      impersonating: true,
      impersonation,
      platformAdmin: false,
    });
    expect((await callApi(t.url, "GET", authEndpoints.user.path, adminToken)).body).toMatchObject({
      role: "admin",
      companyId: null,
      impersonating: false,
      impersonation: null,
      platformAdmin: true,
    });
    expect((await callApi(t.url, "GET", impersonationEndpoints.current.path, token)).body).toEqual(impersonation);
    expect((await callApi(t.url, "GET", impersonationEndpoints.current.path, adminToken)).status).toBe(404);
    await end(token);
  });

  it("is open to an address of PLATFORM_ADMIN_EMAILS, for another company than their own", async () => {
    const token = await signIn(t.url, listedEmail);
    expect((await callApi(t.url, "GET", authEndpoints.user.path, token)).body).toMatchObject({
      role: "owner",
      platformAdmin: true,
    });
    const { token: impersonationToken } = await impersonate(company.id, token);
    expect((await callApi(t.url, "GET", authEndpoints.user.path, impersonationToken)).body).toMatchObject({
      role: "admin",
      companyId: company.id,
      impersonating: true,
    });
    await end(impersonationToken);
    expect(await callApi(t.url, "POST", startPath(listedOwnerCompany.id), token)).toEqual({
      status: 409,
      body: { message: "You already belong to this company" },
    });
  });
});

describe("acting while impersonating", () => {
  it("acts in the company as its administrator, through its row-level security, and nowhere else", async () => {
    const { token } = await impersonate();
    const created = await callApi(
      t.url,
      "POST",
      customerEndpoints.list.path,
      token,
      customerInput({ name: "Added by support" }),
    );
    expect(created.status).toBe(201);
    const ownerToken = await signIn(t.url, company.users.owner.email);
    expect(
      (await callApi(t.url, "GET", fillPath(customerEndpoints.get.path, { id: String(created.body.id) }), ownerToken))
        .body,
    ).toMatchObject({ name: "Added by support" });

    const theirs = await callApi(
      t.url,
      "POST",
      customerEndpoints.list.path,
      await signIn(t.url, other.users.owner.email),
      customerInput({ name: "Other company's customer" }),
    );
    expect(
      (await callApi(t.url, "GET", fillPath(customerEndpoints.get.path, { id: String(theirs.body.id) }), token)).status,
    ).toBe(404);
    const listed = await callApi(t.url, "GET", customerEndpoints.list.path, token);
    expect(JSON.stringify(listed.body)).toContain("Added by support");
    expect(JSON.stringify(listed.body)).not.toContain("Other company's customer");
    // A platform admin's own session answers every company's tickets; the impersonation sees only this one's.
    const tickets = await callApi(t.url, "GET", supportEndpoints.list.path, token);
    expect(tickets.status).toBe(200);
    expect(JSON.stringify(tickets.body)).not.toContain(other.id);
    await end(token);
  });

  it("writes every request, read or write, answered or refused, to the company's audit log for its owner, not its members", async () => {
    const { token } = await impersonate();
    await callApi(t.url, "GET", customerEndpoints.list.path, token);
    await callApi(t.url, "POST", customerEndpoints.list.path, token, customerInput({ name: "Audited customer" }));
    await callApi(t.url, "POST", customerEndpoints.list.path, token, { name: "" });
    await callApi(t.url, "GET", impersonationEndpoints.current.path, token);
    await end(token);

    const ownerToken = await signIn(t.url, company.users.owner.email);
    const log = await callApi(t.url, "GET", `${auditEndpoints.list.path}?limit=200`, ownerToken);
    expect(log.status).toBe(200);
    const items = log.body.items as { action: string; actorUserId: string; actorName: string; summary: string }[];
    const byAdmin = items.filter((item) => item.actorUserId === admin.id);
    const label = `by Platform Admin (${admin.email}) while impersonating`;
    expect(byAdmin.map((item) => item.summary)).toEqual(
      expect.arrayContaining([
        `Impersonation started ${label}`,
        `GET ${customerEndpoints.list.path} (200) ${label}`,
        `POST ${customerEndpoints.list.path} (201) ${label}`,
        `POST ${customerEndpoints.list.path} (400) ${label}`,
        `Impersonation ended ${label}`,
      ]),
    );
    expect(byAdmin.every((item) => item.actorName === `Platform Admin (${admin.email})`)).toBe(true);
    expect(byAdmin.some((item) => item.summary.includes(impersonationEndpoints.current.path))).toBe(false);
    const rows = await t.db.auditLog.findMany({
      where: { companyId: company.id, actorUserId: admin.id, action: "impersonation.request" },
    });
    expect(rows.map((row) => row.metadata)).toContainEqual(
      expect.objectContaining({
        adminId: admin.id,
        adminEmail: admin.email,
        method: "GET",
        path: customerEndpoints.list.path,
        status: 200,
      }),
    );
    expect(await t.db.auditLog.count({ where: { companyId: other.id, actorUserId: admin.id } })).toBe(0);

    const memberToken = await signIn(t.url, company.users.member.email);
    expect((await callApi(t.url, "GET", auditEndpoints.list.path, memberToken)).status).toBe(403);
    const feed = await callApi(t.url, "GET", `${activityEndpoints.list.path}?limit=100`, memberToken);
    expect(JSON.stringify(feed.body)).not.toContain("while impersonating");
  });

  it("writes a chat message sent on its socket to the audit log too", async () => {
    const { token } = await impersonate();
    const socket = await openSocket(t.url, token);
    await socket.sendMessage({
      type: "chat.send",
      requestId: randomUUID(),
      conversationId: null,
      text: "hello",
      context: { path: "/dashboard" },
    });
    const summary = `WS ${API_PATHS.socket} chat.send by Platform Admin (${admin.email}) while impersonating`;
    await expect
      .poll(async () =>
        (
          await t.db.auditLog.findMany({
            where: { companyId: company.id, actorUserId: admin.id, action: "impersonation.request" },
          })
        ).map((row) => (row.metadata as { summary?: string }).summary),
      )
      .toContain(summary);
    socket.socket.close();
    await end(token);
  });
});

describe("ending an impersonation", () => {
  it("answers where to go, refuses its token at once everywhere, and changes nothing when repeated", async () => {
    const { token } = await impersonate();
    expect((await callApi(t.url, "GET", customerEndpoints.list.path, token)).status).toBe(200);
    expect(await end(token)).toEqual({ status: 200, body: { redirectUrl: "/admin-dashboard" } });
    expect((await callApi(t.url, "GET", authEndpoints.user.path, token)).status).toBe(401);
    expect((await callApi(t.url, "GET", customerEndpoints.list.path, token)).status).toBe(401);
    expect((await callApi(t.url, "POST", realtimeEndpoints.socketTicket.path, token)).status).toBe(401);
    const endedCount = () =>
      t.db.auditLog.count({ where: { companyId: company.id, actorUserId: admin.id, action: "impersonation.ended" } });
    const before = await endedCount();
    expect(await end(token)).toEqual({ status: 200, body: { redirectUrl: "/admin-dashboard" } });
    expect(await endedCount()).toBe(before);
    // The admin's own session goes on; it is no impersonation to end.
    expect((await callApi(t.url, "GET", authEndpoints.user.path, adminToken)).status).toBe(200);
    expect((await end(adminToken)).status).toBe(401);
    const memberToken = await signIn(t.url, company.users.member.email);
    expect((await end(memberToken)).status).toBe(401);
    expect((await callApi(t.url, "GET", impersonationEndpoints.current.path, memberToken)).status).toBe(404);
    expect((await fetch(`${t.url}${impersonationEndpoints.end.path}`, { method: "POST" })).status).toBe(401);
  });

  it("refuses an expired impersonation", async () => {
    const { token } = await impersonate();
    await t.db.session.updateMany({
      where: { tokenHash: hashToken(token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await callApi(t.url, "GET", authEndpoints.user.path, token)).status).toBe(401);
    expect((await callApi(t.url, "GET", customerEndpoints.list.path, token)).status).toBe(401);
    expect((await callApi(t.url, "GET", impersonationEndpoints.current.path, token)).status).toBe(401);
    expect((await end(token)).status).toBe(200);
  });

  it("closes the impersonation's socket at once", async () => {
    const { token } = await impersonate();
    const socket = await openSocket(t.url, token);
    await end(token);
    expect(await socket.closed).toEqual({ code: WS_CLOSE_UNAUTHORIZED });
  });

  it("ends with the admin's sign-out", async () => {
    const ownToken = await signIn(t.url, admin.email);
    const { token } = await impersonate(company.id, ownToken);
    expect((await callApi(t.url, "POST", authEndpoints.logout.path, ownToken)).status).toBe(204);
    expect((await callApi(t.url, "GET", authEndpoints.user.path, token)).status).toBe(401);
    const stored = await t.db.session.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } });
    expect(
      await t.db.auditLog.count({
        where: { companyId: company.id, action: "impersonation.ended", entityId: stored.id },
      }),
    ).toBe(1);
  });

  it("signs the admin out altogether when they sign out while impersonating", async () => {
    const ownToken = await signIn(t.url, admin.email);
    const { token } = await impersonate(company.id, ownToken);
    expect((await callApi(t.url, "POST", authEndpoints.logout.path, token)).status).toBe(204);
    expect((await callApi(t.url, "GET", authEndpoints.user.path, token)).status).toBe(401);
    expect((await callApi(t.url, "GET", authEndpoints.user.path, ownToken)).status).toBe(401);
    const stored = await t.db.session.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } });
    expect(stored.endedAt).not.toBeNull();
    expect(
      await t.db.auditLog.count({
        where: { companyId: company.id, action: "impersonation.ended", entityId: stored.id },
      }),
    ).toBe(1);
    expect((await callApi(t.url, "GET", authEndpoints.user.path, adminToken)).status).toBe(200);
  });

  it("exits a tenant by slug from the impersonation, for a platform admin only", async () => {
    const { token } = await impersonate();
    expect(
      (
        await callApi(
          t.url,
          "POST",
          impersonationEndpoints.exit.path,
          await signIn(t.url, company.users.member.email),
          {
            tenantId: company.slug,
          },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await callApi(t.url, "POST", impersonationEndpoints.exit.path, token, {
          tenantId: `no-such-${randomUUID().slice(0, 8)}`,
        })
      ).status,
    ).toBe(404);
    expect((await callApi(t.url, "POST", impersonationEndpoints.exit.path, token, { tenantId: "" })).status).toBe(400);
    expect((await callApi(t.url, "GET", authEndpoints.user.path, token)).status).toBe(200);
    expect(await callApi(t.url, "POST", impersonationEndpoints.exit.path, token, { tenantId: company.slug })).toEqual({
      status: 200,
      body: { redirectUrl: `/instance-admin/${company.id}` },
    });
    expect((await callApi(t.url, "GET", authEndpoints.user.path, token)).status).toBe(401);
  });

  it("exits a tenant from the admin's own session too", async () => {
    const { token } = await impersonate();
    expect(
      (await callApi(t.url, "POST", impersonationEndpoints.exit.path, adminToken, { tenantId: company.id })).status,
    ).toBe(200);
    expect((await callApi(t.url, "GET", authEndpoints.user.path, token)).status).toBe(401);
  });
});
