import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encryptSecret, integrationsEncryptionKey } from "@fieldops/domain/integrations/token-encryption";
import { deliverWebhook } from "@fieldops/domain/webhooks/deliver-webhook.handler";
import { WEBHOOK_DELIVERY_ATTEMPTS } from "@fieldops/shared/webhooks";
import { readEventsAfter } from "@fieldops/events/company-stream";
import { createCompletedJob } from "../../../../tests/integration/billing-fixtures.ts";
import {
  callApi,
  createTestCompany,
  signIn,
  startTestApp,
  startTestWorkers,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";

/** A receiver of webhooks: answers each path as told and keeps what it was sent, as a customer's endpoint would. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
const ANSWERS: Record<string, { status: number; body: string }> = {
  "/ok": { status: 200, body: "thanks" },
  "/broken": { status: 500, body: `upstream exploded ${"x".repeat(5000)}` },
  "/gone": { status: 410, body: "no such hook" },
};

let t: TestApp;
let strict: TestApp;
let workers: ReturnType<typeof startTestWorkers>;
let company: TestCompany;
let other: TestCompany;
let owner: string;
let member: string;
let fieldUser: string;
let otherOwner: string;
let customerId: string;

const call = (method: string, path: string, token: string, body?: unknown) => callApi(t.url, method, path, token, body);

async function subscribe(path: string, events: string[], token = owner) {
  const created = await call("POST", "/api/webhooks/subscriptions", token, { url: `${receiverUrl}${path}`, events });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as unknown as { id: string; secret: string; url: string };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const deliveriesOf = (subscriptionId: string) =>
  t.db.webhookDelivery.findMany({ where: { subscriptionId }, orderBy: { createdAt: "asc" } });

async function createJob(title: string) {
  const job = await call("POST", "/api/jobs", owner, { customerId, title });
  expect(job.status, JSON.stringify(job.body)).toBe(201);
  return job.body as { id: string; number: number };
}

/** Moves the webhooks queue's waiting retries (10 minutes' backoff and more) to now, as time passing would. */
async function promoteRetries() {
  for (const job of await t.runtime.context.queues.queue("webhooks").getDelayed()) await job.promote();
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ path, headers: request.headers, body });
      const answer = ANSWERS[path] ?? { status: 404, body: "" };
      response.writeHead(answer.status, { "content-type": "text/plain" }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // The operator allows private targets here, so that the receiver on loopback can be called; `strict` does not.
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: "true" });
  strict = await startTestApp();
  workers = startTestWorkers(t);
  company = await createTestCompany(t.db, { planId: "pro" });
  other = await createTestCompany(t.db, { planId: "pro" });
  [owner, member, fieldUser, otherOwner] = await Promise.all([
    signIn(t.url, company.users.owner.email),
    signIn(t.url, company.users.member.email),
    signIn(t.url, company.users.field_user.email),
    signIn(t.url, other.users.owner.email),
  ]);
  customerId = (
    await t.db.customer.create({
      data: {
        companyId: company.id,
        name: "Henderson Family",
        street: "1 Main St",
        city: "Boulder",
        region: "CO",
        postcode: "80302",
      },
    })
  ).id;
});

afterAll(async () => {
  await workers?.close();
  await t?.close();
  await strict?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe("webhook subscriptions", () => {
  it("delivers a created job to the receiver, signed per Standard Webhooks, once, and logs it", async () => {
    const subscription = await subscribe("/ok", ["job.created"]);
    expect(subscription.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const stored = await t.db.webhookSubscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(stored.secretEncrypted).not.toContain(subscription.secret.slice(6));
    const listed = await call("GET", "/api/webhooks/subscriptions", owner);
    expect(JSON.stringify(listed.body)).not.toContain(subscription.secret.slice(6));

    const job = await createJob("Spring cleanup");
    const [delivery] = await until(
      () => deliveriesOf(subscription.id),
      (rows) => rows[0]?.status === "succeeded",
    );
    const arrivals = received.filter((entry) => entry.path === "/ok");
    expect(arrivals).toHaveLength(1);
    const { headers, body } = arrivals[0]!;
    const verified = new Webhook(subscription.secret).verify(body, {
      "webhook-id": String(headers["webhook-id"]),
      "webhook-timestamp": String(headers["webhook-timestamp"]),
      "webhook-signature": String(headers["webhook-signature"]),
    });
    expect(verified).toMatchObject({ type: "job.created", data: { id: job.id, number: job.number } });
    expect(headers["webhook-id"]).toBe(`msg_${delivery!.eventId}`);
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 1).toString("base64")}`).verify(body, headers as never),
    ).toThrow();

    const log = await call("GET", `/api/webhooks/subscriptions/${subscription.id}/deliveries`, owner);
    expect(log.body).toMatchObject({
      items: [
        { eventType: "job.created", status: "succeeded", attempts: 1, responseStatus: 200, responseBody: "thanks" },
      ],
    });

    // Replay: the same message (same webhook-id, same data), newly signed.
    const replay = await call("POST", `/api/webhooks/deliveries/${delivery!.id}/replay`, owner);
    expect(replay.status, JSON.stringify(replay.body)).toBe(201);
    await until(
      () => deliveriesOf(subscription.id),
      (rows) => rows.length === 2 && rows.every((row) => row.status === "succeeded"),
    );
    const again = received.filter((entry) => entry.path === "/ok");
    expect(again).toHaveLength(2);
    expect(again[1]!.headers["webhook-id"]).toBe(headers["webhook-id"]);
    expect(JSON.parse(again[1]!.body)).toEqual(JSON.parse(body));
    await call("DELETE", `/api/webhooks/subscriptions/${subscription.id}`, owner);
  });

  it("retries a receiver that answers 500 with backoff, saying why, and fails it after the last try", async () => {
    const subscription = await subscribe("/broken", ["job.created"]);
    await createJob("Gutter cleaning");
    await until(
      () => deliveriesOf(subscription.id),
      (rows) => rows[0]?.status === "retrying" && rows[0].attempts === 1,
    );
    for (let attempt = 2; attempt <= WEBHOOK_DELIVERY_ATTEMPTS; attempt++) {
      await until(
        async () => {
          await promoteRetries();
          return deliveriesOf(subscription.id);
        },
        // At least: a promotion can start the next try before this poll reads the last one.
        (rows) => rows[0]!.attempts >= attempt && rows[0]!.status !== "pending",
      );
    }
    const [delivery] = await until(
      () => deliveriesOf(subscription.id),
      (rows) => rows[0]?.status === "failed",
    );
    expect(delivery).toMatchObject({
      attempts: WEBHOOK_DELIVERY_ATTEMPTS,
      responseStatus: 500,
      error: "The receiver answered 500",
    });
    expect(delivery!.responseBody).toHaveLength(2048);
    expect(delivery!.responseBody).toMatch(/^upstream exploded x+$/);
    expect(received.filter((entry) => entry.path === "/broken")).toHaveLength(WEBHOOK_DELIVERY_ATTEMPTS);
    await call("DELETE", `/api/webhooks/subscriptions/${subscription.id}`, owner);
  });

  it("does not retry a 4xx", async () => {
    const subscription = await subscribe("/gone", ["job.created"]);
    await createJob("Hedge trimming");
    const [delivery] = await until(
      () => deliveriesOf(subscription.id),
      (rows) => rows[0]?.status === "failed",
    );
    expect(delivery).toMatchObject({ attempts: 1, responseStatus: 410, responseBody: "no such hook" });
    expect(delivery!.error).toContain("not retried");
    await promoteRetries();
    expect(await t.runtime.context.queues.queue("webhooks").getDelayed()).toHaveLength(0);
    expect(received.filter((entry) => entry.path === "/gone")).toHaveLength(1);
    await call("DELETE", `/api/webhooks/subscriptions/${subscription.id}`, owner);
  });

  it("announces a canceled visit and a sent invoice to the subscriptions that asked for them only", async () => {
    const visits = await subscribe("/ok", ["visit.canceled"]);
    const invoices = await subscribe("/ok", ["invoice.sent"]);
    const job = (await createJob("Aeration")) as unknown as { visits: { id: string; version: number }[] };
    const visit = job.visits[0]!;
    const canceled = await call("POST", `/api/visits/${visit.id}/transition`, owner, {
      to: "canceled",
      version: visit.version,
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const billed = await createCompletedJob(t.db, company.id);
    const invoice = await call("POST", "/api/invoices", owner, { jobId: billed.jobId });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    const invoiceId = (invoice.body as { id: string }).id;
    const sent = await call("POST", `/api/invoices/${invoiceId}/send`, owner, { channels: ["email"] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [visitDelivery] = await until(
      () => deliveriesOf(visits.id),
      (rows) => rows[0]?.status === "succeeded",
    );
    expect(visitDelivery!.payload).toMatchObject({
      type: "visit.canceled",
      data: { id: visit.id, status: "canceled", previousStatus: "unscheduled" },
    });
    const [invoiceDelivery] = await until(
      () => deliveriesOf(invoices.id),
      (rows) => rows[0]?.status === "succeeded",
    );
    expect(invoiceDelivery!.payload).toMatchObject({ type: "invoice.sent", data: { id: invoiceId } });

    expect(await deliveriesOf(visits.id)).toHaveLength(1);
    expect(await deliveriesOf(invoices.id)).toHaveLength(1);
    await call("DELETE", `/api/webhooks/subscriptions/${visits.id}`, owner);
    await call("DELETE", `/api/webhooks/subscriptions/${invoices.id}`, owner);
  });

  it("announces customers added and changed, visits booked and moved, and payments received", async () => {
    const subscription = await subscribe("/ok", [
      "customer.created",
      "customer.updated",
      "visit.scheduled",
      "visit.rescheduled",
      "payment.received",
    ]);
    const created = await call("POST", "/api/customers", owner, {
      name: "Webhook Customer",
      contacts: [{ kind: "email", value: "hooks@example.com" }],
      properties: [
        { street: "5 Elm St", city: "Boulder", region: "CO", postcode: "80302", latitude: 40, longitude: -105 },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const newCustomerId = (created.body as { id: string }).id;
    const renamed = await call("PATCH", `/api/customers/${newCustomerId}`, owner, { name: "Webhook Customer Jr" });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const job = (await createJob("Gutter cleaning")) as unknown as { visits: { id: string }[] };
    const visitId = job.visits[0]!.id;
    for (const start of ["2026-12-01T15:00:00.000Z", "2026-12-02T16:00:00.000Z"]) {
      const { version } = await t.db.visit.findUniqueOrThrow({ where: { id: visitId } });
      const placed = await call("POST", `/api/visits/${visitId}/schedule`, owner, {
        crewId: null,
        start,
        durationMinutes: 60,
        version,
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    }
    const billed = await createCompletedJob(t.db, company.id);
    const invoice = await call("POST", "/api/invoices", owner, { jobId: billed.jobId });
    const invoiceId = (invoice.body as { id: string }).id;
    expect((await call("POST", `/api/invoices/${invoiceId}/send`, owner, { channels: ["email"] })).status).toBe(200);
    for (let press = 0; press < 2; press++) {
      const paid = await fetch(`${t.url}/api/invoices/${invoiceId}/payments`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${owner}`,
          "content-type": "application/json",
          "idempotency-key": "cash-payment-1",
        },
        body: JSON.stringify({ method: "cash", amountCents: 1000 }),
      });
      expect(paid.status, await paid.clone().text()).toBeLessThan(300);
    }
    const deliveries = await until(
      () => deliveriesOf(subscription.id),
      (rows) => rows.length === 5 && rows.every((row) => row.status === "succeeded"),
    );
    const byType = (type: string) =>
      deliveries.filter((row) => (row.payload as { type: string }).type === type).map((row) => row.payload);
    expect(byType("customer.created")).toMatchObject([
      { data: { id: newCustomerId, name: "Webhook Customer", email: "hooks@example.com" } },
    ]);
    expect(byType("customer.updated")).toMatchObject([{ data: { id: newCustomerId, name: "Webhook Customer Jr" } }]);
    expect(byType("visit.scheduled")).toMatchObject([
      { data: { id: visitId, start: "2026-12-01T15:00:00.000Z", previousStart: null } },
    ]);
    expect(byType("visit.rescheduled")).toMatchObject([
      { data: { id: visitId, start: "2026-12-02T16:00:00.000Z", previousStart: "2026-12-01T15:00:00.000Z" } },
    ]);
    // Each delivery written (5) and tried (5) tells the owners' open log, live.
    await until(
      async () =>
        (await readEventsAfter(t.runtime.context.redis, company.id, "0-0")).filter(
          (entry) =>
            entry.event.name === "webhook_deliveries.changed" &&
            entry.event.payload.subscriptionIds.includes(subscription.id),
        ).length,
      (count) => count === 10,
    );
    // Pressed twice with one Idempotency-Key: one payment, announced once.
    expect(byType("payment.received")).toMatchObject([
      { data: { invoiceId, amountCents: 1000, method: "cash", customerId: billed.customerId } },
    ]);
    await call("DELETE", `/api/webhooks/subscriptions/${subscription.id}`, owner);
  });

  it("sends nothing for a change that rolled back", async () => {
    const subscription = await subscribe("/ok", ["job.created"]);
    const before = received.length;
    const refused = await call("POST", "/api/jobs", owner, { customerId: randomUUID(), title: "Nobody's job" });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(await deliveriesOf(subscription.id)).toHaveLength(0);
    expect(received.length).toBe(before);
    await call("DELETE", `/api/webhooks/subscriptions/${subscription.id}`, owner);
  });
});

describe("the SSRF guard", () => {
  it("refuses private targets when saved, unless the operator allows them", async () => {
    const strictOwner = await signIn(strict.url, company.users.owner.email);
    const port = (receiver.address() as AddressInfo).port;
    for (const [url, reason] of [
      [`http://127.0.0.1:${port}/ok`, "127.0.0.1 is a loopback address"],
      ["http://169.254.169.254/latest/meta-data/", "169.254.169.254 is a linkLocal address"],
      [`http://localhost:${port}/ok`, "is a loopback address"],
      ["http://[::ffff:10.0.0.1]/", "is a private address"],
    ] as const) {
      const refused = await callApi(strict.url, "POST", "/api/webhooks/subscriptions", strictOwner, {
        url,
        events: ["job.created"],
      });
      expect(refused.status, url).toBe(400);
      expect(refused.body).toMatchObject({ field: "url", message: expect.stringContaining(reason) });
    }
    expect(await t.db.webhookSubscription.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("refuses at delivery a URL that now resolves to a private address, without calling it", async () => {
    const secret = `whsec_${Buffer.alloc(24, 7).toString("base64")}`;
    const port = (receiver.address() as AddressInfo).port;
    const subscription = await t.db.webhookSubscription.create({
      data: {
        companyId: company.id,
        url: `http://localhost:${port}/ok`,
        events: ["job.created"],
        secretEncrypted: encryptSecret(integrationsEncryptionKey(t.runtime.context.env), secret),
        source: "app",
        enabled: false,
      },
    });
    const delivery = await t.db.webhookDelivery.create({
      data: {
        companyId: company.id,
        subscriptionId: subscription.id,
        eventId: randomUUID(),
        eventType: "job.created",
        payload: { type: "job.created", timestamp: new Date().toISOString(), data: {} },
      },
    });
    await t.db.webhookSubscription.update({ where: { id: subscription.id }, data: { enabled: true } });
    const before = received.length;
    await deliverWebhook(
      { companyId: company.id, deliveryId: delivery.id },
      { ...strict.runtime.context, taskId: "test", env: strict.runtime.context.env, finalAttempt: false },
    );
    const logged = await t.db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(logged).toMatchObject({ status: "failed", attempts: 1, responseStatus: null });
    expect(logged.error).toMatch(/localhost \((127\.0\.0\.1|::1)\) is a loopback address/);
    expect(received.length).toBe(before);
    await t.db.webhookSubscription.delete({ where: { id: subscription.id } });
  });
});

describe("who may", () => {
  it("keeps another company's subscriptions and deliveries out of reach (404)", async () => {
    const subscription = await subscribe("/ok", ["visit.completed"]);
    const delivery = await t.db.webhookDelivery.create({
      data: {
        companyId: company.id,
        subscriptionId: subscription.id,
        eventId: randomUUID(),
        eventType: "visit.completed",
        payload: { type: "visit.completed", timestamp: new Date().toISOString(), data: {} },
        status: "failed",
      },
    });
    const paths = [
      ["GET", `/api/webhooks/subscriptions/${subscription.id}/deliveries`],
      ["PATCH", `/api/webhooks/subscriptions/${subscription.id}`, { enabled: false }],
      ["DELETE", `/api/webhooks/subscriptions/${subscription.id}`],
      ["POST", `/api/webhooks/deliveries/${delivery.id}/replay`],
    ] as const;
    for (const [method, path, body] of paths) {
      expect((await call(method, path, otherOwner, body)).status, `${method} ${path}`).toBe(404);
    }
    const list = await call("GET", "/api/webhooks/subscriptions", otherOwner);
    expect(list.body).toEqual({ items: [] });
    expect(await t.db.webhookSubscription.findUnique({ where: { id: subscription.id } })).toMatchObject({
      enabled: true,
    });
    await call("DELETE", `/api/webhooks/subscriptions/${subscription.id}`, owner);
  });

  it("refuses members and field users (403)", async () => {
    for (const token of [member, fieldUser]) {
      expect((await call("GET", "/api/webhooks/subscriptions", token)).status).toBe(403);
      const created = await call("POST", "/api/webhooks/subscriptions", token, {
        url: `${receiverUrl}/ok`,
        events: ["job.created"],
      });
      expect(created.status).toBe(403);
      const hook = await call("POST", "/api/hooks", token, { target_url: `${receiverUrl}/ok`, event: "job.created" });
      expect(hook.status).toBe(403);
    }
  });

  it("refuses a plan without Zapier, naming Pro, and the wound-care vertical", async () => {
    const growth = await createTestCompany(t.db, { planId: "growth" });
    const growthOwner = await signIn(t.url, growth.users.owner.email);
    const refused = await call("POST", "/api/webhooks/subscriptions", growthOwner, {
      url: `${receiverUrl}/ok`,
      events: ["job.created"],
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: expect.stringContaining("Pro plan") });

    const woundCare = await createTestCompany(t.db, { planId: "pro" });
    await t.db.company.update({ where: { id: woundCare.id }, data: { verticalId: "wound_care" } });
    const woundOwner = await signIn(t.url, woundCare.users.owner.email);
    const prohibited = await call("POST", "/api/webhooks/subscriptions", woundOwner, {
      url: `${receiverUrl}/ok`,
      events: ["job.created"],
    });
    expect(prohibited.status).toBe(403);
    expect(prohibited.body).toMatchObject({ message: expect.stringContaining("not available") });
  });
});

describe("REST hooks (Zapier)", () => {
  it("subscribes and unsubscribes with an API key of the hooks scope, and the subscription shows in the list", async () => {
    const created = await call("POST", "/api/api-keys", owner, { name: "Zapier", scopes: ["hooks:write"] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const key = (created.body as { key: string }).key;
    const hook = await call("POST", "/api/hooks", key, { target_url: `${receiverUrl}/ok`, event: "job.created" });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const { id } = hook.body as { id: string };
    const list = await call("GET", "/api/webhooks/subscriptions", owner);
    expect(list.body).toMatchObject({
      items: expect.arrayContaining([expect.objectContaining({ id, source: "rest_hook", events: ["job.created"] })]),
    });
    // The key reaches the hooks and nothing of Settings.
    expect((await call("GET", "/api/webhooks/subscriptions", key)).status).toBe(403);
    const jobsOnly = await call("POST", "/api/api-keys", owner, { name: "Jobs", scopes: ["jobs:write"] });
    const jobsKey = (jobsOnly.body as { key: string }).key;
    expect(
      (await call("POST", "/api/hooks", jobsKey, { target_url: `${receiverUrl}/ok`, event: "job.created" })).status,
    ).toBe(403);

    expect((await call("DELETE", `/api/hooks/${id}`, key)).status).toBe(204);
    expect(await t.db.webhookSubscription.findUnique({ where: { id } })).toBeNull();
    const otherKey = await callApi(t.url, "POST", "/api/api-keys", otherOwner, { name: "Z", scopes: ["hooks:write"] });
    const theirs = await call("POST", "/api/hooks", (otherKey.body as { key: string }).key, {
      target_url: `${receiverUrl}/ok`,
      event: "job.created",
    });
    expect((await call("DELETE", `/api/hooks/${(theirs.body as { id: string }).id}`, key)).status).toBe(404);
  });
});
