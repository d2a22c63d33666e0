import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentSettingsResponse } from "@fieldops/shared/integrations";
import type { InvoiceDetail } from "@fieldops/shared/invoices";
import { formatCents } from "@fieldops/shared/money";
import { MAX_REVIEW_FAILED_BANK_PAYMENTS, type ReviewInvoice } from "@fieldops/shared/invoice-review";
import type { RunningWorkers } from "@fieldops/worker/run-workers";
import { reviewLinkToken, sentInvoiceOfNewJob } from "../../../../tests/integration/billing-fixtures.ts";
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

let stripe: StripeStandIn;
let t: TestApp;
let workers: RunningWorkers;
let company: TestCompany;
let other: TestCompany;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await startTestApp({
    ...stripe.env,
  });
  workers = startTestWorkers(t);
  stripe.webhookUrl = `${t.url}/api/webhooks/stripe`;
  company = await createTestCompany(t.db);
  other = await createTestCompany(t.db);
  tokens.owner = await signIn(t.url, company.users.owner.email);
  tokens.member = await signIn(t.url, company.users.member.email);
  tokens.fieldUser = await signIn(t.url, company.users.field_user.email);
  tokens.otherOwner = await signIn(t.url, other.users.owner.email);
});
afterAll(async () => {
  await workers.close();
  await t.close();
  await stripe.close();
});

const BANK_DEBITS = "/api/settings/payments/bank-debits";
const settings = (token: string) => callApi<PaymentSettingsResponse>(t.url, "GET", "/api/settings/payments", token);
const setBankDebits = (token: string, enabled: unknown) =>
  callApi<PaymentSettingsResponse>(t.url, "PUT", BANK_DEBITS, token, { enabled });
const audited = (companyId: string) =>
  t.db.auditLog.findMany({
    where: { companyId, action: "payments.bank_debits_changed" },
    orderBy: { createdAt: "asc" },
  });

/** The customer's page: its view of the invoice, the PaymentIntent it makes, and its confirmation. */
function customerPage(invoiceId: string, token: string) {
  const headers = { "x-review-token": token };
  return {
    view: async () => {
      const response = await fetch(`${t.url}/api/review/invoices/${invoiceId}`, { headers });
      expect(response.status).toBe(200);
      return (await response.json()) as ReviewInvoice;
    },
    makeIntent: async () => {
      const response = await fetch(`${t.url}/api/review/invoices/${invoiceId}/payment-intents`, {
        method: "POST",
        headers: { ...headers, "idempotency-key": crypto.randomUUID() },
      });
      return { status: response.status, body: (await response.json()) as { paymentIntentId: string } };
    },
    confirm: (paymentIntentId: string) =>
      fetch(`${t.url}/api/review/invoices/${invoiceId}/payment-intents/confirm`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ paymentIntentId }),
      }),
  };
}

describe("bank payments (ACH debit) on the customer's page", () => {
  it("are off until an owner turns them on (audited once per change); a member cannot; another company's stay its own", async () => {
    expect((await settings(tokens.owner!)).body.bankDebits).toBe(false);
    expect((await setBankDebits(tokens.member!, true)).status).toBe(403);
    expect((await setBankDebits(tokens.fieldUser!, true)).status).toBe(403);
    expect((await setBankDebits(tokens.owner!, "yes")).status).toBe(400);
    expect((await settings(tokens.owner!)).body.bankDebits).toBe(false);
    expect(await audited(company.id)).toEqual([]);

    expect(await setBankDebits(tokens.owner!, true)).toMatchObject({ status: 200, body: { bankDebits: true } });
    // Turning on what is on changes nothing and records nothing.
    expect((await setBankDebits(tokens.owner!, true)).status).toBe(200);
    expect((await settings(tokens.member!)).body).toMatchObject({ bankDebits: true, canManage: false });
    const entries = await audited(company.id);
    expect(entries).toEqual([
      expect.objectContaining({
        actorUserId: company.users.owner.id,
        entityType: "company",
        metadata: expect.objectContaining({ changes: { bankDebits: { from: false, to: true } } }),
      }),
    ]);

    // The other company's owner changes only their own.
    expect((await settings(tokens.otherOwner!)).body.bankDebits).toBe(false);
    expect((await setBankDebits(tokens.otherOwner!, true)).status).toBe(200);
    expect((await setBankDebits(tokens.otherOwner!, false)).status).toBe(200);
    expect((await settings(tokens.owner!)).body.bankDebits).toBe(true);
    expect(await audited(other.id)).toHaveLength(2);
    expect(await audited(company.id)).toHaveLength(1);

    expect(await setBankDebits(tokens.owner!, false)).toMatchObject({ status: 200, body: { bankDebits: false } });
    expect(await audited(company.id)).toHaveLength(2);
  });

  it("off: the PaymentIntent offers the card only, and Stripe takes no bank account for it", async () => {
    await setBankDebits(tokens.owner!, false);
    const invoice = await sentInvoiceOfNewJob(t.url, t.db, company.id, tokens.owner!);
    const page = customerPage(invoice.id, await reviewLinkToken(t.url, invoice.id, tokens.owner!));
    expect((await page.view()).payment).toMatchObject({ provider: "stripe", bankDebits: false });
    const { status, body } = await page.makeIntent();
    expect(status).toBe(201);
    expect(stripe.intents.get(body.paymentIntentId)!.payment_method_types).toEqual(["card"]);
    expect((await stripe.confirm(body.paymentIntentId, "pm_usBankAccount")).status).toBe(400);
    expect((await page.view()).invoice).toMatchObject({ processingCents: 0, balanceCents: invoice.totalCents });
  });

  it("on: a debit is processing on the customer's page and pending on the office's invoice; refused, the balance is owed again and both say so", async () => {
    await setBankDebits(tokens.owner!, true);
    const invoice = await sentInvoiceOfNewJob(t.url, t.db, company.id, tokens.owner!);
    const page = customerPage(invoice.id, await reviewLinkToken(t.url, invoice.id, tokens.owner!));
    expect((await page.view()).payment).toMatchObject({ provider: "stripe", bankDebits: true });
    const intent = (await page.makeIntent()).body.paymentIntentId;
    expect(stripe.intents.get(intent)!.payment_method_types).toEqual(["card", "us_bank_account"]);

    // The customer confirms with a bank account: Stripe's processing event and the page's confirmation, one payment.
    stripe.sendsEvents = true;
    try {
      expect((await stripe.confirm(intent, "pm_usBankAccount")).status).toBe(200);
    } finally {
      stripe.sendsEvents = false;
    }
    expect((await page.confirm(intent)).status).toBe(201);
    await drainQueues(t.runtime.context.queues, ["payments"]);
    let view = await page.view();
    expect(view.invoice).toMatchObject({
      status: "sent",
      paidCents: 0,
      processingCents: invoice.totalCents,
      balanceCents: invoice.totalCents,
      failedBankPayments: [],
    });
    let office = await callApi<InvoiceDetail>(t.url, "GET", `/api/invoices/${invoice.id}`, tokens.member!);
    expect(office.body.payments).toEqual([
      expect.objectContaining({ status: "pending", method: "ach", amountCents: invoice.totalCents }),
    ]);
    // Not asked to pay again while it processes.
    expect(await page.makeIntent()).toMatchObject({
      status: 409,
      body: { message: "A payment of this invoice is processing" },
    });

    // Days later the bank refuses it.
    expect((await stripe.sendWebhook(await stripe.settle(intent, "failed"))).status).toBe(200);
    await drainQueues(t.runtime.context.queues, ["payments"]);
    view = await page.view();
    expect(view.invoice).toMatchObject({
      status: "sent",
      processingCents: 0,
      balanceCents: invoice.totalCents,
      failedBankPayments: [
        {
          amountCents: invoice.totalCents,
          reason: "The customer's account has insufficient funds to cover this payment.",
          date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        },
      ],
    });
    office = await callApi<InvoiceDetail>(t.url, "GET", `/api/invoices/${invoice.id}`, tokens.member!);
    expect(office.body).toMatchObject({ paidCents: 0, balanceCents: invoice.totalCents });
    expect(office.body.payments).toEqual([
      expect.objectContaining({
        status: "failed",
        failureMessage: "The customer's account has insufficient funds to cover this payment.",
      }),
    ]);
    // The audit log has it processing, then failing, with the bank's reason.
    const entries = await t.db.auditLog.findMany({
      where: { companyId: company.id, entityId: invoice.id, action: { startsWith: "payment." } },
      orderBy: { createdAt: "asc" },
    });
    expect(entries.map((entry) => entry.action)).toEqual(["payment.processing", "payment.failed"]);
    expect(entries[1]!.metadata).toMatchObject({
      summary: `A bank transfer payment of ${formatCents(invoice.totalCents)} on invoice #${invoice.number} failed: The customer's account has insufficient funds to cover this payment.`,
    });
    // The balance can be paid again.
    expect((await page.makeIntent()).status).toBe(201);
  });

  it("on: the customer's page is sent the newest refused debits only, the newest first", async () => {
    await setBankDebits(tokens.owner!, true);
    const invoice = await sentInvoiceOfNewJob(t.url, t.db, company.id, tokens.owner!);
    const page = customerPage(invoice.id, await reviewLinkToken(t.url, invoice.id, tokens.owner!));
    const refusals = MAX_REVIEW_FAILED_BANK_PAYMENTS + 1;
    expect(invoice.totalCents).toBeGreaterThan(refusals * 100);
    // The bank refuses debit after debit; between two, the office records a dollar paid in cash, so each is for a
    // balance of its own.
    for (let debit = 0; debit < refusals; debit += 1) {
      if (debit > 0) {
        const cash = await fetch(`${t.url}/api/invoices/${invoice.id}/payments`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${tokens.owner!}`,
            "content-type": "application/json",
            "idempotency-key": crypto.randomUUID(),
          },
          body: JSON.stringify({ method: "cash", amountCents: 100 }),
        });
        expect(cash.status).toBe(201);
      }
      const intent = (await page.makeIntent()).body.paymentIntentId;
      expect((await stripe.confirm(intent, "pm_usBankAccount")).status).toBe(200);
      expect((await page.confirm(intent)).status).toBe(201);
      expect((await stripe.sendWebhook(await stripe.settle(intent, "failed"))).status).toBe(200);
      await drainQueues(t.runtime.context.queues, ["payments"]);
    }
    expect(await t.db.payment.count({ where: { invoiceId: invoice.id, status: "failed" } })).toBe(refusals);
    const view = await page.view();
    const balanceOfDebit = (debit: number) => invoice.totalCents - debit * 100;
    expect(view.invoice.failedBankPayments.map((payment) => payment.amountCents)).toEqual(
      Array.from({ length: MAX_REVIEW_FAILED_BANK_PAYMENTS }, (_, newer) => balanceOfDebit(refusals - 1 - newer)),
    );
    expect(view.invoice.balanceCents).toBe(balanceOfDebit(refusals - 1));
  });

  it("on: a debit that clears is a bank payment the office refunds through Stripe; a card on the same offer is a card", async () => {
    await setBankDebits(tokens.owner!, true);
    const debited = await sentInvoiceOfNewJob(t.url, t.db, company.id, tokens.owner!);
    const debitPage = customerPage(debited.id, await reviewLinkToken(t.url, debited.id, tokens.owner!));
    const debit = (await debitPage.makeIntent()).body.paymentIntentId;
    expect((await stripe.confirm(debit, "pm_usBankAccount")).status).toBe(200);
    // The bank clears it before the page's confirmation or the processing event reached us: still a bank payment.
    expect((await stripe.sendWebhook(await stripe.settle(debit, "succeeded"))).status).toBe(200);
    await drainQueues(t.runtime.context.queues, ["payments"]);
    const office = await callApi<InvoiceDetail>(t.url, "GET", `/api/invoices/${debited.id}`, tokens.member!);
    expect(office.body).toMatchObject({ status: "paid", balanceCents: 0 });
    expect(office.body.payments).toEqual([
      expect.objectContaining({ status: "succeeded", method: "ach", provider: "stripe", cardLast4: null }),
    ]);

    const refund = await fetch(`${t.url}/api/payments/${office.body.payments[0]!.id}/refunds`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${tokens.owner!}`,
        "content-type": "application/json",
        "idempotency-key": crypto.randomUUID(),
      },
      body: JSON.stringify({ amountCents: 500 }),
    });
    expect(refund.status).toBe(201);
    expect(stripe.refunds.filter((made) => made.payment_intent === debit)).toEqual([
      expect.objectContaining({ amount: 500 }),
    ]);
    const entry = await t.db.auditLog.findFirst({ where: { companyId: company.id, action: "payment.refunded" } });
    expect(entry?.metadata).toMatchObject({
      summary: expect.stringContaining("refunded $5.00 of a bank transfer payment"),
    });

    const carded = await sentInvoiceOfNewJob(t.url, t.db, company.id, tokens.owner!);
    const cardPage = customerPage(carded.id, await reviewLinkToken(t.url, carded.id, tokens.owner!));
    const card = (await cardPage.makeIntent()).body.paymentIntentId;
    expect(stripe.intents.get(card)!.payment_method_types).toEqual(["card", "us_bank_account"]);
    expect((await stripe.confirm(card, "pm_card_visa")).status).toBe(200);
    expect((await cardPage.confirm(card)).status).toBe(201);
    const cardOffice = await callApi<InvoiceDetail>(t.url, "GET", `/api/invoices/${carded.id}`, tokens.member!);
    expect(cardOffice.body.payments).toEqual([expect.objectContaining({ status: "succeeded", method: "card" })]);
  });
});
