import { expect, test } from "@playwright/test";
import { createDatabase, type Database } from "@fieldops/db";
import { readContextKey } from "@fieldops/db/runtime-role";
import { startQuickBooksStandIn, type QuickBooksStandIn, type StandInEntity } from "../stand-ins/quickbooks-api.ts";
import { startStripeStandIn, type StripeStandIn } from "../stand-ins/stripe-api.ts";
import { openSignedIn } from "./sign-in-as.ts";
import { stripeCheckout } from "./stripe-checkout.ts";
import { startStripeProduct, workerStripeServer, type StripeProduct } from "./stripe-product.ts";

/**
 * The money path and the books together, as an owner sets them up: the company's own Stripe account through Stripe's
 * onboarding (Account Links, the Stripe API stand-in's page), QuickBooks Online through Intuit's OAuth (the stand-in
 * `serve.ts` runs), then a customer paying on the review page. The Stripe product runs against the stand-in of
 * QuickBooks' API (QUICKBOOKS_API_BASE), which the test reads. The stand-in of Stripe sends its events as things
 * happen, as Stripe does.
 */
test.describe.configure({ mode: "serial" });
test.use({ baseURL: `http://127.0.0.1:${workerStripeServer().port}` });

/** The realm Intuit's (stand-in) consent answers with in `serve.ts`. */
const REALM = "9130357992";

let stripe: StripeStandIn;
let quickbooks: QuickBooksStandIn;
let product: StripeProduct;
let db: Database;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stripe = await startStripeStandIn();
  // The access tokens are issued by the OAuth stand-in inside `serve.ts`'s process: QuickBooks takes that kind only.
  quickbooks = await startQuickBooksStandIn({ acceptsToken: (token) => /^at-[0-9a-f]{32}$/.test(token) });
  product = await startStripeProduct(stripe, { QUICKBOOKS_API_BASE: quickbooks.url });
  db = createDatabase(product.ownerDatabaseUrl, { max: 2, contextKey: await readContextKey(product.ownerDatabaseUrl) });
});
test.afterAll(async () => {
  await db?.$disconnect();
  await product?.stop();
  await quickbooks?.close();
  await stripe?.close();
});

const { sentInvoice, customerPage, intentOf, eventApplied } = stripeCheckout(() => ({ stripe, product, db }));

/** The event Stripe (the stand-in) sent of the type, for the object (its id), and the product's answer. */
function deliveredEvent(type: string, objectId: string) {
  const found = stripe.delivered.filter(
    ({ event }) => event.type === type && (event.data.object as { id?: string }).id === objectId,
  );
  expect(found, `${type} of ${objectId} sent once`).toHaveLength(1);
  return found[0]!;
}

/** The realm's records of the entity whose note field carries the product's marker (push-to-quickbooks.ts). */
const marked = (entity: StandInEntity, field: "Notes" | "PrivateNote", marker: string) =>
  quickbooks.list(REALM, entity).filter((row) => String(row[field] ?? "").includes(marker));

test("an owner connects Stripe and QuickBooks; a customer pays on the review page on the company's account; the office sees one payment in QuickBooks, which has the customer, invoice and payment once each, also after Stripe's webhook comes again", async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(180_000);
  stripe.sendsEvents = true;

  // Settings → Payments: the owner sets up the company's Stripe account through Stripe's onboarding.
  await openSignedIn(page, "owner@demo.test", "/settings/payments");
  const account = page.getByRole("region", { name: "Your Stripe account" });
  await expect(account.getByText("Not set up: payments go to the platform's account for now.")).toBeVisible();
  await account.getByRole("button", { name: "Set up Stripe payments" }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/setup/s/\\w+$`));
  expect(stripe.accounts.size).toBe(1);
  const [accountId] = [...stripe.accounts.keys()] as [string];
  await expect(page.getByRole("heading", { level: 1, name: "Set up payments with Stripe" })).toBeVisible();
  await expect(page.getByText(`Account ${accountId}`)).toBeVisible();
  await page.getByRole("button", { name: "Submit details" }).click();
  // Stripe enables the account, tells the product (account.updated, of the connected account) and sends the owner back.
  await expect(page).toHaveURL(`${product.url}/settings/payments?stripe=return`);
  const enabled = deliveredEvent("account.updated", accountId);
  expect(enabled).toMatchObject({ status: 200, event: { account: accountId } });
  await eventApplied(enabled.event.id);
  // The card shows what Stripe last reported, read when the page loads: it does not follow account.updated live, and
  // the worker may apply the event after the page came back, so the owner's next load is what is checked.
  await page.reload();
  await expect(account.getByTestId("stripe-account-status")).toContainText(accountId);
  await expect(account.getByText("Taking payments")).toBeVisible();
  await expect(account.getByRole("button")).toHaveCount(0);

  // Settings → Integrations: the owner connects QuickBooks Online through Intuit's consent.
  await page.goto("/settings/integrations");
  const connection = page.getByRole("region", { name: "QuickBooks Online" });
  await connection.getByRole("button", { name: "Connect QuickBooks Online" }).click();
  await expect(page).toHaveURL(/\/settings\/integrations\?provider=quickbooks&result=connected$/);
  await expect(page.getByRole("alert").filter({ hasText: "QuickBooks Online connected" })).toBeVisible();
  await expect(connection.getByText(new RegExp(`QuickBooks Online ${REALM} · connected .* by `))).toBeVisible();
  // The sync card reads the company's QuickBooks (the API stand-in) with the connection's token: its items.
  const sync = page.getByRole("region", { name: "QuickBooks sync" });
  await expect(sync.getByLabel("Item for invoice lines").locator("option", { hasText: "Lawn care" })).toHaveCount(1);
  await expect(sync.getByText("No failed syncs.")).toBeVisible();

  // The office sends an invoice (set-up, through the API); the customer pays it by card on the review page.
  const { invoice, link } = await sentInvoice(playwright);
  const customer = await customerPage(browser);
  await customer.goto(link);
  await expect(customer.getByRole("heading", { level: 1 })).toHaveText(`Invoice #${invoice.number}`);
  await expect(customer.getByTestId("balance-due")).toHaveText("$145.00");
  const form = customer.getByRole("form", { name: "Pay by card" });
  await form.getByLabel("Card number").fill("4242 4242 4242 4242");
  await form.getByRole("button", { name: "Pay $145.00" }).click();
  await expect(customer.getByText("Paid in full")).toBeVisible();
  await expect(customer.getByTestId("balance-due")).toHaveText("$0.00");

  // The charge is the company's: the intent was made on its new account, and the page confirmed it there.
  const intent = intentOf(invoice.id);
  expect(intent).toMatchObject({ status: "succeeded", amount_received: 14500 });
  expect(stripe.intents.get(intent.id)!.account).toBe(accountId);
  const made = stripe.requests.filter(
    (request) =>
      request.method === "POST" &&
      request.path === "/v1/payment_intents" &&
      new URLSearchParams(request.body).get("metadata[invoice_id]") === invoice.id,
  );
  expect(made.length).toBeGreaterThan(0);
  expect(made.map((request) => request.stripeAccount)).toEqual(made.map(() => accountId));
  const confirmed = stripe.requests.filter((request) => request.path === `/v1/payment_intents/${intent.id}/confirm`);
  expect(confirmed).toHaveLength(1);
  expect(new URLSearchParams(confirmed[0]!.body).get("_stripe_account")).toBe(accountId);
  // Stripe's webhook for the charge came as it succeeded, of the connected account.
  const succeeded = deliveredEvent("payment_intent.succeeded", intent.id);
  expect(succeeded).toMatchObject({ status: 200, event: { account: accountId } });
  await eventApplied(succeeded.event.id);

  // The office sees one payment, and the invoice and the payment in QuickBooks.
  await page.goto(`/payments/invoices/${invoice.id}`);
  const payments = page.getByRole("list", { name: "Payments" });
  await expect(payments.getByRole("listitem")).toHaveCount(1);
  await expect(payments).toContainText("paid online");
  await expect(payments).toContainText("$145.00");
  const invoiceSync = page.getByTestId("quickbooks-sync").first();
  await expect(invoiceSync).toHaveText("In QuickBooks");
  await expect(payments.getByTestId("quickbooks-sync")).toHaveText("In QuickBooks");

  // Stripe delivers the same event again: nothing more is recorded or pushed.
  expect((await stripe.sendWebhook(succeeded.event)).status).toBe(200);
  await expect
    .poll(() => db.stripeEvent.findUniqueOrThrow({ where: { id: succeeded.event.id } }))
    .toMatchObject({ deliveries: 1, processedAt: expect.any(Date) });
  await expect.poll(() => db.quickBooksSync.count({ where: { status: { not: "synced" } } })).toBe(0);
  await page.reload();
  await expect(payments.getByRole("listitem")).toHaveCount(1);
  await expect(invoiceSync).toHaveText("In QuickBooks");
  await expect(payments.getByTestId("quickbooks-sync")).toHaveText("In QuickBooks");
  await expect(page.getByRole("region", { name: "Totals" })).toContainText("$145.00");

  // QuickBooks has the customer, the invoice and the payment once each, linked to each other; nothing else.
  const paid = await db.payment.findMany({ where: { invoiceId: invoice.id } });
  expect(paid).toHaveLength(1);
  const qbCustomers = marked("Customer", "Notes", `FieldOps customer ${invoice.customerId}`);
  const qbInvoices = marked("Invoice", "PrivateNote", `FieldOps invoice ${invoice.id}`);
  const qbPayments = marked("Payment", "PrivateNote", `FieldOps payment ${paid[0]!.id}`);
  expect(qbCustomers).toHaveLength(1);
  expect(qbInvoices).toHaveLength(1);
  expect(qbPayments).toHaveLength(1);
  expect(quickbooks.list(REALM, "Customer")).toHaveLength(1);
  expect(quickbooks.list(REALM, "Invoice")).toHaveLength(1);
  expect(quickbooks.list(REALM, "Payment")).toHaveLength(1);
  expect(qbCustomers[0]).toMatchObject({ DisplayName: invoice.customerName });
  expect(qbInvoices[0]).toMatchObject({ CustomerRef: { value: qbCustomers[0]!.Id }, TotalAmt: 145, Balance: 0 });
  expect(qbPayments[0]).toMatchObject({
    CustomerRef: { value: qbCustomers[0]!.Id },
    TotalAmt: 145,
    Line: [{ Amount: 145, LinkedTxn: [{ TxnId: qbInvoices[0]!.Id, TxnType: "Invoice" }] }],
  });
  expect(new Set(quickbooks.requests.map((request) => request.realmId))).toEqual(new Set([REALM]));
  await customer.context().close();
});
