import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "@fieldops/db";
import { pullQuickBooksPaymentsTask } from "@fieldops/domain/quickbooks/pull-quickbooks-payments.task";
import { pushToQuickBooksTask } from "@fieldops/domain/quickbooks/push-to-quickbooks.task";
import { decryptSecret, DEVELOPMENT_ENCRYPTION_KEY } from "@fieldops/domain/integrations/token-encryption";
import { dayInTimeZone } from "@fieldops/shared/company-time";
import type { InvoiceDetail } from "@fieldops/shared/invoices";
import type { QuickBooksOverview, QuickBooksSyncState } from "@fieldops/shared/quickbooks";
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
import {
  startOAuthStandIn,
  type OAuthStandIn,
  type StandInClient,
} from "../../../../tests/stand-ins/oauth-provider.ts";
import { startQuickBooksStandIn, type QuickBooksStandIn } from "../../../../tests/stand-ins/quickbooks-api.ts";
import { startStripeStandIn, type StripeStandIn } from "../../../../tests/stand-ins/stripe-api.ts";

const key = Buffer.from(DEVELOPMENT_ENCRYPTION_KEY, "hex");
const REALM = "4620816365";
const OTHER_REALM = "9130355555";
const intuit: StandInClient = {
  clientId: "qb-client",
  clientSecret: "qb-secret",
  redirectUris: [],
  clientAuth: "basic",
  callbackParams: { realmId: REALM },
};

let oauth: OAuthStandIn;
let quickbooks: QuickBooksStandIn;
let stripe: StripeStandIn;
let t: TestApp;
let workers: RunningWorkers;
let company: TestCompany;
let other: TestCompany;
let unconnected: TestCompany;
const tokens: Record<string, string> = {};

async function visit(url: string, token?: string): Promise<string> {
  const response = await fetch(url, { redirect: "manual", headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(response.status, await response.clone().text()).toBe(302);
  return response.headers.get("location")!;
}

/** The owner connects QuickBooks through Intuit's (stand-in) consent, to the given realm. */
async function connectQuickBooks(token: string, realmId: string) {
  intuit.callbackParams = { realmId };
  const started = await callApi<{ authorizationUrl: string }>(
    t.url,
    "POST",
    "/api/integrations/quickbooks/connect",
    token,
  );
  expect(started.status).toBe(200);
  const location = await visit(await visit(started.body.authorizationUrl), token);
  expect(location).toContain("result=connected");
}

beforeAll(async () => {
  oauth = await startOAuthStandIn([intuit]);
  quickbooks = await startQuickBooksStandIn({ acceptsToken: (token) => oauth.issuedAccessTokens.includes(token) });
  stripe = await startStripeStandIn();
  t = await startTestApp({
    ...stripe.env,
    QUICKBOOKS_CLIENT_ID: intuit.clientId,
    QUICKBOOKS_CLIENT_SECRET: intuit.clientSecret,
    QUICKBOOKS_AUTHORIZE_URL: `${oauth.url}/authorize`,
    QUICKBOOKS_TOKEN_URL: `${oauth.url}/token`,
    QUICKBOOKS_REVOKE_URL: `${oauth.url}/revoke`,
    QUICKBOOKS_API_BASE: quickbooks.url,
  });
  intuit.redirectUris.push(`${t.url}/api/integrations/quickbooks/callback`);
  stripe.webhookUrl = `${t.url}/api/webhooks/stripe`;
  workers = startTestWorkers(t);
  company = await createTestCompany(t.db, { planId: "growth" });
  other = await createTestCompany(t.db, { planId: "growth" });
  unconnected = await createTestCompany(t.db, { planId: "growth" });
  for (const role of ["owner", "member", "field_user"] as const)
    tokens[role] = await signIn(t.url, company.users[role].email);
  tokens.otherOwner = await signIn(t.url, other.users.owner.email);
  tokens.unconnectedOwner = await signIn(t.url, unconnected.users.owner.email);
  await connectQuickBooks(tokens.owner!, REALM);
  await connectQuickBooks(tokens.otherOwner!, OTHER_REALM);
});
afterAll(async () => {
  await workers.close();
  await t.close();
  await quickbooks.close();
  await stripe.close();
  await oauth.close();
});

const call = <T = Record<string, unknown>>(method: string, path: string, token: string, body?: unknown) =>
  callApi<T>(t.url, method, path, token, body);
/** Waits for Stripe's events to be applied, the pushes under way (a retry's backoff included) and the queues to settle. */
async function drain() {
  const deadline = Date.now() + 15_000;
  do {
    await drainQueues(t.runtime.context.queues, ["payments", "quickbooks", "notifications"]);
    if ((await t.db.quickBooksSync.count({ where: { status: "pending" } })) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  } while (Date.now() < deadline);
  throw new Error("QuickBooks pushes still pending after 15 s");
}
const customers = (realm = REALM) => quickbooks.list(realm, "Customer");
const ourCustomer = (id: string, realm = REALM) =>
  customers(realm).filter((row) => String(row.Notes).includes(`FieldOps customer ${id}`));
const syncRow = (entityType: string, entityId: string) =>
  t.db.quickBooksSync.findFirstOrThrow({ where: { entityType, entityId } });

const customerBody = (name: string) => ({
  name,
  contacts: [{ kind: "email", value: `${randomUUID().slice(0, 6)}@example.com` }],
  properties: [
    { street: "12 Elm Street", city: "Springfield", region: "IL", postcode: "62701", latitude: 39.8, longitude: -89.6 },
  ],
});

async function newCustomer(name: string, token = tokens.owner!) {
  const created = await call<{ id: string }>("POST", "/api/customers", token, customerBody(name));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}

async function sentInvoice(companyId = company.id, token = tokens.owner!) {
  const job = await createCompletedJob(t.db, companyId);
  const created = await call<InvoiceDetail>("POST", "/api/invoices", token, {
    jobId: job.jobId,
    taxRateBasisPoints: 800,
  });
  expect(created.status).toBe(201);
  const sent = await call<InvoiceDetail>("POST", `/api/invoices/${created.body.id}/send`, token, {
    channels: ["email"],
  });
  expect(sent.status).toBe(200);
  return { ...job, invoice: sent.body };
}

async function payCash(invoiceId: string, amountCents: number) {
  const response = await fetch(`${t.url}/api/invoices/${invoiceId}/payments`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${tokens.owner!}`,
      "content-type": "application/json",
      "idempotency-key": randomUUID(),
    },
    body: JSON.stringify({ method: "cash", amountCents }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const payment = await t.db.payment.findFirstOrThrow({ where: { invoiceId }, orderBy: { createdAt: "desc" } });
  return payment.id;
}

/** The owner gives back part of a payment (as a credit unless `reopenBalance`). */
const refundPayment = (paymentId: string, body: { amountCents: number; reason?: string; reopenBalance?: boolean }) =>
  fetch(`${t.url}/api/payments/${paymentId}/refunds`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${tokens.owner!}`,
      "content-type": "application/json",
      "idempotency-key": randomUUID(),
    },
    body: JSON.stringify(body),
  });

/** The customer pays the invoice by card through Stripe (its webhook records the payment); answers the intent. */
async function payByCard(invoice: InvoiceDetail) {
  const intent = await stripe.createIntent({
    amount: invoice.totalCents,
    metadata: { invoice_id: invoice.id, company_id: company.id },
  });
  stripe.sendsEvents = true;
  try {
    expect((await stripe.confirm(intent)).status).toBe(200);
  } finally {
    stripe.sendsEvents = false;
  }
  return intent;
}

/** Our record's twin in QuickBooks, by the id our sync row keeps (a voided one has lost our note there). */
async function twinOf(type: "Invoice" | "Payment", entity: "invoice" | "payment", id: string) {
  const { quickbooksId } = await syncRow(entity, id);
  return quickbooks.list(REALM, type).find((row) => row.Id === quickbooksId)!;
}
/** The voids sent for a QuickBooks record. */
const voidsOf = (quickbooksId: string) =>
  quickbooks.requests.filter(
    (request) => request.operation === "void" && (request.body as { Id?: string } | null)?.Id === quickbooksId,
  );

/** The creates of the payment carrying this note that were sent to QuickBooks, repeats included. */
const paymentCreates = (marker: string) =>
  quickbooks.requests.filter(
    (request) =>
      request.method === "POST" &&
      request.path.endsWith("/payment") &&
      (request.body as { PrivateNote?: string } | null)?.PrivateNote === marker,
  );

/** Today's date where the test company is (the day a payment recorded now carries in QuickBooks). */
async function companyToday(): Promise<string> {
  const { timeZone } = await t.db.company.findUniqueOrThrow({ where: { id: company.id }, select: { timeZone: true } });
  return dayInTimeZone(new Date(), timeZone);
}

/** Runs the push task once more, as a redelivered or retried task would (another BullMQ id, the same work). */
async function redeliver(entity: "customer" | "invoice" | "payment" | "refund", id: string, companyId = company.id) {
  const row = await syncRow(entity, id);
  await t.runtime.context.queues.enqueue(
    pushToQuickBooksTask,
    { companyId, entity, id, version: row.requestedVersion },
    `redelivered_${randomUUID()}`,
  );
  await drain();
}

describe("pushing to QuickBooks exactly once", () => {
  it("pushes a new customer once, however often its task is delivered, and shows it synced", async () => {
    const id = await newCustomer("Harper Landscaping Client");
    await drain();
    expect(ourCustomer(id)).toHaveLength(1);
    expect(ourCustomer(id)[0]).toMatchObject({
      DisplayName: "Harper Landscaping Client",
      BillAddr: { Line1: "12 Elm Street", City: "Springfield", CountrySubDivisionCode: "IL", PostalCode: "62701" },
    });
    await redeliver("customer", id);
    await redeliver("customer", id);
    expect(ourCustomer(id)).toHaveLength(1);

    // A worker that died after QuickBooks made the customer, before our row was written: the retry finds it.
    await t.db.quickBooksSync.updateMany({
      where: { entityId: id },
      data: { quickbooksId: null, syncToken: null, status: "pending" },
    });
    await redeliver("customer", id);
    expect(ourCustomer(id)).toHaveLength(1);
    const row = await syncRow("customer", id);
    expect(row).toMatchObject({ status: "synced", quickbooksId: ourCustomer(id)[0]!.Id, realmId: REALM });

    const state = await call<QuickBooksSyncState>("GET", `/api/quickbooks/sync/customer/${id}`, tokens.member!);
    expect(state.body).toMatchObject({ state: "synced", quickbooksId: ourCustomer(id)[0]!.Id, error: null });
  });

  it("pushes the customers a CSV import creates once each; the same file imported again adds none to QuickBooks", async () => {
    const csv =
      "Name,Street,City\nImported Ivy Gardens,1 Ivy Way,Springfield\nImported Oak Yard,2 Oak Road,Springfield\n";
    const body = { csv, mapping: { name: "Name", street: "Street", city: "City" }, fileName: "customers.csv" };
    const first = await call("POST", "/api/customers/import", tokens.owner!, body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    await drain();
    const imported = () => customers().filter((row) => String(row.DisplayName).startsWith("Imported "));
    expect(imported().map((row) => row.DisplayName)).toEqual(
      expect.arrayContaining(["Imported Ivy Gardens", "Imported Oak Yard"]),
    );
    expect(imported()).toHaveLength(2);

    const again = await call("POST", "/api/customers/import", tokens.owner!, body);
    expect(again.status).toBe(201);
    await drain();
    expect(imported()).toHaveLength(2);
  });

  it("concurrent edits of one customer make one QuickBooks customer; the last edit wins and a stale SyncToken is retried", async () => {
    const id = await newCustomer("Concurrent Original");
    const names = Array.from({ length: 6 }, (_, i) => `Concurrent Edit ${i}`);
    const edits = await Promise.all(
      names.map((name) => call("PATCH", `/api/customers/${id}`, tokens.owner!, { name })),
    );
    expect(edits.map((edit) => edit.status)).toEqual(names.map(() => 200));
    await drain();
    const stored = await t.db.customer.findUniqueOrThrow({ where: { id } });
    expect(ourCustomer(id)).toHaveLength(1);
    expect(ourCustomer(id)[0]!.DisplayName).toBe(stored.name);
    expect((await syncRow("customer", id)).status).toBe("synced");

    // Someone edits the customer in QuickBooks: our stored SyncToken is stale now; our next edit still lands.
    const twin = ourCustomer(id)[0]!;
    quickbooks.editInQuickBooks(REALM, "Customer", twin.Id, { CompanyName: "Edited in QuickBooks" });
    const staleFaults = quickbooks.faults.filter((code) => code === "5010").length;
    expect((await call("PATCH", `/api/customers/${id}`, tokens.owner!, { name: "After The Bookkeeper" })).status).toBe(
      200,
    );
    await drain();
    expect(quickbooks.faults.filter((code) => code === "5010").length).toBe(staleFaults + 1);
    expect(ourCustomer(id)).toHaveLength(1);
    expect(ourCustomer(id)[0]).toMatchObject({
      DisplayName: "After The Bookkeeper",
      CompanyName: "Edited in QuickBooks",
    });
    expect(Number(ourCustomer(id)[0]!.SyncToken)).toBeGreaterThan(Number(twin.SyncToken) + 1);
  });

  it("a customer renamed between a create whose answer was lost and its retry is in QuickBooks once, under the new name", async () => {
    const id = await newCustomer("Before The Rename");
    await drain();
    const made = ourCustomer(id);
    expect(made).toHaveLength(1);
    // As if the answer to that create never came back, and the office renamed the customer before the retry: the
    // retry's search by the new name misses, and QuickBooks answers its repeated requestid with the customer it made.
    await t.db.quickBooksSync.updateMany({ where: { entityId: id }, data: { quickbooksId: null, syncToken: null } });
    await t.db.customer.update({ where: { id }, data: { name: "After The Rename" } });
    await redeliver("customer", id);
    expect(ourCustomer(id)).toHaveLength(1);
    expect(ourCustomer(id)[0]).toMatchObject({ Id: made[0]!.Id, DisplayName: "After The Rename" });
    expect(await syncRow("customer", id)).toMatchObject({ status: "synced", quickbooksId: made[0]!.Id });
  });

  it("a customer whose name someone else in QuickBooks has gets a name of its own", async () => {
    quickbooks.createInQuickBooks(REALM, "Customer", { DisplayName: "Smith Family" });
    const id = await newCustomer("Smith Family");
    await drain();
    expect(quickbooks.faults).toContain("6240");
    expect(ourCustomer(id)).toHaveLength(1);
    expect(ourCustomer(id)[0]!.DisplayName).toBe(`Smith Family (${id.slice(0, 8)})`);
    expect(customers().filter((row) => String(row.DisplayName).startsWith("Smith Family"))).toHaveLength(2);
  });

  it("waits out throttling (429) through the queue's retries", async () => {
    quickbooks.throttle(2);
    const id = await newCustomer("Throttled Customer");
    await drain();
    expect(ourCustomer(id)).toHaveLength(1);
    expect((await syncRow("customer", id)).status).toBe("synced");
  });

  it("an invoice whose push was cut off after QuickBooks made it is in QuickBooks once, with its customer and lines", async () => {
    quickbooks.dropAfterWrite("Invoice");
    const { invoice, customerId } = await sentInvoice();
    await drain();
    const invoices = quickbooks
      .list(REALM, "Invoice")
      .filter((row) => row.PrivateNote === `FieldOps invoice ${invoice.id}`);
    expect(invoices).toHaveLength(1);
    expect(ourCustomer(customerId)).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      DocNumber: String(invoice.number),
      CustomerRef: { value: ourCustomer(customerId)[0]!.Id },
      TotalAmt: invoice.totalCents / 100,
    });
    const lines = invoices[0]!.Line as { Amount: number; SalesItemLineDetail?: { ItemRef: { value: string } } }[];
    expect(lines.filter((line) => line.SalesItemLineDetail).length).toBe(invoice.lines.length);
    expect(lines[0]!.SalesItemLineDetail!.ItemRef.value).toBe("1");
    // Every write names itself with QuickBooks' requestid, so QuickBooks answers a retried one with its first answer.
    const writes = quickbooks.requests.filter(
      (request) => request.method === "POST" && JSON.stringify(request.body).includes(invoice.id),
    );
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.filter((request) => !request.requestId)).toEqual([]);

    await redeliver("invoice", invoice.id);
    await t.db.quickBooksSync.updateMany({ where: { entityId: invoice.id }, data: { quickbooksId: null } });
    await redeliver("invoice", invoice.id);
    expect(
      quickbooks.list(REALM, "Invoice").filter((row) => row.PrivateNote === `FieldOps invoice ${invoice.id}`),
    ).toHaveLength(1);
  });

  it("pushes a payment and a refund once each, against the invoice in QuickBooks", async () => {
    const { invoice } = await sentInvoice();
    const paymentId = await payCash(invoice.id, 2000);
    await drain();
    const ours = () =>
      quickbooks.list(REALM, "Payment").filter((row) => row.PrivateNote === `FieldOps payment ${paymentId}`);
    expect(ours()).toHaveLength(1);
    const invoiceTwin = quickbooks
      .list(REALM, "Invoice")
      .find((row) => row.PrivateNote === `FieldOps invoice ${invoice.id}`)!;
    expect(ours()[0]).toMatchObject({
      TotalAmt: 20,
      Line: [{ Amount: 20, LinkedTxn: [{ TxnId: invoiceTwin.Id, TxnType: "Invoice" }] }],
    });
    await redeliver("payment", paymentId);
    await t.db.quickBooksSync.updateMany({
      where: { entityId: paymentId },
      data: { quickbooksId: null, status: "pending" },
    });
    await redeliver("payment", paymentId);
    expect(ours()).toHaveLength(1);

    const refunded = await refundPayment(paymentId, { amountCents: 500, reason: "Missed a bed" });
    expect(refunded.status, await refunded.clone().text()).toBeLessThan(300);
    await drain();
    const refund = await t.db.refund.findFirstOrThrow({ where: { paymentId } });
    await redeliver("refund", refund.id);
    const receipts = quickbooks
      .list(REALM, "RefundReceipt")
      .filter((row) => row.PrivateNote === `FieldOps refund ${refund.id}`);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ Line: [{ Amount: 5 }] });
  });

  it("a payment QuickBooks made but whose answer was lost, and that the retry cannot find, is made once: the retry repeats its requestid", async () => {
    const { invoice, customerId } = await sentInvoice();
    await drain();
    // A hundred payments of the customer that day in QuickBooks fill the one page (100 rows) our lookup by note reads,
    // so the retry does not find the payment the lost answer made and sends the create again: only QuickBooks' answer
    // to a repeated requestid keeps it to one. (Payments of other days are not searched: see the next test.)
    const customerRef = { value: ourCustomer(customerId)[0]!.Id };
    const today = await companyToday();
    for (let i = 0; i < 100; i += 1)
      quickbooks.createInQuickBooks(REALM, "Payment", { CustomerRef: customerRef, TotalAmt: 1, TxnDate: today });
    quickbooks.dropAfterWrite("Payment");
    const paymentId = await payCash(invoice.id, 2000);
    await drain();
    const marker = `FieldOps payment ${paymentId}`;
    const creates = paymentCreates(marker);
    expect(creates.length).toBeGreaterThan(1);
    expect(new Set(creates.map((request) => request.requestId))).toEqual(new Set([creates[0]!.requestId]));
    expect(creates[0]!.requestId).toMatch(/^fo-[0-9a-f]{40}$/);
    const made = quickbooks.list(REALM, "Payment").filter((row) => row.PrivateNote === marker);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ TotalAmt: 20, CustomerRef: customerRef });
    expect(await syncRow("payment", paymentId)).toMatchObject({ status: "synced", quickbooksId: made[0]!.Id });
  });
  it("a payment whose answer was lost is found again among the customer's long history of other days, and made once", async () => {
    const { invoice, customerId } = await sentInvoice();
    await drain();
    // Three years of weekly visits paid one by one: more than a page of the customer's payments, none of them today.
    const customerRef = { value: ourCustomer(customerId)[0]!.Id };
    for (let i = 0; i < 150; i += 1)
      quickbooks.createInQuickBooks(REALM, "Payment", { CustomerRef: customerRef, TotalAmt: 1, TxnDate: "2024-03-01" });
    quickbooks.dropAfterWrite("Payment");
    const paymentId = await payCash(invoice.id, 2000);
    await drain();
    const marker = `FieldOps payment ${paymentId}`;
    const creates = paymentCreates(marker);
    // The retry's search (that customer's payments of the day) finds it: no second create is sent.
    expect(creates).toHaveLength(1);
    const made = quickbooks.list(REALM, "Payment").filter((row) => row.PrivateNote === marker);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ TxnDate: await companyToday(), CustomerRef: customerRef });
    expect(await syncRow("payment", paymentId)).toMatchObject({ status: "synced", quickbooksId: made[0]!.Id });
  });
});

describe("disputes lost", () => {
  it("undo the payment in QuickBooks once, however often Stripe tells us: the invoice owes there as it does here", async () => {
    const { invoice } = await sentInvoice();
    const intent = await payByCard(invoice);
    await drain();
    const payment = await t.db.payment.findFirstOrThrow({ where: { invoiceId: invoice.id } });
    const paid = await twinOf("Payment", "payment", payment.id);
    expect(paid).toMatchObject({ TotalAmt: invoice.totalCents / 100 });
    expect(await twinOf("Invoice", "invoice", invoice.id)).toMatchObject({ Balance: 0 });
    const lost = stripe.dispute(intent, "closed", "lost");
    for (const event of [lost, lost, stripe.dispute(intent, "closed", "lost")])
      expect((await stripe.sendWebhook(event)).status).toBe(200);
    await drain();
    await redeliver("payment", payment.id);
    await redeliver("payment", payment.id);
    expect(voidsOf(paid.Id)).toHaveLength(1);
    expect(await twinOf("Payment", "payment", payment.id)).toMatchObject({ TotalAmt: 0 });
    expect(await twinOf("Invoice", "invoice", invoice.id)).toMatchObject({ Balance: invoice.totalCents / 100 });
    const refund = await t.db.refund.findFirstOrThrow({ where: { invoiceId: invoice.id } });
    expect(
      quickbooks.list(REALM, "RefundReceipt").filter((row) => row.PrivateNote === `FieldOps refund ${refund.id}`),
    ).toEqual([]);
    expect((await syncRow("payment", payment.id)).status).toBe("synced");
  });
});

describe("refunds in QuickBooks", () => {
  it("a refund as a credit is a RefundReceipt and the invoice stays paid there; one reopening the balance reduces the payment, so the balances match", async () => {
    const { invoice } = await sentInvoice();
    const paymentId = await payCash(invoice.id, invoice.totalCents);
    await drain();
    const refund = (amountCents: number, reopenBalance: boolean) =>
      refundPayment(paymentId, { amountCents, reopenBalance });
    expect((await refund(300, false)).status).toBe(201);
    await drain();
    expect(await twinOf("Invoice", "invoice", invoice.id)).toMatchObject({ Balance: 0 });
    expect(await twinOf("Payment", "payment", paymentId)).toMatchObject({ TotalAmt: invoice.totalCents / 100 });

    expect((await refund(1000, true)).status).toBe(201);
    await drain();
    const ours = await t.db.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    expect(ours).toMatchObject({ paidCents: invoice.totalCents - 1000, status: "partially_paid" });
    expect(await twinOf("Invoice", "invoice", invoice.id)).toMatchObject({ Balance: 10 });
    expect(await twinOf("Payment", "payment", paymentId)).toMatchObject({
      TotalAmt: (invoice.totalCents - 1000) / 100,
      Line: [{ Amount: (invoice.totalCents - 1000) / 100 }],
    });
    const receipts = await t.db.refund.findMany({ where: { paymentId }, orderBy: { createdAt: "asc" } });
    const pushedReceipts = quickbooks
      .list(REALM, "RefundReceipt")
      .filter((row) => receipts.some((one) => row.PrivateNote === `FieldOps refund ${one.id}`));
    expect(pushedReceipts.map((row) => row.Line)).toEqual([[expect.objectContaining({ Amount: 3 })]]);
    // A redelivered push changes nothing more.
    const written = () =>
      quickbooks.requests.filter((request) => request.method === "POST" && request.path.endsWith("/payment")).length;
    const before = written();
    await redeliver("payment", paymentId);
    expect(written()).toBe(before);
  });
});

describe("void invoices", () => {
  it("are voided in QuickBooks once, even after an edit there, and never pushed as an update afterwards", async () => {
    const { invoice } = await sentInvoice();
    await drain();
    const twin = await twinOf("Invoice", "invoice", invoice.id);
    const edited = quickbooks.editInQuickBooks(REALM, "Invoice", twin.Id, {
      CustomerMemo: { value: "Edited by the bookkeeper" },
    });
    expect((await call("POST", `/api/invoices/${invoice.id}/void`, tokens.owner!)).status).toBe(200);
    await drain();
    await redeliver("invoice", invoice.id);
    expect((await call("POST", `/api/quickbooks/sync/invoice/${invoice.id}/retry`, tokens.owner!)).status).toBe(202);
    await drain();
    // Our stored SyncToken was stale (5010): read again, voided with the current one; then never again.
    expect(voidsOf(twin.Id).map((request) => (request.body as { SyncToken: string }).SyncToken)).toEqual([
      twin.SyncToken,
      edited.SyncToken,
    ]);
    expect(await twinOf("Invoice", "invoice", invoice.id)).toMatchObject({
      TotalAmt: 0,
      Balance: 0,
      PrivateNote: "Voided",
    });
    const after = quickbooks.requests.filter(
      (request) =>
        request.path.endsWith("/invoice") &&
        request.operation === null &&
        (request.body as { Id?: string }).Id === twin.Id,
    );
    expect(after).toEqual([]);
    expect(await syncRow("invoice", invoice.id)).toMatchObject({ status: "synced", voidedAt: expect.any(Date) });
  });

  it("one whose payment was refunded as a credit is not voided there: the push fails and says why", async () => {
    const { invoice } = await sentInvoice();
    const paymentId = await payCash(invoice.id, invoice.totalCents);
    const refunded = await refundPayment(paymentId, { amountCents: invoice.totalCents });
    expect(refunded.status).toBe(201);
    await drain();
    const twin = await twinOf("Invoice", "invoice", invoice.id);
    expect((await call("POST", `/api/invoices/${invoice.id}/void`, tokens.owner!)).status).toBe(200);
    await drain();
    expect(voidsOf(twin.Id)).toEqual([]);
    const state = await call<QuickBooksSyncState>("GET", `/api/quickbooks/sync/invoice/${invoice.id}`, tokens.owner!);
    expect(state.body).toMatchObject({ state: "failed", error: expect.stringMatching(/void it there by hand/) });
    // Settings → Integrations lists it among the failures, in QuickBooks' words, beside the last sync.
    const overview = await call<QuickBooksOverview>("GET", "/api/quickbooks/overview", tokens.member!);
    expect(overview.body).toMatchObject({ connected: true, lastSyncedAt: expect.any(String) });
    expect(Date.now() - Date.parse(overview.body.lastSyncedAt!)).toBeLessThan(10 * 60_000);
    expect(overview.body.failures).toContainEqual(
      expect.objectContaining({
        entity: "invoice",
        id: invoice.id,
        state: "failed",
        error: expect.stringMatching(/void it there by hand/),
        label: expect.stringContaining(String(invoice.number)),
      }),
    );
  });

  it("a draft voided is never made in QuickBooks", async () => {
    const job = await createCompletedJob(t.db, company.id);
    const draft = await call<InvoiceDetail>("POST", "/api/invoices", tokens.owner!, { jobId: job.jobId });
    expect((await call("POST", `/api/invoices/${draft.body.id}/void`, tokens.owner!)).status).toBe(200);
    await drain();
    expect(
      quickbooks.list(REALM, "Invoice").filter((row) => row.PrivateNote === `FieldOps invoice ${draft.body.id}`),
    ).toEqual([]);
    expect((await syncRow("invoice", draft.body.id)).status).toBe("synced");
  });
});

describe("tokens", () => {
  it("refreshes once on a 401 and pushes; a refused refresh fails the record with 'reconnect'", async () => {
    const connection = () =>
      t.db.integrationConnection.findFirstOrThrow({ where: { companyId: company.id, provider: "quickbooks" } });
    const before = await connection();
    quickbooks.refusedTokens.add(decryptSecret(key, before.accessTokenEncrypted!));
    const id = await newCustomer("After A Refresh");
    await drain();
    expect(ourCustomer(id)).toHaveLength(1);
    const after = await connection();
    expect(decryptSecret(key, after.accessTokenEncrypted!)).not.toBe(decryptSecret(key, before.accessTokenEncrypted!));

    // Intuit no longer honours the refresh token: the push fails once, visibly, and asks to reconnect.
    quickbooks.refusedTokens.add(decryptSecret(key, after.accessTokenEncrypted!));
    oauth.liveRefreshTokens.delete(decryptSecret(key, after.refreshTokenEncrypted!));
    const stranded = await newCustomer("Needs Reconnect");
    await drain();
    expect(ourCustomer(stranded)).toHaveLength(0);
    const state = await call<QuickBooksSyncState>("GET", `/api/quickbooks/sync/customer/${stranded}`, tokens.owner!);
    expect(state.body.error).toMatch(/reconnect QuickBooks/);
    const overview = await call<QuickBooksOverview>("GET", "/api/quickbooks/overview", tokens.owner!);
    expect(overview.body.connected).toBe(false);

    // Connected again, Retry pushes it.
    await connectQuickBooks(tokens.owner!, REALM);
    const retried = await call<QuickBooksSyncState>(
      "POST",
      `/api/quickbooks/sync/customer/${stranded}/retry`,
      tokens.owner!,
    );
    expect(retried.status).toBe(202);
    expect(retried.body.state).toBe("pending");
    await drain();
    expect(ourCustomer(stranded)).toHaveLength(1);
  });
});

describe("companies", () => {
  it("a company without QuickBooks enqueues nothing; another company's records go to its own realm only", async () => {
    const before = await t.runtime.context.queues.queue("quickbooks").getJobCounts("completed", "waiting", "delayed");
    const created = await call<{ id: string }>(
      "POST",
      "/api/customers",
      tokens.unconnectedOwner!,
      customerBody("Nobody's Books"),
    );
    expect(created.status).toBe(201);
    expect(await t.db.quickBooksSync.count({ where: { companyId: unconnected.id } })).toBe(0);
    await drain();
    const after = await t.runtime.context.queues.queue("quickbooks").getJobCounts("completed", "waiting", "delayed");
    expect(after).toEqual(before);

    const theirs = await newCustomer("Their Customer", tokens.otherOwner!);
    await drain();
    expect(ourCustomer(theirs, OTHER_REALM)).toHaveLength(1);
    expect(ourCustomer(theirs, REALM)).toHaveLength(0);
    expect(
      quickbooks.requests.filter(
        (request) => request.realmId === REALM && JSON.stringify(request.body).includes(theirs),
      ),
    ).toEqual([]);
  });

  it("a company moved down to Starter keeps its connection but syncs nothing; moved back up, Retry pushes once", async () => {
    await t.db.company.update({ where: { id: other.id }, data: { planId: "starter" } });
    try {
      const id = await newCustomer("Downgraded Books Customer", tokens.otherOwner!);
      await drain();
      expect(ourCustomer(id, OTHER_REALM)).toEqual([]);
      expect(await t.db.quickBooksSync.count({ where: { entityId: id } })).toBe(0);
      const refused = await call("POST", `/api/quickbooks/sync/customer/${id}/retry`, tokens.otherOwner!);
      expect(refused).toMatchObject({ status: 403, body: { message: expect.stringContaining("Growth") } });

      await t.db.company.update({ where: { id: other.id }, data: { planId: "growth" } });
      expect((await call("POST", `/api/quickbooks/sync/customer/${id}/retry`, tokens.otherOwner!)).status).toBe(202);
      await drain();
      expect(ourCustomer(id, OTHER_REALM)).toHaveLength(1);
    } finally {
      await t.db.company.update({ where: { id: other.id }, data: { planId: "growth" } });
    }
  });

  it("retry and sync state: owners retry; members read; field users and other companies are refused", async () => {
    const id = await newCustomer("Role Check Customer");
    await drain();
    const path = `/api/quickbooks/sync/customer/${id}`;
    expect((await call("POST", `${path}/retry`, tokens.member!)).status).toBe(403);
    expect((await call("POST", `${path}/retry`, tokens.field_user!)).status).toBe(403);
    expect((await call("GET", path, tokens.field_user!)).status).toBe(403);
    expect((await call("POST", `${path}/retry`, tokens.otherOwner!)).status).toBe(404);
    expect((await call("GET", path, tokens.otherOwner!)).status).toBe(404);
    expect((await call("POST", `${path}/retry`, tokens.unconnectedOwner!)).status).toBe(404);
    expect((await call("POST", `${path}/retry`, tokens.owner!)).status).toBe(202);
    await drain();
    expect(ourCustomer(id)).toHaveLength(1);
    expect((await call("GET", "/api/quickbooks/options", tokens.member!)).status).toBe(403);
    expect(
      (
        await call("PUT", "/api/quickbooks/settings", tokens.member!, {
          itemId: "2",
          itemName: "Lawn care",
          taxCodeId: null,
          taxCodeName: null,
        })
      ).status,
    ).toBe(403);
  });

  it("reads the items and tax codes of QuickBooks and maps invoice lines to the chosen item", async () => {
    const options = await call<{ items: { id: string; name: string }[]; taxCodes: { id: string; name: string }[] }>(
      "GET",
      "/api/quickbooks/options",
      tokens.owner!,
    );
    expect(options.status).toBe(200);
    expect(options.body.items).toContainEqual({ id: "2", name: "Lawn care" });
    expect(options.body.taxCodes).toContainEqual({ id: "3", name: "California" });
    const saved = await call("PUT", "/api/quickbooks/settings", tokens.owner!, {
      itemId: "2",
      itemName: "Lawn care",
      taxCodeId: "3",
      taxCodeName: "California",
    });
    expect(saved.status).toBe(200);
    const { invoice } = await sentInvoice();
    await drain();
    const twin = quickbooks.list(REALM, "Invoice").find((row) => row.PrivateNote === `FieldOps invoice ${invoice.id}`)!;
    expect(
      (twin.Line as { SalesItemLineDetail?: { ItemRef: { value: string } } }[])[0]!.SalesItemLineDetail!.ItemRef.value,
    ).toBe("2");
    expect(twin.TxnTaxDetail).toMatchObject({ TxnTaxCodeRef: { value: "3" }, TotalTax: invoice.taxCents / 100 });
    await call("PUT", "/api/quickbooks/settings", tokens.owner!, {
      itemId: null,
      itemName: null,
      taxCodeId: null,
      taxCodeName: null,
    });
  });
});

describe("payments made in QuickBooks", () => {
  it("come back once through change data capture, against our invoice", async () => {
    const { invoice } = await sentInvoice();
    await drain();
    const twin = quickbooks.list(REALM, "Invoice").find((row) => row.PrivateNote === `FieldOps invoice ${invoice.id}`)!;
    const pushedBefore = await t.db.payment.count({ where: { invoiceId: invoice.id } });
    expect(pushedBefore).toBe(0);
    const paidThere = quickbooks.receivePaymentInQuickBooks(REALM, { invoiceId: twin.Id, amount: 12.5 });
    for (let i = 0; i < 3; i += 1) {
      await t.runtime.context.queues.enqueue(
        pullQuickBooksPaymentsTask,
        { companyId: company.id },
        `pull_${randomUUID()}`,
      );
      await drain();
    }
    const payments = await t.db.payment.findMany({ where: { invoiceId: invoice.id } });
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amountCents: 1250, provider: "quickbooks", recordedByUserId: null });
    const stored = await t.db.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    expect(stored).toMatchObject({ paidCents: 1250, status: "partially_paid" });
    // Not pushed back as a second payment.
    expect(
      quickbooks.list(REALM, "Payment").filter((row) => row.Line && JSON.stringify(row.Line).includes(twin.Id)),
    ).toHaveLength(1);
    expect(
      await withTenant(t.db, company.id, (tx) => tx.quickBooksSync.count({ where: { quickbooksId: paidThere.Id } })),
    ).toBe(1);
  });
});
