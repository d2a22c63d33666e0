import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@fieldops/domain/accounts/passwords";
import { latestSeq, readEventsAfter } from "@fieldops/events/company-stream";
import type { InvoiceDetail } from "@fieldops/shared/invoices";
import type { StripeAccountResponse } from "@fieldops/shared/stripe";
import { createCompletedJob } from "../../../../tests/integration/billing-fixtures.ts";
import { startStripeStandIn, type StripeStandIn } from "../../../../tests/stand-ins/stripe-api.ts";
import {
  callApi,
  createTestCompany,
  drainQueues,
  signIn,
  startTestApp,
  startTestWorkers,
  TEST_PASSWORD,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import type { RunningWorkers } from "@fieldops/worker/run-workers";

let stripe: StripeStandIn;
let t: TestApp;
let workers: RunningWorkers;
let company: TestCompany;
let other: TestCompany;
const adminEmail = `ops-${randomUUID().slice(0, 8)}@ops.test`;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await startTestApp({
    ...stripe.env,
  });
  workers = startTestWorkers(t);
  await t.db.user.create({
    data: {
      email: adminEmail,
      name: "Ada Admin",
      passwordHash: await hashPassword(TEST_PASSWORD),
      role: "admin",
      permissions: ["all"],
    },
  });
  stripe.webhookUrl = `${t.url}/api/webhooks/stripe`;
  company = await createTestCompany(t.db);
  other = await createTestCompany(t.db);
  for (const role of ["owner", "member", "field_user"] as const)
    tokens[role] = await signIn(t.url, company.users[role].email);
  tokens.otherOwner = await signIn(t.url, other.users.owner.email);
  tokens.platformAdmin = await signIn(t.url, adminEmail);
});
afterAll(async () => {
  await workers.close();
  await t.close();
  await stripe.close();
});

/** The webhook answers once the event is stored; the worker applies it: waits until it has. */
const applied = () => drainQueues(t.runtime.context.queues, ["payments"]);

const ACCOUNT = "/api/settings/payments/stripe-account";
const ONBOARDING = `${ACCOUNT}/onboarding`;

describe("the company's own Stripe account (Account Links)", () => {
  it("owners only: members and field users are refused, another company sees only its own", async () => {
    for (const role of ["member", "field_user"] as const) {
      expect((await callApi(t.url, "GET", ACCOUNT, tokens[role]!)).status).toBe(403);
      expect((await callApi(t.url, "POST", ONBOARDING, tokens[role]!)).status).toBe(403);
    }
    expect(stripe.accounts.size).toBe(0);
    const started = await callApi<{ url: string }>(t.url, "POST", ONBOARDING, tokens.owner!);
    expect(started.status).toBe(201);
    const seen = await callApi<StripeAccountResponse>(t.url, "GET", ACCOUNT, tokens.otherOwner!);
    expect(seen).toMatchObject({ status: 200, body: { available: true, account: null } });
  });

  it("onboards through Stripe's page and back; the status follows account.updated; charges then go to the account with the platform's fee", async () => {
    const first = await callApi<{ url: string }>(t.url, "POST", ONBOARDING, tokens.owner!);
    const again = await callApi<{ url: string }>(t.url, "POST", ONBOARDING, tokens.owner!);
    expect(first.status).toBe(201);
    // One account however often onboarding is started; each link is new.
    const made = stripe.requests.filter((request) => request.method === "POST" && request.path === "/v1/accounts");
    expect(new Set(made.map((request) => request.idempotencyKey)).size).toBe(1);
    expect(again.body.url).not.toBe(first.body.url);
    const linkRequest = new URLSearchParams(stripe.requests.findLast((r) => r.path === "/v1/account_links")!.body);
    expect(linkRequest.get("return_url")).toBe(`${t.url}/settings/payments?stripe=return`);
    expect(linkRequest.get("refresh_url")).toBe(`${t.url}/settings/payments?stripe=refresh`);
    expect(linkRequest.get("type")).toBe("account_onboarding");

    let status = await callApi<StripeAccountResponse>(t.url, "GET", ACCOUNT, tokens.owner!);
    const accountId = status.body.account!.accountId;
    expect(status.body.account).toMatchObject({ chargesEnabled: false, detailsSubmitted: false });
    expect(status.body.account!.requirementsDue).toContain("external_account");

    // A charge before Stripe enables the account is the platform's, as before.
    const invoice = await sentInvoice();
    const before = await intentOf(invoice);
    expect(before.stripeAccount).toBeNull();

    // Stripe's page: submitting the details enables the account (account.updated) and returns to the settings.
    const streamBefore = (await latestSeq(t.runtime.context.redis, company.id)) ?? "0-0";
    stripe.sendsEvents = true;
    try {
      const page = await fetch(again.body.url);
      expect(await page.text()).toContain("Submit details");
      const submitted = await fetch(again.body.url, { method: "POST", redirect: "manual" });
      expect(submitted.status).toBe(303);
      expect(submitted.headers.get("location")).toBe(`${t.url}/settings/payments?stripe=return`);
    } finally {
      stripe.sendsEvents = false;
    }
    await applied();
    // The owner's settings screen hears of it and reads the status again.
    const announced = (await readEventsAfter(t.runtime.context.redis, company.id, streamBefore)).map(
      (entry) => entry.event,
    );
    expect(announced).toContainEqual({ name: "integrations.changed", payload: { provider: "stripe" } });
    status = await callApi<StripeAccountResponse>(t.url, "GET", ACCOUNT, tokens.owner!);
    expect(status.body.account).toEqual({
      accountId,
      chargesEnabled: true,
      detailsSubmitted: true,
      requirementsDue: [],
    });

    // Stripe asks for more later: the status shows it.
    const account = stripe.accounts.get(accountId)!;
    const restricted = {
      ...account,
      charges_enabled: false,
      requirements: { ...account.requirements, currently_due: ["individual.verification.document"] },
    };
    expect((await stripe.sendWebhook(stripe.event("account.updated", restricted, { account: accountId }))).status).toBe(
      200,
    );
    await applied();
    status = await callApi<StripeAccountResponse>(t.url, "GET", ACCOUNT, tokens.owner!);
    expect(status.body.account).toMatchObject({
      chargesEnabled: false,
      requirementsDue: ["individual.verification.document"],
    });
    expect((await stripe.sendWebhook(stripe.event("account.updated", account, { account: accountId }))).status).toBe(
      200,
    );
    await applied();

    // The platform's fee: only a platform administrator sets it.
    expect(
      (await callApi(t.url, "PUT", "/api/admin/payment-settings", tokens.owner!, { applicationFeeBps: 0 })).status,
    ).toBe(403);
    const fee = await callApi(t.url, "PUT", "/api/admin/payment-settings", tokens.platformAdmin!, {
      applicationFeeBps: 250,
    });
    expect(fee).toMatchObject({ status: 200, body: { applicationFeeBps: 250 } });
    try {
      const second = await sentInvoice();
      const intent = await intentOf(second);
      expect(intent.stripeAccount).toBe(accountId);
      const created = stripe.requests.findLast((request) => request.path === "/v1/payment_intents")!;
      expect(created.stripeAccount).toBe(accountId);
      expect(new URLSearchParams(created.body).get("application_fee_amount")).toBe(
        String(Math.floor((second.totalCents * 250) / 10_000)),
      );
      expect(stripe.intents.get(intent.paymentIntentId)).toMatchObject({ account: accountId });
    } finally {
      await callApi(t.url, "PUT", "/api/admin/payment-settings", tokens.platformAdmin!, { applicationFeeBps: 0 });
    }
  });
});

describe("disputes", () => {
  it("a dispute of a Stripe payment is shown on the payment and the invoice, and audited, once per event", async () => {
    const invoice = await sentInvoice(tokens.otherOwner!, other.id);
    const { paymentIntentId } = await intentOf(invoice, tokens.otherOwner!);
    stripe.sendsEvents = true;
    try {
      await stripe.confirm(paymentIntentId);
    } finally {
      stripe.sendsEvents = false;
    }
    await applied();
    const dispute = (status: string) => ({
      id: "dp_1StandIn",
      object: "dispute",
      amount: invoice.totalCents,
      currency: "usd",
      charge: "ch_1StandIn",
      payment_intent: paymentIntentId,
      reason: "fraudulent",
      status,
      metadata: {},
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    });
    // A charge on the platform's own account: its dispute names no company; the PaymentIntent at Stripe does.
    const opened = stripe.event("charge.dispute.created", dispute("needs_response"));
    for (const _time of [1, 2]) expect((await stripe.sendWebhook(opened)).status).toBe(200);
    await applied();
    let detail = await callApi<InvoiceDetail>(t.url, "GET", `/api/invoices/${invoice.id}`, tokens.otherOwner!);
    expect(detail.body.payments).toEqual([
      expect.objectContaining({
        status: "succeeded",
        dispute: { status: "needs_response", amountCents: invoice.totalCents },
      }),
    ]);
    const audited = () =>
      t.db.auditLog.findMany({ where: { companyId: other.id, action: "payment.disputed", entityId: invoice.id } });
    expect(await audited()).toHaveLength(1);
    // Company A sees nothing of it.
    expect(await t.db.auditLog.count({ where: { companyId: company.id, action: "payment.disputed" } })).toBe(0);

    expect((await stripe.sendWebhook(stripe.event("charge.dispute.closed", dispute("won")))).status).toBe(200);
    await applied();
    detail = await callApi<InvoiceDetail>(t.url, "GET", `/api/invoices/${invoice.id}`, tokens.otherOwner!);
    expect(detail.body.payments[0]!.dispute).toEqual({ status: "won", amountCents: invoice.totalCents });
    expect(await audited()).toHaveLength(2);
  });
});

/** A sent invoice of the company. */
async function sentInvoice(token = tokens.owner!, companyId = company.id): Promise<InvoiceDetail> {
  const job = await createCompletedJob(t.db, companyId);
  const created = await callApi<InvoiceDetail>(t.url, "POST", "/api/invoices", token, { jobId: job.jobId });
  const sent = await callApi<InvoiceDetail>(t.url, "POST", `/api/invoices/${created.body.id}/send`, token, {
    channels: ["email"],
  });
  expect(sent.status).toBe(200);
  return sent.body;
}

/** The PaymentIntent the customer's page makes for the invoice. */
async function intentOf(invoice: InvoiceDetail, owner = tokens.owner!) {
  const link = await callApi<{ url: string }>(t.url, "POST", `/api/invoices/${invoice.id}/review-link`, owner);
  const token = /#([A-Za-z0-9_-]{43})/.exec(link.body.url)![1]!;
  const response = await fetch(`${t.url}/api/review/invoices/${invoice.id}/payment-intents`, {
    method: "POST",
    headers: { "x-review-token": token, "idempotency-key": crypto.randomUUID() },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { paymentIntentId: string; stripeAccount: string | null };
}
