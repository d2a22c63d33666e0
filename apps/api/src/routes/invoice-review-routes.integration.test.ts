import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "@fieldops/shared/auth";
import type { InvoiceDetail } from "@fieldops/shared/invoices";
import { CARD_DECLINED_MESSAGE, type ReviewInvoice } from "@fieldops/shared/invoice-review";
import { PUBLIC_LINK_NOT_FOUND, REVIEW_REQUESTS_PER_MINUTE } from "@fieldops/shared/review";
import type { RunningWorkers } from "@fieldops/worker/run-workers";
import { createCompletedJob } from "../../../../tests/integration/billing-fixtures.ts";
import { startStripeStandIn, type StripeStandIn } from "../../../../tests/stand-ins/stripe-api.ts";
import {
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
let stripe: StripeStandIn;
let withStripe: TestApp;
let company: TestCompany;
let owner: string;
const VISA = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" };

beforeAll(async () => {
  t = await startTestApp();
  workers = startTestWorkers(t);
  stripe = await startStripeStandIn();
  withStripe = await startTestApp({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_API_BASE: stripe.url,
    STRIPE_PUBLISHABLE_KEY: "pk_test_standin",
  });
  company = await createTestCompany(t.db, { planId: "growth" });
  owner = await signIn(t.url, company.users.owner.email);
});
afterAll(async () => {
  await workers.close();
  await withStripe.close();
  await t.close();
  await stripe.close();
});

/** Each test speaks from its own address, so the per-address limits of one do not touch another. */
let address = "";
/** A fresh address per test and run: the limiter's counters in Redis outlive a run by up to a minute. */
const anAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;
async function call<T = ReviewInvoice>(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
  app = t,
) {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: {
      "x-forwarded-for": address,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : null) as T & { message?: string },
  };
}
const office = async (method: string, path: string, body?: unknown, app = t, headers: Record<string, string> = {}) => {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${owner}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as InvoiceDetail & { url: string; message?: string },
  };
};
const key = () => ({ "idempotency-key": randomUUID() });

/** A sent invoice and the token of the link its e-mail carries (read from the outbox, as the customer would). */
async function sentWithLink(app = t): Promise<{ invoice: InvoiceDetail; token: string }> {
  const job = await createCompletedJob(t.db, company.id);
  const created = await office("POST", "/api/invoices", { jobId: job.jobId }, app);
  await office("POST", `/api/invoices/${created.body.id}/send`, { channels: ["email"] }, app);
  await drainQueues(t.runtime.context.queues, ["notifications"]);
  const message = await t.db.outboxMessage.findFirstOrThrow({
    where: { invoiceId: created.body.id, channel: "email" },
  });
  const token = /#([A-Za-z0-9_-]{43})/.exec(message.body)![1]!;
  return { invoice: created.body, token };
}
const review = (invoiceId: string) => `/api/review/invoices/${invoiceId}`;

describe("the customer's review page", () => {
  it("opens the invoice with the company's branding for the link's token; a wrong, missing or other invoice's token is a 404 like a missing invoice", async () => {
    address = anAddress();
    const a = await sentWithLink();
    const b = await sentWithLink();
    const opened = await call("GET", review(a.invoice.id), { "x-review-token": a.token });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      company: { primaryColor: "#16a34a" },
      invoice: {
        id: a.invoice.id,
        number: a.invoice.number,
        status: "sent",
        totalCents: a.invoice.totalCents,
        balanceCents: a.invoice.totalCents,
      },
      review: null,
      payment: { provider: "test", publishableKey: null },
    });
    expect(opened.headers.get("cache-control")).toBe("no-store");
    // A JSON answer: a policy that allows nothing (the review page itself has the app's).
    expect(opened.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(opened.headers.get("x-content-type-options")).toBe("nosniff");

    const missing = await call("GET", review(randomUUID()), { "x-review-token": a.token });
    expect(missing).toMatchObject({ status: 404, body: { message: PUBLIC_LINK_NOT_FOUND } });
    for (const headers of [
      {} as Record<string, string>,
      { "x-review-token": b.token },
      { "x-review-token": `${a.token.slice(0, -1)}x` },
      { "x-review-token": "a".repeat(43) },
    ]) {
      const refused = await call("GET", review(a.invoice.id), headers);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual(missing.body);
    }
  });

  it("the token of invoice A opens nothing else of the company", async () => {
    address = anAddress();
    const a = await sentWithLink();
    const b = await sentWithLink();
    const token = { "x-review-token": a.token };
    expect((await call("GET", review(b.invoice.id), token)).status).toBe(404);
    expect((await call("POST", `${review(b.invoice.id)}/payments`, { ...token, ...key() }, VISA)).status).toBe(404);
    expect((await call("POST", `${review(b.invoice.id)}/review`, token, { rating: 1 })).status).toBe(404);
    for (const path of [
      `/api/invoices/${a.invoice.id}`,
      "/api/invoices",
      "/api/customers",
      `/api/customers/${a.invoice.customerId}`,
      "/api/payments",
      "/api/company",
      "/api/user",
    ]) {
      expect((await call("GET", path, token)).status, path).toBe(401);
    }
    expect(await t.db.payment.count({ where: { invoiceId: b.invoice.id } })).toBe(0);
  });

  it("the customer's portal link opens and pays that customer's invoices only", async () => {
    address = anAddress();
    const mine = await sentWithLink();
    const theirs = await sentWithLink();
    expect(theirs.invoice.customerId).not.toBe(mine.invoice.customerId);
    const portal = await office("POST", `/api/customers/${mine.invoice.customerId}/portal-link`);
    const credential = { "x-review-token": `${mine.invoice.customerId}.${new URL(portal.body.url).hash.slice(1)}` };
    expect((await call("GET", review(mine.invoice.id), credential)).body.invoice).toMatchObject({
      id: mine.invoice.id,
    });
    expect((await call("GET", review(theirs.invoice.id), credential)).status).toBe(404);
    expect(
      (await call("POST", `${review(theirs.invoice.id)}/payments`, { ...credential, ...key() }, VISA)).status,
    ).toBe(404);
    const paid = await call("POST", `${review(mine.invoice.id)}/payments`, { ...credential, ...key() }, VISA);
    expect(paid).toMatchObject({ status: 201, body: { invoice: { status: "paid" } } });
  });

  it("a company whose trial has ended is read-only to its office, yet its customer can still pay", async () => {
    address = anAddress();
    const { invoice, token } = await sentWithLink();
    await t.db.company.update({ where: { id: company.id }, data: { trialEndsAt: new Date(Date.now() - 60_000) } });
    try {
      expect((await office("POST", `/api/invoices/${invoice.id}/review-link`)).status).toBe(402);
      const paid = await call("POST", `${review(invoice.id)}/payments`, { "x-review-token": token, ...key() }, VISA);
      expect(paid).toMatchObject({ status: 201, body: { invoice: { status: "paid" } } });
    } finally {
      await t.db.company.update({ where: { id: company.id }, data: { trialEndsAt: null } });
    }
  });

  it("a draft is not shown, even with a token for it", async () => {
    address = anAddress();
    const a = await sentWithLink();
    await t.db.invoice.update({ where: { id: a.invoice.id }, data: { status: "draft" } });
    expect((await call("GET", review(a.invoice.id), { "x-review-token": a.token })).status).toBe(404);
  });

  it("pays the balance with the test card once; a declined card stores nothing; a second payment is refused", async () => {
    address = anAddress();
    const { invoice, token } = await sentWithLink();
    const declined = await call(
      "POST",
      `${review(invoice.id)}/payments`,
      { "x-review-token": token, ...key() },
      { ...VISA, cardNumber: "4000 0000 0000 0002" },
    );
    expect(declined).toMatchObject({ status: 402, body: { message: CARD_DECLINED_MESSAGE } });
    expect(await t.db.payment.count({ where: { invoiceId: invoice.id } })).toBe(0);

    const same = key();
    const paid = await Promise.all(
      [1, 2, 3].map(() => call("POST", `${review(invoice.id)}/payments`, { "x-review-token": token, ...same }, VISA)),
    );
    expect(paid.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(paid[0]!.body.invoice).toMatchObject({ status: "paid", balanceCents: 0, paidCents: invoice.totalCents });
    const payments = await t.db.payment.findMany({ where: { invoiceId: invoice.id } });
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ method: "card", provider: "test", cardLast4: "4242", recordedByUserId: null });
    const again = await call("POST", `${review(invoice.id)}/payments`, { "x-review-token": token, ...key() }, VISA);
    expect(again).toMatchObject({ status: 409, body: { message: "This invoice is already paid" } });
    expect((await office("GET", `/api/invoices/${invoice.id}`)).body.status).toBe("paid");
    expect(await t.db.outboxMessage.count({ where: { invoiceId: invoice.id } })).toBe(1);

    // The office gives $5 back as a credit: the customer's page shows it and asks for nothing.
    const refund = (amountCents: number, reopenBalance: boolean) =>
      office("POST", `/api/payments/${payments[0]!.id}/refunds`, { amountCents, reopenBalance }, t, key());
    expect((await refund(500, false)).status).toBe(201);
    const credited = await call("GET", review(invoice.id), { "x-review-token": token });
    expect(credited.body.invoice).toMatchObject({
      status: "paid",
      balanceCents: 0,
      refunds: [{ amountCents: 500, reopenedBalance: false, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }],
    });
    const noPay = await call("POST", `${review(invoice.id)}/payments`, { "x-review-token": token, ...key() }, VISA);
    expect(noPay).toMatchObject({ status: 409, body: { message: "This invoice is already paid" } });
    // Then $3 with the balance reopened: the customer owes $3 again and may pay it.
    expect((await refund(300, true)).status).toBe(201);
    const owed = await call("GET", review(invoice.id), { "x-review-token": token });
    expect(owed.body.invoice).toMatchObject({ status: "partially_paid", balanceCents: 300 });
    expect(owed.body.invoice.refunds.map((entry: { reopenedBalance: boolean }) => entry.reopenedBalance)).toEqual([
      false,
      true,
    ]);
  });

  it("takes one review per invoice, which the office sees", async () => {
    address = anAddress();
    const { invoice, token } = await sentWithLink();
    const left = await call(
      "POST",
      `${review(invoice.id)}/review`,
      { "x-review-token": token },
      { rating: 5, comment: "Lawn looks great" },
    );
    expect(left).toMatchObject({ status: 201, body: { review: { rating: 5, comment: "Lawn looks great" } } });
    expect(
      (await call("POST", `${review(invoice.id)}/review`, { "x-review-token": token }, { rating: 1 })).status,
    ).toBe(409);
    expect(
      (await call("POST", `${review(invoice.id)}/review`, { "x-review-token": token }, { rating: 6 })).status,
    ).toBe(400);
    expect((await office("GET", `/api/invoices/${invoice.id}`)).body.review).toMatchObject({
      rating: 5,
      comment: "Lawn looks great",
    });
  });

  it("a link copied by the office works beside the e-mailed one; drafts have none", async () => {
    address = anAddress();
    const { invoice, token } = await sentWithLink();
    const copied = await office("POST", `/api/invoices/${invoice.id}/review-link`);
    expect(copied.status).toBe(201);
    const copiedToken = new URL(copied.body.url).hash.slice(1);
    expect(copiedToken).not.toBe(token);
    expect((await call("GET", review(invoice.id), { "x-review-token": copiedToken })).status).toBe(200);
    expect((await call("GET", review(invoice.id), { "x-review-token": token })).status).toBe(200);
    const stored = await t.db.publicLink.findMany({ where: { subjectId: invoice.id } });
    expect(stored.every((link) => link.tokenHash !== token && link.tokenHash !== copiedToken)).toBe(true);
    const job = await createCompletedJob(t.db, company.id);
    const draft = await office("POST", "/api/invoices", { jobId: job.jobId });
    expect((await office("POST", `/api/invoices/${draft.body.id}/review-link`)).status).toBe(409);
  });

  it("guessing is limited per address", async () => {
    address = anAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= REVIEW_REQUESTS_PER_MINUTE; attempt++)
      statuses.push((await call("GET", review(randomUUID()), { "x-review-token": "b".repeat(43) })).status);
    expect(statuses.slice(0, REVIEW_REQUESTS_PER_MINUTE).every((status) => status === 404)).toBe(true);
    expect(statuses[REVIEW_REQUESTS_PER_MINUTE]).toBe(429);
  });

  it("a browser's cross-site request is refused; the link's header with a stray session cookie is not", async () => {
    address = anAddress();
    const { invoice, token } = await sentWithLink();
    const crossSite = await call(
      "POST",
      `${review(invoice.id)}/review`,
      { "x-review-token": token, "sec-fetch-site": "cross-site" },
      { rating: 4 },
    );
    expect(crossSite.status).toBe(403);
    const noHeader = await call(
      "POST",
      `${review(invoice.id)}/review`,
      { cookie: `${SESSION_COOKIE}=${owner}` },
      { rating: 4 },
    );
    expect(noHeader.status).toBe(403);
    const withCookie = await call(
      "POST",
      `${review(invoice.id)}/review`,
      { "x-review-token": token, cookie: `${SESSION_COOKIE}=${owner}` },
      { rating: 4 },
    );
    expect(withCookie.status).toBe(201);
  });
});

describe("paying through Stripe when it is configured", () => {
  it("creates a PaymentIntent for the balance, records it once confirmed (asking Stripe), and refunds through Stripe", async () => {
    address = anAddress();
    const { invoice, token } = await sentWithLink(withStripe);
    const opened = await call("GET", review(invoice.id), { "x-review-token": token }, undefined, withStripe);
    expect(opened.body.payment).toEqual({ provider: "stripe", publishableKey: "pk_test_standin", bankDebits: false });
    // The customer's page allows Stripe.js (its script, card frames and API) only where Stripe is configured.
    const pagePolicy = async (app: TestApp) =>
      (await fetch(`${app.url}/review/${invoice.id}`)).headers.get("content-security-policy");
    expect(await pagePolicy(withStripe)).toContain("script-src 'self' https://js.stripe.com");
    expect(await pagePolicy(withStripe)).toContain("frame-src https://js.stripe.com https://hooks.stripe.com");
    expect(await pagePolicy(t)).not.toContain("stripe");
    expect(
      (await call("POST", `${review(invoice.id)}/payments`, { "x-review-token": token, ...key() }, VISA, withStripe))
        .status,
    ).toBe(409);

    const same = key();
    const intent = await call<{ paymentIntentId: string; clientSecret: string; amountCents: number }>(
      "POST",
      `${review(invoice.id)}/payment-intents`,
      { "x-review-token": token, ...same },
      undefined,
      withStripe,
    );
    expect(intent).toMatchObject({ status: 201, body: { amountCents: invoice.totalCents } });
    const repeated = await call<{ paymentIntentId: string }>(
      "POST",
      `${review(invoice.id)}/payment-intents`,
      { "x-review-token": token, ...same },
      undefined,
      withStripe,
    );
    expect(repeated.body.paymentIntentId).toBe(intent.body.paymentIntentId);
    const created = stripe.requests.find((request) => request.path === "/v1/payment_intents")!;
    expect(created.idempotencyKey).toContain(same["idempotency-key"]);
    expect(new URLSearchParams(created.body).get("metadata[invoice_id]")).toBe(invoice.id);

    const early = await call(
      "POST",
      `${review(invoice.id)}/payment-intents/confirm`,
      { "x-review-token": token },
      { paymentIntentId: intent.body.paymentIntentId },
      withStripe,
    );
    expect(early).toMatchObject({ status: 409, body: { message: "The payment has not gone through yet" } });
    expect((await stripe.confirm(intent.body.paymentIntentId)).status).toBe(200);
    const confirmed = await Promise.all(
      [1, 2].map(() =>
        call(
          "POST",
          `${review(invoice.id)}/payment-intents/confirm`,
          { "x-review-token": token },
          { paymentIntentId: intent.body.paymentIntentId },
          withStripe,
        ),
      ),
    );
    expect(confirmed.map((answer) => answer.status)).toEqual([201, 201]);
    expect(confirmed[0]!.body.invoice.status).toBe("paid");
    const payments = await t.db.payment.findMany({ where: { invoiceId: invoice.id } });
    expect(payments).toMatchObject([
      { provider: "stripe", providerReference: intent.body.paymentIntentId, amountCents: invoice.totalCents },
    ]);

    const other = await sentWithLink(withStripe);
    const foreign = await call(
      "POST",
      `${review(other.invoice.id)}/payment-intents/confirm`,
      { "x-review-token": other.token },
      { paymentIntentId: intent.body.paymentIntentId },
      withStripe,
    );
    expect(foreign).toMatchObject({ status: 400, body: { message: "This payment is not for this invoice" } });

    const refundResponse = await fetch(`${withStripe.url}/api/payments/${payments[0]!.id}/refunds`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner}`, "content-type": "application/json", ...key() },
      body: JSON.stringify({ amountCents: 1000 }),
    });
    expect(refundResponse.status).toBe(201);
    expect(stripe.refunds).toEqual([
      expect.objectContaining({ payment_intent: intent.body.paymentIntentId, amount: 1000 }),
    ]);
    // A refund is a credit: the invoice stays paid, so the customer's link does not ask for the refund again.
    expect((await t.db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe("paid");
  });
});
