import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningWorkers } from "@fieldops/worker/run-workers";
import { invitationTokenFromHash, type Invitation } from "@fieldops/shared/team";
import {
  callApi,
  createTestCompany,
  drainQueues,
  post,
  signIn,
  startTestApp,
  startTestWorkers,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";

let t: TestApp;
let workers: RunningWorkers;
let company: TestCompany;
let other: TestCompany;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  workers = startTestWorkers(t);
  company = await createTestCompany(t.db);
  other = await createTestCompany(t.db);
  for (const role of ["owner", "member", "field_user"] as const)
    tokens[role] = await signIn(t.url, company.users[role].email);
  tokens.otherOwner = await signIn(t.url, other.users.owner.email);
});
afterAll(async () => {
  await workers.close();
  await t.close();
});

const call = (method: string, path: string, token: string, body?: unknown) => callApi(t.url, method, path, token, body);
const drain = () => drainQueues(t.runtime.context.queues, ["notifications"]);
const email = (label: string) => `${label}-${randomUUID().slice(0, 8)}@invitee.test`;

/** The token of the newest invitation message to `to`, read from the outbox as the recipient would read the e-mail. */
async function linkTokenFor(companyId: string, to: string): Promise<string> {
  const message = await t.db.outboxMessage.findFirstOrThrow({
    where: { companyId, recipient: to, kind: "invitation", channel: "email" },
    orderBy: { createdAt: "desc" },
  });
  const hash = /\/signup(#invite=[A-Za-z0-9_-]+)/.exec(message.body)?.[1];
  const token = hash ? invitationTokenFromHash(hash) : null;
  if (!token) throw new Error(`no link in ${message.body}`);
  return token;
}

async function invite(address: string, role = "member", token = tokens.owner!) {
  const response = await call("POST", "/api/team/invitations", token, {
    name: "New Person",
    email: address,
    phone: "+1 555 0101",
    role,
  });
  return response;
}

describe("invitations", () => {
  it("an owner invites by e-mail; the link goes to the outbox; the invitee sets a password, is signed in, and the link is used up", async () => {
    const address = email("ivy");
    const created = await invite(address, "field_user");
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: address, role: "field_user", status: "sending" });
    await drain();
    const token = await linkTokenFor(company.id, address);
    const row = await t.db.invitation.findUniqueOrThrow({ where: { id: (created.body as Invitation).id } });
    expect(row.tokenHash).not.toBe(token);
    expect(row.tokenHash).toHaveLength(64);
    expect(t.logs.join("")).not.toContain(token);
    expect(
      await t.db.outboxMessage.count({ where: { companyId: company.id, recipient: "+1 555 0101", channel: "sms" } }),
    ).toBeGreaterThan(0);

    const listed = await call("GET", "/api/team/invitations", tokens.owner!);
    expect((listed.body as { items: Invitation[] }).items.find((i) => i.email === address)?.status).toBe("pending");

    const preview = await post(`${t.url}/api/invitations/lookup`, { token });
    expect(await preview.json()).toMatchObject({ email: address, role: "field_user" });
    const accepted = await post(`${t.url}/api/invitations/accept`, {
      token,
      name: "Ivy Invitee",
      password: "a-strong-password",
    });
    expect(accepted.status).toBe(201);
    const session = (await accepted.json()) as { token: string; user: { role: string; companyId: string } };
    expect(session.user).toMatchObject({ role: "field_user", companyId: company.id });
    expect(accepted.headers.get("set-cookie")).toContain("session=");
    expect((await call("GET", "/api/user", session.token)).body).toMatchObject({ email: address, name: "Ivy Invitee" });
    expect(await signIn(t.url, address, "a-strong-password")).toBeTruthy();

    const again = await post(`${t.url}/api/invitations/accept`, {
      token,
      name: "Someone Else",
      password: "another-password",
    });
    expect(again.status).toBe(404);
    expect((await post(`${t.url}/api/invitations/lookup`, { token })).status).toBe(404);
    expect(await t.db.auditLog.count({ where: { companyId: company.id, action: "team.joined" } })).toBe(1);
  });

  it("a resent invitation's old link stops working; a withdrawn or expired one works no more", async () => {
    const address = email("rex");
    const created = (await invite(address)).body as Invitation;
    await drain();
    const first = await linkTokenFor(company.id, address);
    expect((await call("POST", `/api/team/invitations/${created.id}/resend`, tokens.owner!)).status).toBe(200);
    await drain();
    const second = await linkTokenFor(company.id, address);
    expect(second).not.toBe(first);
    expect((await post(`${t.url}/api/invitations/lookup`, { token: first })).status).toBe(404);
    expect((await post(`${t.url}/api/invitations/lookup`, { token: second })).status).toBe(200);

    expect((await call("DELETE", `/api/team/invitations/${created.id}`, tokens.otherOwner!)).status).toBe(404);
    expect((await call("DELETE", `/api/team/invitations/${created.id}`, tokens.owner!)).body).toMatchObject({
      status: "revoked",
    });
    expect(
      (await post(`${t.url}/api/invitations/accept`, { token: second, name: "Rex", password: "a-strong-password" }))
        .status,
    ).toBe(404);

    const late = email("late");
    const lateInvitation = (await invite(late)).body as Invitation;
    await drain();
    const lateToken = await linkTokenFor(company.id, late);
    await t.db.invitation.update({
      where: { id: lateInvitation.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(
      (await post(`${t.url}/api/invitations/accept`, { token: lateToken, name: "Late", password: "a-strong-password" }))
        .status,
    ).toBe(404);
    expect((await post(`${t.url}/api/invitations/lookup`, { token: "x".repeat(43) })).status).toBe(404);
  });

  it("members and field users cannot invite or see invitations; inviting a teammate or a pending invitee again is refused", async () => {
    expect((await invite(email("m"), "member", tokens.member!)).status).toBe(403);
    expect((await invite(email("f"), "member", tokens.field_user!)).status).toBe(403);
    expect((await call("GET", "/api/team/invitations", tokens.member!)).status).toBe(403);
    expect((await invite(company.users.member.email)).status).toBe(409);
    const address = email("twice");
    await invite(address);
    expect((await invite(address)).status).toBe(409);
    expect((await call("GET", "/api/team/invitations", tokens.otherOwner!)).body).toEqual({ items: [] });
  });

  it("pending invitations hold seats: the plan's team-member limit refuses the one too many", async () => {
    const starter = await createTestCompany(t.db, { planId: "starter" });
    const owner = await signIn(t.url, starter.users.owner.email);
    // Starter allows 25; the company has 3 users and 21 pending invitations, so one more fits and the next does not.
    await t.db.invitation.createMany({
      data: Array.from({ length: 21 }, (_, i) => ({
        companyId: starter.id,
        email: `seat-${i}-${starter.id}@x.test`,
        name: `Seat ${i}`,
        role: "field_user" as const,
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    });
    expect((await invite(email("fits"), "member", owner)).status).toBe(201);
    const refused = await invite(email("over"), "member", owner);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain("Starter plan allows 25 team members");
  });
});

describe("roles and removal", () => {
  it("a new role applies to the member's open session at once; removal ends their sessions at once", async () => {
    const target = await createTestCompany(t.db);
    const owner = await signIn(t.url, target.users.owner.email);
    const member = await signIn(t.url, target.users.member.email);
    expect((await call("GET", "/api/settings/company", member)).status).toBe(200);
    expect(
      (await call("PATCH", `/api/team/${target.users.member.id}`, tokens.owner!, { role: "field_user" })).status,
    ).toBe(404);
    expect((await call("PATCH", `/api/team/${target.users.member.id}`, member, { role: "owner" })).status).toBe(403);
    expect((await call("PATCH", `/api/team/${target.users.member.id}`, owner, { role: "field_user" })).body).toEqual({
      id: target.users.member.id,
      role: "field_user",
    });
    expect((await call("GET", "/api/settings/company", member)).status).toBe(403);

    expect((await call("PATCH", `/api/team/${target.users.owner.id}`, owner, { role: "member" })).status).toBe(409);
    expect((await call("DELETE", `/api/team/${target.users.member.id}`, tokens.owner!)).status).toBe(404);
    expect((await call("DELETE", `/api/team/${target.users.member.id}`, owner)).status).toBe(204);
    expect((await call("GET", "/api/user", member)).status).toBe(401);
    expect(
      await t.db.auditLog.count({
        where: { companyId: target.id, action: { in: ["team.role_changed", "team.member_removed"] } },
      }),
    ).toBe(2);
  });
});

describe("onboarding", () => {
  it("completes the setup once: renames the company, invites its crew within the setup's seats, for owners only", async () => {
    const fresh = await createTestCompany(t.db);
    const owner = await signIn(t.url, fresh.users.owner.email);
    const member = await signIn(t.url, fresh.users.member.email);
    const row = (label: string) => ({ name: `Crew ${label}`, cell: "303-555-0111", email: email(label) });
    expect((await call("POST", "/api/onboarding/complete", member, { companyName: "Nope", members: [] })).status).toBe(
      403,
    );
    const tooMany = await call("POST", "/api/onboarding/complete", owner, {
      companyName: "Fresh Lawns",
      members: ["a", "b", "c", "d", "e"].map(row),
    });
    expect(tooMany).toMatchObject({ status: 400, body: { field: "members" } });
    const crew = row("first");
    const done = await call("POST", "/api/onboarding/complete", owner, { companyName: "Fresh Lawns", members: [crew] });
    expect(done).toEqual({ status: 200, body: { invited: 1 } });
    const company = await t.db.company.findUniqueOrThrow({ where: { id: fresh.id } });
    expect(company).toMatchObject({ name: "Fresh Lawns", onboardingState: "completed" });
    await drain();
    expect(await linkTokenFor(fresh.id, crew.email)).toBeTruthy();
    expect((await call("POST", "/api/onboarding/complete", owner, { members: [] })).status).toBe(409);
  });
});
