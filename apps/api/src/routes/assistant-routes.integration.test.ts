import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "@fieldops/db";
import { createCustomer } from "@fieldops/domain/customers/create-customer";
import { customerInput, testCustomerServices } from "@fieldops/domain/customers/customer-test-fixtures";
import { conversationResponseSchema, chatSuggestionsResponseSchema } from "@fieldops/shared/chat";
import {
  callApi,
  createTestCompany,
  signIn,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { openSocket } from "../../../../tests/integration/test-socket.ts";
import { chat, textOf, uiActionsOf } from "../../../../tests/integration/assistant-events.ts";

let t: TestApp;
let company: TestCompany;
let other: TestCompany;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  company = await createTestCompany(t.db, { name: "History Lawns" });
  other = await createTestCompany(t.db, { name: "Other Lawns" });
  await withTenant(t.runtime.context.db, company.id, async (tx) => {
    const customer = await createCustomer(
      { tx, companyId: company.id },
      customerInput({ name: "Acme Plumbing" }),
      testCustomerServices,
    );
    await tx.invoice.create({
      data: {
        companyId: company.id,
        customerId: customer.id,
        number: 7,
        status: "sent",
        totalCents: 5_000,
        dueAt: new Date("2020-01-01T12:00:00Z"),
      },
    });
  });
  for (const role of ["owner", "member", "field_user"] as const)
    tokens[role] = await signIn(t.url, company.users[role].email);
  tokens.otherOwner = await signIn(t.url, other.users.owner.email);
});
afterAll(() => t.close());

describe("GET /api/assistant/conversations", () => {
  it("lists the user's own conversations, and opens one with its runs' events, so a reload shows the same actions", async () => {
    const socket = await openSocket(t.url, tokens.owner!);
    const run = await chat(socket, "take me to my jobs");
    await chat(socket, "now connect stripe", { conversationId: run.conversationId });
    socket.socket.close();

    const list = await callApi(t.url, "GET", "/api/assistant/conversations", tokens.owner!);
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      { id: run.conversationId, title: "take me to my jobs", updatedAt: expect.any(String) },
    ]);

    const opened = await callApi(t.url, "GET", `/api/assistant/conversations/${run.conversationId}`, tokens.owner!);
    expect(opened.status).toBe(200);
    const conversation = conversationResponseSchema.parse(opened.body);
    expect(conversation.messages.map((m) => [m.role, m.text])).toEqual([
      ["user", "take me to my jobs"],
      ["assistant", "Opening jobs."],
      ["user", "now connect stripe"],
      ["assistant", textOf(conversation.messages[3]!.events)],
    ]);
    expect(uiActionsOf(conversation.messages[1]!.events)).toEqual(uiActionsOf(run.events));
    expect(uiActionsOf(conversation.messages[3]!.events)).toMatchObject([
      { type: "openModal", target: "integrations.stripe" },
    ]);
  });

  it("another user of the company, or of another company, neither lists nor opens it (404)", async () => {
    const [mine] = (await callApi(t.url, "GET", "/api/assistant/conversations", tokens.owner!)).body.items as {
      id: string;
    }[];
    for (const token of [tokens.member!, tokens.field_user!, tokens.otherOwner!]) {
      expect((await callApi(t.url, "GET", "/api/assistant/conversations", token)).body).toEqual({ items: [] });
      expect((await callApi(t.url, "GET", `/api/assistant/conversations/${mine!.id}`, token)).status).toBe(404);
    }
    expect((await callApi(t.url, "GET", "/api/assistant/conversations/not-a-uuid", tokens.owner!)).status).toBe(404);
    expect((await fetch(`${t.url}/api/assistant/conversations`)).status).toBe(401);
  });
});

describe("GET /api/assistant/suggestions", () => {
  it("suggests what fits the company now and the user's role, each a prompt the assistant answers", async () => {
    const response = await callApi(t.url, "GET", "/api/assistant/suggestions", tokens.owner!);
    expect(response.status).toBe(200);
    const body = chatSuggestionsResponseSchema.parse(response.body);
    expect(body.answerer).toEqual({ kind: "offline_planner" });
    expect(body.allowedOAuthOrigins).toContain(t.url);
    expect(body.suggestions[0]).toEqual({ label: "1 invoice past due", prompt: "Show me the past-due invoices" });
    expect(body.suggestions.map((s) => s.label)).toContain("No jobs yet: create the first");

    const socket = await openSocket(t.url, tokens.owner!);
    for (const suggestion of body.suggestions) {
      const run = await chat(socket, suggestion.prompt);
      expect(textOf(run.events), suggestion.prompt).not.toContain("I'm not sure what you'd like me to do");
    }
    socket.socket.close();

    const forFieldUser = chatSuggestionsResponseSchema.parse(
      (await callApi(t.url, "GET", "/api/assistant/suggestions", tokens.field_user!)).body,
    );
    expect(forFieldUser.suggestions.map((s) => s.prompt)).not.toContain("Show me the past-due invoices");
    const forOther = chatSuggestionsResponseSchema.parse(
      (await callApi(t.url, "GET", "/api/assistant/suggestions", tokens.otherOwner!)).body,
    );
    expect(forOther.suggestions.map((s) => s.prompt)).not.toContain("Show me the past-due invoices");
    expect((await fetch(`${t.url}/api/assistant/suggestions`)).status).toBe(401);
  });
});
