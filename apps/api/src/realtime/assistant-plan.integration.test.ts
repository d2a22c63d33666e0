import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "@fieldops/db";
import { createCustomer } from "@fieldops/domain/customers/create-customer";
import { customerInput, testCustomerServices } from "@fieldops/domain/customers/customer-test-fixtures";
import { ASSISTANT_CUSTOM_EVENTS, assistantEndpoints } from "@fieldops/shared/chat";
import { PLAN_UPGRADE_DESCRIPTION, TRIAL_ENDED_MESSAGE } from "@fieldops/shared/plans";
import {
  callApi,
  createTestCompany,
  signIn,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { openSocket, type TestSocket } from "../../../../tests/integration/test-socket.ts";
import { cardsOf, chat, customOf, textOf, uiActionsOf } from "../../../../tests/integration/assistant-events.ts";

let t: TestApp;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const socket of sockets) socket.socket.close();
  await t.close();
});

async function ownerOf(company: TestCompany) {
  const token = await signIn(t.url, company.users.owner.email);
  const socket = await openSocket(t.url, token);
  sockets.push(socket);
  return { token, socket };
}

async function addCustomer(companyId: string, name: string): Promise<string> {
  return withTenant(t.runtime.context.db, companyId, async (tx) => {
    const customer = await createCustomer({ tx, companyId }, customerInput({ name }), testCustomerServices);
    await tx.invoice.create({
      data: {
        companyId,
        customerId: customer.id,
        number: 1,
        status: "sent",
        totalCents: 12_500,
        paidCents: 0,
        dueAt: new Date("2020-01-01T12:00:00Z"),
      },
    });
    return customer.id;
  });
}

/** Sends a chat message and waits for the socket's answer to it: an error, or the run's end. */
async function sendRefused(socket: TestSocket, text: string) {
  const requestId = crypto.randomUUID();
  await socket.sendMessage({
    type: "chat.send",
    requestId,
    conversationId: null,
    text,
    context: { path: "/dashboard" },
  });
  return socket.next((m) => m.type === "error" && m.requestId === requestId);
}

async function storedChat(companyId: string) {
  const where = { where: { companyId } };
  return {
    conversations: await t.db.assistantConversation.count(where),
    messages: await t.db.assistantMessage.count(where),
    requests: await t.db.assistantRequest.count(where),
    proposals: await t.db.assistantProposal.count(where),
  };
}

const NOTHING = { conversations: 0, messages: 0, requests: 0, proposals: 0 };
const AI_CHAT_REFUSAL = "AI chat requires the Pro plan or higher.";

describe("the assistant is a Pro feature (AI chat)", () => {
  it("refuses a Growth company's chat with Plan Upgrade Required's words and stores nothing; its routes answer 403", async () => {
    const growth = await createTestCompany(t.db, { planId: "growth" });
    const { token, socket } = await ownerOf(growth);

    expect(await sendRefused(socket, "take me to my jobs")).toMatchObject({
      message: `${PLAN_UPGRADE_DESCRIPTION}. ${AI_CHAT_REFUSAL}`,
    });
    expect(await sendRefused(socket, "show me the overdue invoices")).toMatchObject({
      message: `${PLAN_UPGRADE_DESCRIPTION}. ${AI_CHAT_REFUSAL}`,
    });
    const decideId = crypto.randomUUID();
    await socket.sendMessage({
      type: "chat.decide",
      requestId: decideId,
      conversationId: crypto.randomUUID(),
      proposalId: crypto.randomUUID(),
      decision: "confirm",
    });
    expect(await socket.next((m) => m.type === "error" && m.requestId === decideId)).toMatchObject({
      message: `${PLAN_UPGRADE_DESCRIPTION}. ${AI_CHAT_REFUSAL}`,
    });
    expect(await storedChat(growth.id)).toEqual(NOTHING);

    const refusal = { status: 403, body: { message: AI_CHAT_REFUSAL, requiredPlan: "pro" } };
    expect(await callApi(t.url, "GET", assistantEndpoints.conversations.path, token)).toEqual(refusal);
    expect(await callApi(t.url, "GET", assistantEndpoints.suggestions.path, token)).toEqual(refusal);
    expect(await callApi(t.url, "GET", `/api/assistant/conversations/${crypto.randomUUID()}`, token)).toEqual(refusal);
  });

  it("answers a Pro company, and follows the switches platform administrators set for one company", async () => {
    const pro = await createTestCompany(t.db, { planId: "pro" });
    const switchedOff = await createTestCompany(t.db, { planId: "pro" });
    const switchedOn = await createTestCompany(t.db, { planId: "growth" });
    await t.db.company.update({ where: { id: switchedOff.id }, data: { featureOverrides: { ai_chat: false } } });
    await t.db.company.update({ where: { id: switchedOn.id }, data: { featureOverrides: { ai_chat: true } } });

    const run = await chat((await ownerOf(pro)).socket, "take me to my jobs");
    expect(uiActionsOf(run.events)).toEqual([{ id: expect.any(String), type: "navigate", target: "/jobs" }]);
    expect((await storedChat(pro.id)).messages).toBe(2);

    const off = await ownerOf(switchedOff);
    expect(await sendRefused(off.socket, "take me to my jobs")).toMatchObject({
      message: `${PLAN_UPGRADE_DESCRIPTION}. ${AI_CHAT_REFUSAL}`,
    });
    expect((await callApi(t.url, "GET", assistantEndpoints.suggestions.path, off.token)).status).toBe(403);
    expect(await storedChat(switchedOff.id)).toEqual(NOTHING);

    const on = await ownerOf(switchedOn);
    const allowed = await chat(on.socket, "take me to my jobs");
    expect(textOf(allowed.events)).toBe("Opening jobs.");
    expect((await callApi(t.url, "GET", assistantEndpoints.suggestions.path, on.token)).status).toBe(200);
  });

  it("tells the web app which plan features the company has, switches applied, and its tenant sidebar follows", async () => {
    const growth = await createTestCompany(t.db, { planId: "growth" });
    await t.db.company.update({ where: { id: growth.id }, data: { features: ["jobs", "ai_chat"] } });
    const { token } = await ownerOf(growth);
    const config = `/api/tenants/${growth.slug}/config`;
    const before = await callApi(t.url, "GET", "/api/company", token);
    expect(before.body.planFeatures).toEqual(expect.arrayContaining(["invoicing", "reports"]));
    expect(before.body.planFeatures).not.toContain("ai_chat");
    expect((await callApi(t.url, "GET", config, token)).body.features).toEqual(["jobs"]);

    await t.db.company.update({ where: { id: growth.id }, data: { featureOverrides: { ai_chat: true } } });
    expect((await callApi(t.url, "GET", "/api/company", token)).body.planFeatures).toContain("ai_chat");
    expect((await callApi(t.url, "GET", config, token)).body.features).toEqual(["jobs", "ai_chat"]);
  });
});

describe("a company whose free trial has lapsed", () => {
  it("still gets answers to its questions, while proposals and changes get the trial message; another tenant is unaffected", async () => {
    const lapsed = await createTestCompany(t.db, { planId: "pro" });
    const other = await createTestCompany(t.db, { planId: "pro" });
    await t.db.company.update({ where: { id: lapsed.id }, data: { trialEndsAt: new Date(Date.now() - 1000) } });
    await addCustomer(lapsed.id, "Acme Plumbing");
    await addCustomer(other.id, "Acme Plumbing");
    const { token, socket } = await ownerOf(lapsed);

    // Questions and going somewhere: answered, and kept in the conversation as usual.
    const read = await chat(socket, "show me the overdue invoices");
    expect(cardsOf(read.events)).toMatchObject([{ kind: "invoices", items: [{ customerName: "Acme Plumbing" }] }]);
    const go = await chat(socket, "take me to my jobs");
    expect(uiActionsOf(go.events)).toEqual([{ id: expect.any(String), type: "navigate", target: "/jobs" }]);

    // A change: the trial message, no proposal and no action.
    const create = await chat(socket, 'create a job for Acme Plumbing: "Fix the sink"');
    expect(textOf(create.events)).toBe(TRIAL_ENDED_MESSAGE);
    expect(customOf(create.events, ASSISTANT_CUSTOM_EVENTS.proposal)).toEqual([]);
    expect(uiActionsOf(create.events)).toEqual([]);
    const connect = await chat(socket, "connect quickbooks");
    expect(textOf(connect.events)).toBe(TRIAL_ENDED_MESSAGE);
    expect(uiActionsOf(connect.events)).toEqual([]);
    expect((await storedChat(lapsed.id)).proposals).toBe(0);
    expect(await t.db.job.count({ where: { companyId: lapsed.id } })).toBe(0);

    // Its suggestions offer no change; its history reads.
    const suggestions = await callApi(t.url, "GET", assistantEndpoints.suggestions.path, token);
    expect(suggestions.status).toBe(200);
    expect(suggestions.body.suggestions).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ prompt: "Send payment reminders for past-due invoices" })]),
    );
    expect(suggestions.body.suggestions).toEqual(
      expect.arrayContaining([expect.objectContaining({ prompt: "Show me the past-due invoices" })]),
    );
    expect((await callApi(t.url, "GET", assistantEndpoints.conversations.path, token)).status).toBe(200);

    // The other tenant's same request is proposed as usual.
    const elsewhere = await chat((await ownerOf(other)).socket, 'create a job for Acme Plumbing: "Fix the sink"');
    expect(customOf(elsewhere.events, ASSISTANT_CUSTOM_EVENTS.proposal)).toMatchObject([{ moduleId: "create-job" }]);
  });
});
