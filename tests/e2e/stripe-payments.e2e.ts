import { expect, test } from "@playwright/test";
import { createDatabase, type Database } from "@fieldops/db";
import { readContextKey } from "@fieldops/db/runtime-role";
import { startStripeStandIn, type StripeStandIn } from "../stand-ins/stripe-api.ts";
import { openSignedIn } from "./sign-in-as.ts";
import { stripeCheckout } from "./stripe-checkout.ts";
import { startStripeProduct, workerStripeServer, type StripeProduct } from "./stripe-product.ts";

/**
 * Paying an invoice through Stripe on the customer's page, through the page's own Stripe.js code path
 * (`stripe-card-form.tsx`), against a product configured for Stripe with the local stand-in of Stripe's API (the
 * main end-to-end products keep the built-in test provider). There is no internet: the page's request for Stripe.js
 * is answered with a stand-in of the part the page uses (`tests/stand-ins/stripe-js.ts`), and its calls to
 * api.stripe.com go to the API stand-in, which also signs and sends the webhooks.
 */
test.describe.configure({ mode: "serial" });
test.use({ baseURL: `http://127.0.0.1:${workerStripeServer().port}` });

let stripe: StripeStandIn;
let product: StripeProduct;
let db: Database;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stripe = await startStripeStandIn();
  product = await startStripeProduct(stripe);
  db = createDatabase(product.ownerDatabaseUrl, { max: 2, contextKey: await readContextKey(product.ownerDatabaseUrl) });
});
test.afterAll(async () => {
  await db?.$disconnect();
  await product?.stop();
  await stripe?.close();
});

const { sentInvoice, customerPage, intentOf, webhookArrives } = stripeCheckout(() => ({ stripe, product, db }));

test("a customer pays by card through Stripe's form; the office sees one payment, also after Stripe's webhook", async ({
  page,
  browser,
  playwright,
}) => {
  const { invoice, link } = await sentInvoice(playwright);
  const customer = await customerPage(browser);
  await customer.goto(link);
  await expect(customer.getByRole("heading", { level: 1 })).toHaveText(`Invoice #${invoice.number}`);
  await expect(customer.getByText(/built-in test provider/)).toHaveCount(0);
  await expect(customer.getByTestId("balance-due")).toHaveText("$145.00");
  const form = customer.getByRole("form", { name: "Pay by card" });
  await form.getByLabel("Card number").fill("4000 0000 0000 0002");
  await form.getByRole("button", { name: "Pay $145.00" }).click();
  await expect(form.getByRole("alert")).toContainText("Your card was declined.");
  await form.getByLabel("Card number").fill("4242 4242 4242 4242");
  await form.getByRole("button", { name: "Pay $145.00" }).click();
  await expect(customer.getByText("Paid in full")).toBeVisible();
  await expect(customer.getByTestId("balance-due")).toHaveText("$0.00");
  // The page confirmed with the publishable key and the intent's secret, as Stripe.js does; the charge is Stripe's.
  const intent = intentOf(invoice.id);
  expect(intent).toMatchObject({ status: "succeeded", amount_received: 14500, payment_method_types: ["card"] });

  await openSignedIn(page, "owner@demo.test", `/payments/invoices/${invoice.id}`);
  const payments = page.getByRole("list", { name: "Payments" });
  await expect(payments.getByRole("listitem")).toHaveCount(1);
  await expect(payments).toContainText("paid online");
  await expect(payments).toContainText("$145.00");

  // Stripe's webhook for the same charge comes after the page's confirmation: still one payment.
  await webhookArrives("payment_intent.succeeded", intent);
  await page.reload();
  await expect(page.getByRole("list", { name: "Payments" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Totals" })).toContainText("$145.00");
  await customer.reload();
  await expect(customer.getByText("Paid in full")).toBeVisible();
  await customer.context().close();
});

test("an owner turns on bank payments; a customer's bank debit is processing on both sides until the bank refuses it, then owed again", async ({
  page,
  browser,
  playwright,
}) => {
  await openSignedIn(page, "owner@demo.test", "/settings/payments");
  const setting = page.getByRole("region", { name: "Bank payments" }).getByLabel("Accept bank payments (ACH debit)");
  await expect(setting).not.toBeChecked();
  await setting.check();
  await expect(setting).toBeChecked();
  await expect(setting).toBeEnabled();

  const { invoice, link } = await sentInvoice(playwright);
  const customer = await customerPage(browser);
  await customer.goto(link);
  const form = customer.getByRole("form", { name: "Pay by card or bank account" });
  await form.getByLabel("US bank account").check();
  await form.getByRole("button", { name: "Pay $145.00" }).click();
  await expect(customer.getByText("Processing — bank payments take up to 4 business days")).toBeVisible();
  await expect(customer.getByRole("region", { name: "Pay this invoice" })).toHaveCount(0);
  await expect(customer.getByTestId("balance-due")).toHaveText("$145.00");

  await page.goto(`/payments/invoices/${invoice.id}`);
  const payments = page.getByRole("list", { name: "Payments" });
  await expect(payments.getByRole("listitem")).toHaveCount(1);
  await expect(payments).toContainText("Processing");
  await expect(payments).toContainText("Bank (ACH)");

  // Days later the bank refuses the debit.
  await stripe.settle(intentOf(invoice.id).id, "failed");
  await webhookArrives("payment_intent.payment_failed", intentOf(invoice.id));
  await customer.reload();
  await expect(customer.getByRole("alert")).toContainText("Your bank payment did not go through");
  await expect(customer.getByRole("alert")).toContainText("insufficient funds");
  await expect(customer.getByRole("region", { name: "Pay this invoice" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("list", { name: "Payments" })).toContainText("Failed");
  await customer.context().close();
});
