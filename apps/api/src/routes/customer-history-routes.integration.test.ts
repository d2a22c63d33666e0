import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillPath } from "@fieldops/shared/endpoint";
import { customerEndpoints, type CustomerMessage, type CustomerVisit } from "@fieldops/shared/customers";
import { jobEndpoints, type JobListResponse } from "@fieldops/shared/jobs";
import type { RunningWorkers } from "@fieldops/worker/run-workers";
import { createCompletedJob } from "../../../../tests/integration/billing-fixtures.ts";
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

let t: TestApp;
let workers: RunningWorkers;
let company: TestCompany;
let other: TestCompany;
const tokens: Record<"owner" | "member" | "field_user" | "otherOwner", string> = {
  owner: "",
  member: "",
  field_user: "",
  otherOwner: "",
};

beforeAll(async () => {
  t = await startTestApp();
  workers = startTestWorkers(t);
  company = await createTestCompany(t.db, { planId: "pro" });
  other = await createTestCompany(t.db, { planId: "pro" });
  tokens.owner = await signIn(t.url, company.users.owner.email);
  tokens.member = await signIn(t.url, company.users.member.email);
  tokens.field_user = await signIn(t.url, company.users.field_user.email);
  tokens.otherOwner = await signIn(t.url, other.users.owner.email);
});
afterAll(async () => {
  await workers.close();
  await t.close();
});

const call = <T>(method: string, path: string, as: keyof typeof tokens, body?: unknown) =>
  callApi(t.url, method, path, tokens[as], body) as Promise<{ status: number; body: T & { message?: string } }>;
const visitsPath = (id: string, query = "") => `${fillPath(customerEndpoints.visits.path, { id })}${query}`;
const messagesPath = (id: string, query = "") => `${fillPath(customerEndpoints.messages.path, { id })}${query}`;
type Page<T> = { items: T[]; nextCursor: string | null };

describe("a customer's jobs, visits and messages", () => {
  it("lists the customer's own jobs, their visits a page at a time, and nobody else's", async () => {
    const theirs = await createCompletedJob(t.db, company.id, { visits: 3 });
    const someoneElses = await createCompletedJob(t.db, company.id, { visits: 1 });

    const jobs = await call<JobListResponse>(
      "GET",
      `${jobEndpoints.list.path}?customerId=${theirs.customerId}`,
      "member",
    );
    expect(jobs.body.items.map((job) => job.id)).toEqual([theirs.jobId]);

    const first = await call<Page<CustomerVisit>>("GET", visitsPath(theirs.customerId, "?limit=2"), "member");
    expect(first.status).toBe(200);
    // Latest first: the visit of yesterday, then the day before.
    expect(first.body.items.map((visit) => visit.id)).toEqual(theirs.visitIds.slice(0, 2));
    expect(first.body.items[0]).toMatchObject({ jobId: theirs.jobId, status: "completed", crewName: null });
    expect(first.body.items[0]!.jobTitle).toMatch(/^Spring cleanup /);
    const second = await call<Page<CustomerVisit>>(
      "GET",
      visitsPath(theirs.customerId, `?limit=2&cursor=${first.body.nextCursor}`),
      "member",
    );
    expect(second.body).toEqual({ items: [expect.objectContaining({ id: theirs.visitIds[2] })], nextCursor: null });
    expect([...first.body.items, ...second.body.items].map((visit) => visit.id)).not.toContain(
      someoneElses.visitIds[0],
    );
  });

  it("lists the messages sent to the customer, newest first, with what they sent but not the link they carry", async () => {
    const { jobId, customerId } = await createCompletedJob(t.db, company.id);
    const invoice = await call<{ id: string }>("POST", "/api/invoices", "owner", { jobId });
    expect(invoice.status, invoice.body.message).toBe(201);
    const sent = await call("POST", `/api/invoices/${invoice.body.id}/send`, "owner", { channels: ["email", "sms"] });
    expect(sent.status, sent.body.message).toBe(200);
    await drainQueues(t.runtime.context.queues, ["notifications", "mail"]);
    const portal = await call("POST", fillPath("/api/customers/:id/portal-link/send", { id: customerId }), "owner", {
      email: true,
      sms: false,
    });
    expect(portal.status, portal.body.message).toBe(201);
    await drainQueues(t.runtime.context.queues, ["notifications"]);
    // Another customer's message is not theirs.
    const elsewhere = await createCompletedJob(t.db, company.id);
    const otherInvoice = await call<{ id: string }>("POST", "/api/invoices", "owner", { jobId: elsewhere.jobId });
    await call("POST", `/api/invoices/${otherInvoice.body.id}/send`, "owner", { channels: ["email"] });
    await drainQueues(t.runtime.context.queues, ["notifications"]);

    const messages = await call<Page<CustomerMessage>>("GET", messagesPath(customerId), "member");
    expect(messages.status).toBe(200);
    const [portalMessage, ...invoiceMessages] = messages.body.items;
    expect(portalMessage).toMatchObject({ kind: "customer_portal", channel: "email", invoiceId: null });
    // Written together, the invoice's two messages come in either order.
    expect(invoiceMessages.map((message) => [message.kind, message.channel]).sort()).toEqual([
      ["invoice", "email"],
      ["invoice", "sms"],
    ]);
    for (const message of invoiceMessages) {
      expect(message).toMatchObject({ invoiceId: invoice.body.id, estimateId: null });
      expect(message.subject).toMatch(/^Invoice #\d+ from /);
    }
    // No mail server here: the e-mail waits; the text went to the local text catcher (no Twilio credentials).
    expect(invoiceMessages.find((message) => message.channel === "email")).toMatchObject({ sentAt: null });
    expect(invoiceMessages.find((message) => message.channel === "sms")).toMatchObject({
      status: "delivered",
      caught: true,
    });
    expect(invoiceMessages.find((message) => message.channel === "sms")?.recipient).toBe("(555) 201-0000");
    const text = JSON.stringify(messages.body);
    expect(text).not.toContain("/review/");
    expect(messages.body.items.every((message) => !("body" in message))).toBe(true);
    expect(text).not.toContain(otherInvoice.body.id);

    const paged = await call<Page<CustomerMessage>>("GET", messagesPath(customerId, "?limit=1"), "owner");
    expect(paged.body.items).toHaveLength(1);
    expect(paged.body.nextCursor).toBe(paged.body.items[0]!.id);
  });

  it("refuses a field user, and answers another company's user as if the customer did not exist", async () => {
    const { customerId } = await createCompletedJob(t.db, company.id);
    expect((await call("GET", visitsPath(customerId), "field_user")).status).toBe(403);
    expect((await call("GET", messagesPath(customerId), "field_user")).status).toBe(403);
    for (const path of [visitsPath(customerId), messagesPath(customerId)]) {
      const refused = await call("GET", path, "otherOwner");
      expect([refused.status, refused.body]).toEqual([404, { message: "Customer not found" }]);
    }
    const theirJobs = await call<JobListResponse>(
      "GET",
      `${jobEndpoints.list.path}?customerId=${customerId}`,
      "otherOwner",
    );
    expect(theirJobs.body.items).toEqual([]);
  });
});
