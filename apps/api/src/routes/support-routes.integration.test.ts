import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@fieldops/domain/accounts/passwords";
import type { SupportTicket, SupportTicketListResponse } from "@fieldops/shared/support";
import {
  callApi,
  createTestCompany,
  signIn,
  startTestApp,
  TEST_PASSWORD,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";

let t: TestApp;
let pro: TestCompany;
let growth: TestCompany;
const tokens: Record<string, string> = {};
const listedAdmin = `listed-${randomUUID().slice(0, 8)}@ops.test`;

beforeAll(async () => {
  t = await startTestApp({ PLATFORM_ADMIN_EMAILS: listedAdmin });
  pro = await createTestCompany(t.db, { planId: "pro" });
  growth = await createTestCompany(t.db, { planId: "growth" });
  const adminEmail = `admin-${randomUUID().slice(0, 8)}@ops.test`;
  const passwordHash = await hashPassword(TEST_PASSWORD);
  await t.db.user.create({
    data: { email: adminEmail, name: "Sam Support", passwordHash, role: "admin", permissions: ["all"] },
  });
  await t.db.user.create({
    data: {
      email: listedAdmin,
      name: "Listed Agent",
      passwordHash,
      role: "owner",
      permissions: ["view", "edit"],
      companyId: growth.id,
    },
  });
  for (const role of ["owner", "member", "field_user"] as const)
    tokens[role] = await signIn(t.url, pro.users[role].email);
  tokens.growthOwner = await signIn(t.url, growth.users.owner.email);
  tokens.admin = await signIn(t.url, adminEmail);
  tokens.listed = await signIn(t.url, listedAdmin);
});
afterAll(() => t.close());

const call = (method: string, path: string, token: string, body?: unknown) => callApi(t.url, method, path, token, body);
const TEXT = Buffer.from("step 1: open the schedule\n").toString("base64");

async function open(token: string, subject: string, attachments: unknown[] = []) {
  const response = await call("POST", "/api/support/tickets", token, {
    subject,
    body: "It does not work",
    attachments,
  });
  expect(response.status).toBe(201);
  return response.body as unknown as SupportTicket;
}

describe("support tickets", () => {
  it("a company opens a ticket with an attachment; its office sees it, its field users see only their own, other companies nothing", async () => {
    const ticket = await open(tokens.member!, "Schedule is blank", [
      { fileName: "steps.txt", contentType: "text/plain", dataBase64: TEXT },
    ]);
    expect(ticket).toMatchObject({
      status: "open",
      priority: true,
      messages: [{ body: "It does not work", attachments: [{ fileName: "steps.txt", byteSize: 26 }] }],
    });
    const fieldTicket = await open(tokens.field_user!, "My visits");
    const ownerList = (await call("GET", "/api/support/tickets", tokens.owner!)).body as SupportTicketListResponse;
    expect(ownerList.items.map((i) => i.id)).toEqual(expect.arrayContaining([ticket.id, fieldTicket.id]));
    expect(ownerList.prioritySupport).toBe(true);
    const fieldList = (await call("GET", "/api/support/tickets", tokens.field_user!)).body as SupportTicketListResponse;
    expect(fieldList.items.map((i) => i.id)).toEqual([fieldTicket.id]);
    expect((await call("GET", `/api/support/tickets/${ticket.id}`, tokens.field_user!)).status).toBe(404);
    expect((await call("GET", `/api/support/tickets/${ticket.id}`, tokens.growthOwner!)).status).toBe(404);
    expect(
      (await call("POST", `/api/support/tickets/${ticket.id}/messages`, tokens.growthOwner!, { body: "hi" })).status,
    ).toBe(404);
    const attachmentId = ticket.messages[0]!.attachments[0]!.id;
    const download = await fetch(`${t.url}/api/support/attachments/${attachmentId}`, {
      headers: { authorization: `Bearer ${tokens.owner}` },
    });
    expect(download.headers.get("content-disposition")).toContain("attachment");
    expect(await download.text()).toBe("step 1: open the schedule\n");
    expect(
      (
        await fetch(`${t.url}/api/support/attachments/${attachmentId}`, {
          headers: { authorization: `Bearer ${tokens.growthOwner}` },
        })
      ).status,
    ).toBe(404);
  });

  it("refuses an attachment that is not what it claims and stores nothing", async () => {
    const before = await t.db.supportTicket.count({ where: { companyId: pro.id } });
    const bad = await call("POST", "/api/support/tickets", tokens.owner!, {
      subject: "Bad file",
      body: "see attached",
      attachments: [{ fileName: "x.pdf", contentType: "application/pdf", dataBase64: TEXT }],
    });
    expect(bad).toMatchObject({ status: 400, body: { field: "attachments.0.dataBase64" } });
    expect(
      (
        await call("POST", "/api/support/tickets", tokens.owner!, {
          subject: "Exe",
          body: "x",
          attachments: [{ fileName: "a.exe", contentType: "application/x-msdownload", dataBase64: TEXT }],
        })
      ).status,
    ).toBe(400);
    expect(await t.db.supportTicket.count({ where: { companyId: pro.id } })).toBe(before);
  });

  it("the support team sees every company's tickets, priority support first, answers them, and the statuses follow", async () => {
    const standard = await open(tokens.growthOwner!, "Invoices question");
    const urgent = await open(tokens.owner!, "Pro question");
    const list = (await call("GET", "/api/support/tickets", tokens.admin!)).body as SupportTicketListResponse;
    expect(list.supportAgent).toBe(true);
    const ids = list.items.map((i) => i.id);
    expect(ids.indexOf(urgent.id)).toBeLessThan(ids.indexOf(standard.id));
    expect(list.items.find((i) => i.id === standard.id)?.companyName).toBeTruthy();
    expect(
      ((await call("GET", "/api/support/tickets", tokens.listed!)).body as SupportTicketListResponse).supportAgent,
    ).toBe(true);

    const answered = await call("POST", `/api/support/tickets/${standard.id}/messages`, tokens.admin!, {
      body: "Try this",
    });
    expect(answered.body).toMatchObject({
      status: "waiting",
      messages: [{ fromSupport: false }, { fromSupport: true, authorName: "Sam Support (FieldOps support)" }],
    });
    const replied = await call("POST", `/api/support/tickets/${standard.id}/messages`, tokens.growthOwner!, {
      body: "Still broken",
    });
    expect(replied.body).toMatchObject({ status: "open" });
    expect(
      (await call("PUT", `/api/support/tickets/${standard.id}/status`, tokens.growthOwner!, { status: "waiting" }))
        .status,
    ).toBe(403);
    expect(
      (await call("PUT", `/api/support/tickets/${standard.id}/status`, tokens.growthOwner!, { status: "closed" })).body,
    ).toMatchObject({ status: "closed" });
    expect(
      (await call("POST", `/api/support/tickets/${standard.id}/messages`, tokens.growthOwner!, { body: "One more" }))
        .status,
    ).toBe(409);
    expect(
      (await call("PUT", `/api/support/tickets/${standard.id}/status`, tokens.growthOwner!, { status: "open" })).status,
    ).toBe(409);
    expect(
      (await call("PUT", `/api/support/tickets/${standard.id}/status`, tokens.admin!, { status: "resolved" })).body,
    ).toMatchObject({ status: "resolved" });
    expect(
      (await call("POST", "/api/support/tickets", tokens.admin!, { subject: "From admin", body: "x" })).status,
    ).toBe(403);
  });
});
