import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "@fieldops/db";
import { createCustomer } from "@fieldops/domain/customers/create-customer";
import { customerInput, testCustomerServices } from "@fieldops/domain/customers/customer-test-fixtures";
import { equipmentSpec } from "@fieldops/domain/custom-objects/custom-object-test-fixtures";
import { ASSISTANT_CUSTOM_EVENTS, assistantEndpoints, type ConversationResponse } from "@fieldops/shared/chat";
import { fillPath } from "@fieldops/shared/endpoint";
import { moduleEndpoints, type ApprovalRequest } from "@fieldops/shared/modules";
import type { RunningWorkers } from "@fieldops/worker/run-workers";
import {
  callApi,
  createTestCompany,
  drainQueues,
  signIn,
  startTestApp,
  startTestWorkers,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { openSocket, type TestSocket } from "../../../../tests/integration/test-socket.ts";
import { chat, customOf, runOf, uiActionsOf } from "../../../../tests/integration/assistant-events.ts";

let t: TestApp;
let workers: RunningWorkers;
let company: TestCompany;
let other: TestCompany;
const tokens: Record<string, string> = {};
const sockets: Record<string, TestSocket> = {};

const call = (method: string, path: string, as: string, body?: unknown) =>
  callApi(t.url, method, path, tokens[as]!, body);
const drain = () => drainQueues(t.runtime.context.queues, ["modules"]);

/** Asks in the conversation, confirms the proposal, and runs its action as the browser does; the action's id. */
async function proposeAndRun(as: string, text: string, conversationId: string | null) {
  const socket = sockets[as]!;
  const asked = await chat(socket, text, { conversationId });
  const [proposal] = customOf(asked.events, ASSISTANT_CUSTOM_EVENTS.proposal);
  expect(proposal, text).toBeDefined();
  const requestId = crypto.randomUUID();
  await socket.sendMessage({
    type: "chat.decide",
    requestId,
    conversationId: asked.conversationId,
    proposalId: String(proposal!.proposalId),
    decision: "confirm",
  });
  const [action] = uiActionsOf((await runOf(socket, requestId)).events);
  const response = await fetch(`${t.url}${moduleEndpoints.execute.path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${tokens[as]}`,
      "content-type": "application/json",
      "idempotency-key": String(action!.id),
    },
    body: JSON.stringify({ moduleId: action!.moduleId, params: action!.moduleParams }),
  });
  const answer = (await response.json()) as { runId: string; status: string };
  await drain();
  return { actionId: String(action!.id), runId: answer.runId, conversationId: asked.conversationId };
}

async function history(as: string, conversationId: string) {
  const response = await call("GET", fillPath(assistantEndpoints.conversation.path, { id: conversationId }), as);
  return { status: response.status, body: response.body as unknown as ConversationResponse };
}

async function approvalOf(runId: string): Promise<ApprovalRequest> {
  const listed = await call("GET", moduleEndpoints.approvals.path, "owner");
  return (listed.body as unknown as { items: ApprovalRequest[] }).items.find((item) => item.id === runId)!;
}

beforeAll(async () => {
  t = await startTestApp();
  workers = startTestWorkers(t);
  company = await createTestCompany(t.db, { name: "History Lawns" });
  other = await createTestCompany(t.db, { name: "Elsewhere Lawns" });
  await withTenant(t.runtime.context.db, company.id, (tx) =>
    createCustomer({ tx, companyId: company.id }, customerInput({ name: "Acme Plumbing" }), testCustomerServices),
  );
  const signed = await Promise.all([
    signIn(t.url, company.users.owner.email),
    signIn(t.url, company.users.member.email),
    signIn(t.url, other.users.owner.email),
  ]);
  ["owner", "member", "otherOwner"].forEach((name, i) => (tokens[name] = signed[i]!));
  sockets.owner = await openSocket(t.url, tokens.owner!);
  sockets.member = await openSocket(t.url, tokens.member!);
});
afterAll(async () => {
  for (const socket of Object.values(sockets)) socket.socket.close();
  await workers.close();
  await t.close();
});

describe("a reloaded conversation's outcomes", () => {
  it("says how each run stands now: undone, waiting for approval, denied with the reason, an export with its file", async () => {
    const created = await proposeAndRun("member", 'create a job for Acme Plumbing: "Fix the sink"', null);
    const conversationId = created.conversationId;
    expect((await call("POST", fillPath(moduleEndpoints.undoRun.path, { id: created.runId }), "member")).status).toBe(
      200,
    );
    const waiting = await proposeAndRun("member", "export customers", conversationId);
    const denied = await proposeAndRun("member", "export customers", conversationId);
    const approved = await proposeAndRun("member", "export customers", conversationId);
    expect(
      (
        await call("POST", fillPath(moduleEndpoints.deny.path, { id: denied.runId }), "owner", {
          reason: "Not this month",
        })
      ).status,
    ).toBe(200);
    const approval = await approvalOf(approved.runId);
    expect(
      (
        await call("POST", fillPath(moduleEndpoints.approve.path, { id: approved.runId }), "owner", {
          paramsHash: approval.paramsHash,
        })
      ).status,
    ).toBe(200);
    await drain();
    // The owner's own run with the same key is theirs, not the member's chip.
    await fetch(`${t.url}${moduleEndpoints.execute.path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${tokens.owner}`,
        "content-type": "application/json",
        "idempotency-key": waiting.actionId,
      },
      body: JSON.stringify({ moduleId: "export-customers", params: {} }),
    });

    const { status, body } = await history("member", conversationId);
    expect(status).toBe(200);
    const runs = Object.fromEntries(body.runs.map(({ actionId, run }) => [actionId, run]));
    expect(Object.keys(runs).sort()).toEqual(
      [created.actionId, waiting.actionId, denied.actionId, approved.actionId].sort(),
    );
    expect(runs[created.actionId]).toMatchObject({
      runId: created.runId,
      moduleId: "create-job",
      status: "succeeded",
      undone: true,
      undoUntil: null,
    });
    expect(runs[waiting.actionId]).toMatchObject({
      runId: waiting.runId,
      status: "awaiting_approval",
      message: "Sent to an owner or administrator for approval",
    });
    expect(runs[denied.actionId]).toMatchObject({ status: "denied", error: "Denied: Not this month" });
    expect(runs[approved.actionId]).toMatchObject({
      status: "succeeded",
      download: fillPath(moduleEndpoints.downloadRun.path, { id: approved.runId }),
    });
    const file = await fetch(`${t.url}${runs[approved.actionId]!.download!}`, {
      headers: { authorization: `Bearer ${tokens.member}` },
    });
    expect(file.status).toBe(200);

    // Another user's conversation, even of the same company, is not found; nor for another company.
    expect((await history("owner", conversationId)).status).toBe(404);
    expect((await history("otherOwner", conversationId)).status).toBe(404);
  });

  it("keeps a quote of the conversation's build session, to reopen", async () => {
    const asked = await chat(sockets.owner!, "I need to track equipment per customer: make, model");
    const [action] = uiActionsOf(asked.events);
    expect(action).toMatchObject({ type: "request_quote" });
    const sessionId = String(action!.sessionId);
    // What the browser's request_quote does, and the quote job answers: a quoted proposal in the session.
    await t.db.buildSession.create({ data: { id: sessionId, companyId: company.id, userId: company.users.owner.id } });
    const spec = equipmentSpec();
    const older = await t.db.buildProposal.create({
      data: {
        companyId: company.id,
        sessionId,
        requestedByUserId: company.users.owner.id,
        request: { description: "track equipment" },
        status: "quoted",
        spec,
        priceCents: 90_000,
        etaMinutes: 30,
        risk: "low",
        createdAt: new Date(Date.now() - 60_000),
      },
    });
    const latest = await t.db.buildProposal.create({
      data: {
        companyId: company.id,
        sessionId,
        requestedByUserId: company.users.owner.id,
        request: { description: "track equipment" },
        status: "quoted",
        spec,
        priceCents: 120_000,
        etaMinutes: 45,
        risk: "medium",
      },
    });
    expect(older.id).not.toBe(latest.id);

    const { body } = await history("owner", asked.conversationId);
    expect(body.quotes).toEqual([
      expect.objectContaining({
        sessionId,
        proposalId: latest.id,
        quote: { priceUsd: 1200, etaMinutes: 45, risk: "medium" },
        built: false,
      }),
    ]);
    expect(body.quotes[0]!.spec).toEqual(spec);
  });
});
