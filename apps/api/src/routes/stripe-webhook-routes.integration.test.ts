import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InvoiceDetail } from "@fieldops/shared/invoices";
import { reviewLinkToken, sentInvoiceOfNewJob } from "../../../../tests/integration/billing-fixtures.ts";
import { WEBHOOK_REQUESTS_PER_MINUTE } from "../http/webhook-rate-limit.ts";
import { startStripeStandIn, type StripeStandIn } from "../../../../tests/stand-ins/stripe-api.ts";
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
import type { RunningWorkers } from "@fieldops/worker/run-workers";
import { processStripeEvent } from "@fieldops/domain/payments/process-stripe-event";

let stripe: StripeStandIn;
let t: TestApp;
let workers: RunningWorkers;
let company: TestCompany;
let other: TestCompany;
const tokens: Record<string, string> = {};
/** The other company's own connected account. */
let otherAccount: string;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await startTestApp({
    ...stripe.env,
  });
  workers = startTestWorkers(t);
  company = await createTestCompany(t.db);
  other = await createTestCompany(t.db);
  stripe.webhookUrl = webhookUrl();
  tokens.owner = await signIn(t.url, company.users.owner.email);
  tokens.otherOwner = await signIn(t.url, other.users.owner.email);
  // The other company connected its own Stripe account (OAuth, Stripe Connect Standard) before.
  otherAccount = (await createAccount()).id;
  await t.db.integrationConnection.create({
    data: { companyId: other.id, provider: "stripe", accountId: otherAccount, simulated: false },
  });
});
afterAll(async () => {
  await workers.close();
  await t.close();
  await stripe.close();
});

const webhookUrl = () => `${t.url}/api/webhooks/stripe`;

/** The webhook answers once the event is stored; the worker applies it: waits until it has. */
const applied = () => drainQueues(t.runtime.context.queues, ["payments"]);

/** Sends each event, in order, each applied before the next is sent (the order a test means is the order applied). */
async function deliverInOrder(events: Parameters<StripeStandIn["sendWebhook"]>[0][]) {
  for (const event of events) {
    expect((await stripe.sendWebhook(event)).status).toBe(200);
    await applied();
  }
}

async function createAccount(): Promise<{ id: string }> {
  const response = await fetch(`${stripe.url}/v1/accounts`, {
    method: "POST",
    headers: { authorization: `Bearer ${stripe.secretKey}`, "content-type": "application/x-www-form-urlencoded" },
    body: "type=standard",
  });
  return (await response.json()) as { id: string };
}

/** A sent invoice of the company. */
const sentInvoice = (token = tokens.owner!, companyId = company.id) =>
  sentInvoiceOfNewJob(t.url, t.db, companyId, token);

/** A PaymentIntent for the invoice's total, made at Stripe as the customer's page makes it. */
async function intentFor(invoice: InvoiceDetail, companyId = company.id, account?: string) {
  return stripe.createIntent({
    amount: invoice.totalCents,
    metadata: { invoice_id: invoice.id, company_id: companyId },
    account,
  });
}

/** The intent as Stripe shows it now (what its next event carries). */
const snapshot = (intentId: string) => {
  const { refunded: _refunded, account: _account, ...shown } = stripe.intents.get(intentId)!;
  return structuredClone(shown);
};

const stored = (invoiceId: string) =>
  Promise.all([
    t.db.invoice.findUniqueOrThrow({ where: { id: invoiceId }, select: { paidCents: true, status: true } }),
    t.db.payment.findMany({
      where: { invoiceId },
      select: { status: true, amountCents: true, providerReference: true },
    }),
  ]);

describe("Stripe's webhook", () => {
  it("records one payment however often and in whatever order the events come (succeeded before processing, each three times)", async () => {
    const invoice = await sentInvoice();
    const intent = await intentFor(invoice);
    await stripe.confirm(intent, "pm_usBankAccount");
    const processing = stripe.event("payment_intent.processing", snapshot(intent));
    const succeeded = await stripe.settle(intent, "succeeded");
    for (const event of [succeeded, processing, succeeded, processing, succeeded, processing]) {
      expect((await stripe.sendWebhook(event)).status).toBe(200);
    }
    await applied();
    const [after, payments] = await stored(invoice.id);
    expect(after).toEqual({ paidCents: invoice.totalCents, status: "paid" });
    expect(payments).toEqual([{ status: "succeeded", amountCents: invoice.totalCents, providerReference: intent }]);
    expect(await t.db.stripeEvent.count({ where: { id: { in: [succeeded.id, processing.id] } } })).toBe(2);
  });

  it("stores and applies an event whose customer words carry a NUL character (jsonb refuses one)", async () => {
    const invoice = await sentInvoice();
    const intent = await intentFor(invoice);
    await stripe.confirm(intent);
    const event = stripe.event("payment_intent.succeeded", { ...snapshot(intent), description: "Hedge\u0000trim" });
    expect((await stripe.sendWebhook(event)).status).toBe(200);
    await applied();
    expect((await stored(invoice.id))[0]).toEqual({ paidCents: invoice.totalCents, status: "paid" });
  });

  it("the same event delivered three times at once is applied once", async () => {
    const invoice = await sentInvoice();
    const intent = await intentFor(invoice);
    await stripe.confirm(intent);
    const event = stripe.event("payment_intent.succeeded", snapshot(intent));
    const answers = await Promise.all([1, 2, 3].map(() => stripe.sendWebhook(event)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    await applied();
    const [after, payments] = await stored(invoice.id);
    expect(after.paidCents).toBe(invoice.totalCents);
    expect(payments).toHaveLength(1);
  });

  it("a payment confirmed in the browser and its webhook are one payment, whichever comes first", async () => {
    // The customer's page first, then the webhook.
    const invoice = await sentInvoice();
    const { token } = await linkOf(invoice);
    const created = await fetch(`${t.url}/api/review/invoices/${invoice.id}/payment-intents`, {
      method: "POST",
      headers: { "x-review-token": token, "idempotency-key": crypto.randomUUID() },
    });
    const { paymentIntentId } = (await created.json()) as { paymentIntentId: string };
    await stripe.confirm(paymentIntentId);
    const confirmed = await fetch(`${t.url}/api/review/invoices/${invoice.id}/payment-intents/confirm`, {
      method: "POST",
      headers: { "x-review-token": token, "content-type": "application/json" },
      body: JSON.stringify({ paymentIntentId }),
    });
    expect(confirmed.status).toBe(201);
    expect((await stripe.sendWebhook(stripe.event("payment_intent.succeeded", snapshot(paymentIntentId)))).status).toBe(
      200,
    );
    await applied();
    const [after, payments] = await stored(invoice.id);
    expect(after.paidCents).toBe(invoice.totalCents);
    expect(payments).toHaveLength(1);

    // The webhook first (the stand-in sends it as the intent is confirmed), then the page.
    const second = await sentInvoice();
    const secondLink = await linkOf(second);
    const intent = await intentFor(second);
    stripe.sendsEvents = true;
    try {
      await stripe.confirm(intent);
    } finally {
      stripe.sendsEvents = false;
    }
    await applied();
    expect((await stored(second.id))[1]).toHaveLength(1);
    const late = await fetch(`${t.url}/api/review/invoices/${second.id}/payment-intents/confirm`, {
      method: "POST",
      headers: { "x-review-token": secondLink.token, "content-type": "application/json" },
      body: JSON.stringify({ paymentIntentId: intent }),
    });
    expect(late.status).toBe(201);
    const [secondAfter, secondPayments] = await stored(second.id);
    expect(secondAfter).toEqual({ paidCents: second.totalCents, status: "paid" });
    expect(secondPayments).toHaveLength(1);
  });

  it("a bank debit is a pending payment: the invoice owes until it succeeds, and still owes when it fails", async () => {
    const invoice = await sentInvoice();
    const intent = await intentFor(invoice);
    stripe.sendsEvents = true;
    try {
      await stripe.confirm(intent, "pm_usBankAccount");
    } finally {
      stripe.sendsEvents = false;
    }
    await applied();
    let [after, payments] = await stored(invoice.id);
    expect(after).toEqual({ paidCents: 0, status: "sent" });
    expect(payments).toEqual([{ status: "pending", amountCents: invoice.totalCents, providerReference: intent }]);
    // The office's screens say it is processing, and count nothing received yet.
    const detail = await callApi<InvoiceDetail>(t.url, "GET", `/api/invoices/${invoice.id}`, tokens.owner!);
    expect(detail.body.paidCents).toBe(0);
    expect(detail.body.payments).toEqual([expect.objectContaining({ status: "pending" })]);
    // Another payment for the same balance is refused while it processes.
    const cash = await fetch(`${t.url}/api/invoices/${invoice.id}/payments`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${tokens.owner}`,
        "content-type": "application/json",
        "idempotency-key": crypto.randomUUID(),
      },
      body: JSON.stringify({ method: "cash", amountCents: invoice.totalCents }),
    });
    expect(cash.status).toBe(409);

    await deliverInOrder([await stripe.settle(intent, "succeeded")]);
    [after, payments] = await stored(invoice.id);
    expect(after).toEqual({ paidCents: invoice.totalCents, status: "paid" });
    expect(payments).toEqual([{ status: "succeeded", amountCents: invoice.totalCents, providerReference: intent }]);

    const refused = await sentInvoice();
    const refusedIntent = await intentFor(refused);
    await stripe.confirm(refusedIntent, "pm_usBankAccount");
    const processing = stripe.event("payment_intent.processing", snapshot(refusedIntent));
    await deliverInOrder([processing]);
    const failed = await stripe.settle(refusedIntent, "failed");
    await deliverInOrder([failed, processing]);
    [after, payments] = await stored(refused.id);
    expect(after).toEqual({ paidCents: 0, status: "sent" });
    expect(payments).toEqual([{ status: "failed", amountCents: refused.totalCents, providerReference: refusedIntent }]);
    // The balance is owed again: it can be paid.
    const again = await fetch(`${t.url}/api/invoices/${refused.id}/payments`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${tokens.owner}`,
        "content-type": "application/json",
        "idempotency-key": crypto.randomUUID(),
      },
      body: JSON.stringify({ method: "cash", amountCents: refused.totalCents }),
    });
    expect(again.status).toBe(201);
  });

  it("a refund made in Stripe's dashboard is recorded once; one made here is not recorded again", async () => {
    const invoice = await sentInvoice();
    const intent = await intentFor(invoice);
    stripe.sendsEvents = true;
    try {
      await stripe.confirm(intent);
      await applied();
      const payment = await t.db.payment.findFirstOrThrow({ where: { invoiceId: invoice.id } });
      // Made here: Stripe's refund.created comes while the refund is being recorded, and is not recorded twice.
      const ours = await fetch(`${t.url}/api/payments/${payment.id}/refunds`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${tokens.owner}`,
          "content-type": "application/json",
          "idempotency-key": crypto.randomUUID(),
        },
        body: JSON.stringify({ amountCents: 1000 }),
      });
      expect(ours.status).toBe(201);
    } finally {
      stripe.sendsEvents = false;
    }
    await applied();
    const dashboard = stripe.refundInDashboard(intent, 500);
    for (const _time of [1, 2, 3]) expect((await stripe.sendWebhook(dashboard)).status).toBe(200);
    await applied();
    const refunds = await t.db.refund.findMany({ where: { invoiceId: invoice.id }, orderBy: { createdAt: "asc" } });
    expect(refunds.map((refund) => refund.amountCents)).toEqual([1000, 500]);
    expect(refunds[1]).toMatchObject({ reason: "Refunded in Stripe", createdByUserId: null });
    expect(refunds.map((refund) => refund.reopenedBalance)).toEqual([false, false]);
    // Both are credits: the invoice stays paid, and the customer's link asks for nothing.
    const [after] = await stored(invoice.id);
    expect(after).toEqual({ paidCents: invoice.totalCents, status: "paid" });
  });

  it("a dispute lost gives the money back once: replayed three times and out of order, the balance is owed again", async () => {
    const invoice = await sentInvoice();
    const intent = await intentFor(invoice);
    await stripe.confirm(intent);
    await deliverInOrder([stripe.event("payment_intent.succeeded", snapshot(intent))]);
    const opened = stripe.dispute(intent, "created", "needs_response");
    const reviewing = stripe.dispute(intent, "updated", "under_review");
    const lost = stripe.dispute(intent, "closed", "lost");
    // The closing first, then the earlier steps late, then the closing three more times (one of them a new event id
    // for the same closing, as a second notice would be); then a "won" Stripe never sends after a loss.
    const deliveries = [lost, opened, reviewing, lost, lost, stripe.dispute(intent, "closed", "lost"), opened];
    await deliverInOrder([...deliveries, stripe.dispute(intent, "closed", "won")]);

    const [after] = await stored(invoice.id);
    expect(after).toEqual({ paidCents: 0, status: "sent" });
    const detail = await callApi<InvoiceDetail>(t.url, "GET", `/api/invoices/${invoice.id}`, tokens.owner!);
    expect(detail.body).toMatchObject({ paidCents: 0, balanceCents: invoice.totalCents, status: "sent" });
    expect(detail.body.payments).toEqual([
      expect.objectContaining({
        status: "succeeded",
        refundedCents: invoice.totalCents,
        dispute: { status: "lost", amountCents: invoice.totalCents },
      }),
    ]);
    expect(detail.body.refunds).toEqual([
      expect.objectContaining({ amountCents: invoice.totalCents, reopenedBalance: true, disputeLost: true }),
    ]);
    const audits = await t.db.auditLog.findMany({
      where: { companyId: company.id, entityId: invoice.id, action: { startsWith: "payment.disput" } },
      orderBy: { createdAt: "asc" },
    });
    expect(audits.map((audit) => audit.action)).toEqual(["payment.dispute_lost"]);

    // The customer's link says the bank returned it and asks for the balance again; the office may not refund it too.
    const { token } = await linkOf(invoice);
    const review = await fetch(`${t.url}/api/review/invoices/${invoice.id}`, { headers: { "x-review-token": token } });
    expect(await review.json()).toMatchObject({
      invoice: {
        balanceCents: invoice.totalCents,
        refunds: [{ amountCents: invoice.totalCents, reopenedBalance: true, disputeLost: true }],
      },
    });
    const payment = await t.db.payment.findFirstOrThrow({ where: { invoiceId: invoice.id } });
    const refundAgain = await fetch(`${t.url}/api/payments/${payment.id}/refunds`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${tokens.owner}`,
        "content-type": "application/json",
        "idempotency-key": crypto.randomUUID(),
      },
      body: JSON.stringify({ amountCents: 100 }),
    });
    expect(refundAgain.status).toBe(409);
  });

  it("a dispute of part of a payment, lost, reopens that part; three deliveries at once apply it once", async () => {
    const invoice = await sentInvoice();
    const intent = await intentFor(invoice);
    await stripe.confirm(intent);
    await deliverInOrder([stripe.event("payment_intent.succeeded", snapshot(intent))]);
    const lost = stripe.dispute(intent, "closed", "lost", { amount: 1500 });
    const answers = await Promise.all([1, 2, 3].map(() => stripe.sendWebhook(lost)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    await applied();
    const [after] = await stored(invoice.id);
    expect(after).toEqual({ paidCents: invoice.totalCents - 1500, status: "partially_paid" });
    expect(await t.db.refund.count({ where: { invoiceId: invoice.id } })).toBe(1);
    // A dispute won changes no money.
    const kept = await sentInvoice();
    const keptIntent = await intentFor(kept);
    await stripe.confirm(keptIntent);
    await deliverInOrder([
      stripe.event("payment_intent.succeeded", snapshot(keptIntent)),
      stripe.dispute(keptIntent, "closed", "won"),
      stripe.dispute(keptIntent, "created", "lost"),
    ]);
    expect((await stored(kept.id))[0]).toEqual({ paidCents: kept.totalCents, status: "paid" });
    expect(await t.db.refund.count({ where: { invoiceId: kept.id } })).toBe(0);
  });

  it("a bank debit's failure delivered before its processing event leaves nothing pending", async () => {
    const invoice = await sentInvoice();
    const intent = await intentFor(invoice);
    await stripe.confirm(intent, "pm_usBankAccount");
    const processing = stripe.event("payment_intent.processing", snapshot(intent));
    const failed = await stripe.settle(intent, "failed");
    await deliverInOrder([failed, processing, failed, processing]);
    const [after, payments] = await stored(invoice.id);
    expect(after).toEqual({ paidCents: 0, status: "sent" });
    expect(payments.filter((payment) => payment.status === "pending")).toEqual([]);
  });

  it("takes Stripe's events past the other providers' per-address limit: the platform's traffic comes from a few addresses", async () => {
    const invoice = await sentInvoice();
    const intent = await intentFor(invoice);
    await stripe.confirm(intent);
    const event = stripe.event("payment_intent.succeeded", snapshot(intent));
    const stripeAddress = { "x-forwarded-for": `10.7.${Math.floor(Math.random() * 250) + 1}.9` };
    const forged = await Promise.all(
      Array.from({ length: WEBHOOK_REQUESTS_PER_MINUTE + 50 }, () =>
        stripe.sendWebhook(event, { secret: "whsec_not_the_secret", headers: stripeAddress }),
      ),
    );
    expect(new Set(forged.map((answer) => answer.status))).toEqual(new Set([400]));
    expect((await stripe.sendWebhook(event, { headers: stripeAddress })).status).toBe(200);
    await applied();
    expect((await stored(invoice.id))[0].paidCents).toBe(invoice.totalCents);
  });

  it("refuses a wrong signature, an unknown account and a malformed body (400), changing nothing", async () => {
    const invoice = await sentInvoice();
    const intent = await intentFor(invoice);
    await stripe.confirm(intent);
    const event = stripe.event("payment_intent.succeeded", snapshot(intent));
    const forged = await stripe.sendWebhook(event, { secret: "whsec_not_the_secret" });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body)).toMatchObject({ message: "Not signed by Stripe" });
    const unsigned = await fetch(webhookUrl(), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    const unknown = await stripe.sendWebhook(event, { account: "acct_nobodyhasthis" });
    expect(unknown.status).toBe(400);
    expect(JSON.parse(unknown.body)).toMatchObject({ message: "unknown account" });
    const malformed = await fetch(webhookUrl(), {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      body: "{not json",
    });
    expect(malformed.status).toBe(400);
    // A tampered body keeps its old signature: refused.
    const tampered = JSON.stringify({ ...event, data: { object: { ...snapshot(intent), amount_received: 1 } } });
    const replayedSignature = await fetch(webhookUrl(), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`,
      },
      body: tampered,
    });
    expect(replayedSignature.status).toBe(400);
    await applied();
    const [after, payments] = await stored(invoice.id);
    expect(after.paidCents).toBe(0);
    expect(payments).toEqual([]);
    expect(await t.db.stripeEvent.count({ where: { id: event.id } })).toBe(0);
    // The same event, signed, is then applied.
    await deliverInOrder([event]);
    expect((await stored(invoice.id))[0].paidCents).toBe(invoice.totalCents);
  });

  it("another company's intent in an event of a different account is not applied to either company", async () => {
    const invoice = await sentInvoice();
    const intent = await intentFor(invoice);
    await stripe.confirm(intent);
    // Company A's intent, in an event under company B's connected account.
    const event = stripe.event("payment_intent.succeeded", snapshot(intent), { account: otherAccount });
    await deliverInOrder([event]);
    // …and one naming company B but A's invoice.
    const misnamed = stripe.event(
      "payment_intent.succeeded",
      { ...snapshot(intent), metadata: { invoice_id: invoice.id, company_id: other.id } },
      { account: otherAccount },
    );
    await deliverInOrder([misnamed]);
    const [after, payments] = await stored(invoice.id);
    expect(after.paidCents).toBe(0);
    expect(payments).toEqual([]);
    expect(await t.db.payment.count({ where: { companyId: other.id } })).toBe(0);
  });

  it("charges and refunds of a company with a connected account are made on it; its events are applied", async () => {
    const invoice = await sentInvoice(tokens.otherOwner, other.id);
    const { token } = await linkOf(invoice, tokens.otherOwner);
    const created = await fetch(`${t.url}/api/review/invoices/${invoice.id}/payment-intents`, {
      method: "POST",
      headers: { "x-review-token": token, "idempotency-key": crypto.randomUUID() },
    });
    const body = (await created.json()) as { paymentIntentId: string; stripeAccount: string | null };
    expect(body.stripeAccount).toBe(otherAccount);
    const made = stripe.requests.findLast((request) => request.path === "/v1/payment_intents")!;
    expect(made.stripeAccount).toBe(otherAccount);
    // The platform's own account does not know the intent.
    expect((await stripe.confirm(body.paymentIntentId)).status).toBe(404);
    expect((await stripe.confirm(body.paymentIntentId, "pm_card_visa", { account: otherAccount })).status).toBe(200);
    const event = stripe.event("payment_intent.succeeded", snapshot(body.paymentIntentId), { account: otherAccount });
    await deliverInOrder([event]);
    const payment = await t.db.payment.findFirstOrThrow({ where: { invoiceId: invoice.id } });
    expect(payment).toMatchObject({ status: "succeeded", providerAccount: otherAccount });

    const refunded = await fetch(`${t.url}/api/payments/${payment.id}/refunds`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${tokens.otherOwner}`,
        "content-type": "application/json",
        "idempotency-key": crypto.randomUUID(),
      },
      body: JSON.stringify({ amountCents: 500 }),
    });
    expect(refunded.status).toBe(201);
    expect(stripe.refunds.at(-1)).toMatchObject({ payment_intent: body.paymentIntentId, account: otherAccount });
  });
});

describe("Stripe's webhook answers first and the worker applies", () => {
  it("stores the event and answers before applying it; a redelivery while it waits is neither lost nor doubled", async () => {
    const queue = t.runtime.context.queues.queue("payments");
    // No worker: what the webhook does on its own.
    await workers.close();
    let invoice: InvoiceDetail;
    let event: ReturnType<StripeStandIn["event"]>;
    try {
      invoice = await sentInvoice();
      const intent = await intentFor(invoice);
      await stripe.confirm(intent);
      event = stripe.event("payment_intent.succeeded", snapshot(intent));
      expect((await stripe.sendWebhook(event)).status).toBe(200);
      expect(await t.db.stripeEvent.findUniqueOrThrow({ where: { id: event.id } })).toMatchObject({
        companyId: company.id,
        deliveries: 1,
        processedAt: null,
        payload: expect.objectContaining({ id: event.id, type: "payment_intent.succeeded" }),
      });
      expect((await stored(invoice.id))[1]).toEqual([]);
      const [task] = await queue.getWaiting();
      expect(task?.data).toMatchObject({ companyId: company.id, eventId: event.id });
      // A failed try is tried again (the webhook has answered: Stripe will not send it again on its own).
      expect(task?.opts.attempts).toBeGreaterThan(1);

      // Its task lost (a queue emptied, a task failed for good): Stripe's next deliveries, two at once, queue it again.
      await queue.drain();
      const again = await Promise.all([1, 2].map(() => stripe.sendWebhook(event)));
      expect(again.map((answer) => answer.status)).toEqual([200, 200]);
      expect(await queue.getWaitingCount()).toBe(2);
      expect((await stored(invoice.id))[1]).toEqual([]);
    } finally {
      workers = startTestWorkers(t);
    }
    await applied();
    const [after, payments] = await stored(invoice.id);
    expect(after).toEqual({ paidCents: invoice.totalCents, status: "paid" });
    expect(payments).toHaveLength(1);
    const record = await t.db.stripeEvent.findUniqueOrThrow({ where: { id: event.id } });
    expect(record.deliveries).toBe(3);
    expect(record.processedAt).not.toBeNull();

    // Delivered once applied, it queues nothing and changes nothing.
    const before = await queue.getJobCountByTypes("waiting", "active", "delayed", "completed", "failed");
    expect((await stripe.sendWebhook(event)).status).toBe(200);
    expect(await queue.getJobCountByTypes("waiting", "active", "delayed", "completed", "failed")).toBe(before);
    expect(await t.db.stripeEvent.findUniqueOrThrow({ where: { id: event.id } })).toMatchObject({ deliveries: 3 });
    expect((await stored(invoice.id))[1]).toHaveLength(1);
  });

  it("a try that fails leaves the event unapplied, and the next try applies it once", async () => {
    await workers.close();
    try {
      const invoice = await sentInvoice();
      const intent = await intentFor(invoice);
      await stripe.confirm(intent);
      const event = stripe.event("payment_intent.succeeded", snapshot(intent));
      expect((await stripe.sendWebhook(event)).status).toBe(200);
      await t.runtime.context.queues.queue("payments").drain();
      const deps = t.runtime.context;
      const env = t.runtime.context.env;
      // The payment's write fails (an invalid time stands in for a database that refuses): all of it is rolled back.
      await expect(
        processStripeEvent(deps, { companyId: company.id, eventId: event.id, env, now: new Date(Number.NaN) }),
      ).rejects.toThrow();
      expect(await t.db.stripeEvent.findUniqueOrThrow({ where: { id: event.id } })).toMatchObject({
        processedAt: null,
      });
      expect((await stored(invoice.id))[1]).toEqual([]);
      const tries = await Promise.all(
        [1, 2].map(() => processStripeEvent(deps, { companyId: company.id, eventId: event.id, env })),
      );
      expect(tries.map((one) => one.outcome).sort()).toEqual(["already applied", "processed"]);
      expect(await stored(invoice.id)).toEqual([
        { paidCents: invoice.totalCents, status: "paid" },
        [{ status: "succeeded", amountCents: invoice.totalCents, providerReference: intent }],
      ]);
    } finally {
      workers = startTestWorkers(t);
    }
  });
});

/** The invoice's customer link (as the office copies it). */
async function linkOf(invoice: InvoiceDetail, owner = tokens.owner!): Promise<{ token: string }> {
  return { token: await reviewLinkToken(t.url, invoice.id, owner) };
}
