import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { ownerApi } from "./owner-api.ts";
import { openSignedIn } from "./sign-in-as.ts";

/** The invoice's status badge (the word also heads a row of the totals). */
const statusBadge = (page: Page, status: string) =>
  page.locator('[data-slot="badge"]', { hasText: new RegExp(`^${status}$`) });

test("an owner completes a visit, invoices it and sends it; the e-mail reaches the catcher with the PDF, and the customer pays from its link without signing in; the office sees it delivered and paid, and gives part back as a credit the customer sees", async ({
  page,
  browser,
  context,
  playwright,
  baseURL,
}) => {
  // Three pages, a mail, a PDF, two payments, a refund and the reports: about 40 s on a quiet machine.
  test.setTimeout(120_000);
  const api = await ownerApi(playwright, baseURL!);
  const tag = `${Date.now()}`;
  const customer = await api.post("/api/customers", {
    data: {
      name: `Invoice E2E ${tag}`,
      contacts: [{ kind: "email", value: `invoice-e2e-${tag}@example.com` }],
      properties: [
        { street: "12 Elm St", city: "Denver", region: "CO", postcode: "80202", latitude: 39.74, longitude: -104.99 },
      ],
    },
  });
  expect(customer.status()).toBe(201);
  const customerId = ((await customer.json()) as { id: string }).id;
  const title = `Hedge trimming ${tag}`;
  const job = await api.post("/api/jobs", {
    data: {
      customerId,
      title,
      lineItems: [{ service: "Hedge trimming", quantity: 1, unitPriceCents: 14500, taxable: false }],
    },
  });
  expect(job.status()).toBe(201);
  const created = (await job.json()) as { id: string; visits: { id: string; version: number }[] };
  const visit = created.visits[0]!;
  const start = new Date(Date.now() - 2 * 3600_000).toISOString();
  const scheduled = await api.post(`/api/visits/${visit.id}/schedule`, {
    data: { crewId: null, start, durationMinutes: 60, version: visit.version },
  });
  expect(scheduled.status()).toBe(200);
  await api.dispose();

  // The office completes the visit and invoices it.
  await openSignedIn(page, "owner@demo.test", `/jobs/${created.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
  const visits = page.getByRole("list", { name: "Visits" });
  await visits.getByRole("button", { name: "Start" }).click();
  await visits.getByRole("button", { name: "Complete" }).click();
  await expect(visits).toContainText("Completed");
  await page.getByRole("button", { name: "Create invoice" }).click();
  const dialog = page.getByRole("dialog", { name: "New invoice" });
  await dialog.getByLabel("Notes to the customer").fill("Thank you for choosing Green Valley.");
  await dialog.getByRole("button", { name: "Create invoice" }).click();
  await expect(page).toHaveURL(/\/payments\/invoices\/[0-9a-f-]{36}$/);
  const invoiceHeading = page.getByRole("heading", { level: 1 });
  await expect(invoiceHeading).toContainText("Invoice #");
  await expect(statusBadge(page, "Draft")).toBeVisible();
  await expect(page.getByRole("region", { name: "Totals" })).toContainText("$145.00");

  await page.getByRole("button", { name: "Send", exact: true }).click();
  const send = page.getByRole("dialog");
  await expect(send.getByLabel(/E-mail to invoice-e2e-/)).toBeChecked();
  await send.getByRole("button", { name: "Send", exact: true }).click();
  await expect(send).toBeHidden();
  await expect(statusBadge(page, "Sent")).toBeVisible();
  // The notifications worker writes the e-mail to the outbox and the dispatcher sends it to the local mail catcher
  // (npm start without SMTP_URL); the invoice shows it as it arrives, and then delivered, live.
  const sentMessages = page.getByRole("list", { name: "Sent messages" });
  await expect(sentMessages).toContainText(`E-mail to invoice-e2e-${tag}@example.com`);
  await expect(sentMessages).toContainText("Delivered to the local mail catcher");

  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy review link" }).click();
  await expect(page.getByText("Review link copied", { exact: true })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/review\/[0-9a-f-]{36}#[A-Za-z0-9_-]{43}$/);

  // Settings → Outbox, in another tab: the mail as the catcher received it, to the customer, with the invoice's
  // button and the invoice as a PDF.
  const office = await context.newPage();
  await office.goto("/settings");
  const outbox = office.getByRole("list", { name: "Outbox messages" });
  const mail = outbox.getByRole("listitem").filter({ hasText: `invoice-e2e-${tag}@example.com` });
  await expect(mail).toContainText("Delivered to the local mail catcher");
  await mail.getByRole("button", { name: "Show the mail" }).click();
  const preview = mail.frameLocator("iframe");
  await expect(preview.getByText(/Your invoice #\d+ from/)).toBeVisible();
  const payButton = preview.getByRole("link", { name: "View and pay the invoice" });
  const link = (await payButton.getAttribute("href")) ?? "";
  expect(link).toMatch(/\/review\/[0-9a-f-]{36}#[A-Za-z0-9_-]{43}$/);
  const number = /#(\d+)/.exec((await invoiceHeading.textContent()) ?? "")?.[1];
  const [download] = await Promise.all([
    office.waitForEvent("download"),
    mail
      .getByRole("group", { name: "Attachments" })
      .getByRole("button", { name: new RegExp(`^invoice-${number}\\.pdf \\(\\d+ KB\\)$`) })
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  await office.close();

  // The customer, in a browser that never signed in, follows the e-mail's button.
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await customerPage.goto(link);
  await expect(customerPage.getByRole("heading", { level: 1 })).toHaveText((await invoiceHeading.textContent()) ?? "");
  await expect(customerPage.getByText("Green Valley Lawn Care")).toBeVisible();
  await expect(customerPage.getByText(/built-in test provider/).first()).toBeVisible();
  await expect(customerPage.getByTestId("balance-due")).toHaveText("$145.00");
  await customerPage.getByLabel("Card number").fill("4000 0000 0000 0002");
  await customerPage.getByLabel("Expiry (MM/YY)").fill("12/34");
  await customerPage.getByLabel("CVC").fill("123");
  await customerPage.getByRole("button", { name: "Pay $145.00" }).click();
  await expect(customerPage.getByRole("alert")).toContainText("Your card was declined. Try another card.");
  await customerPage.getByLabel("Card number").fill("4242 4242 4242 4242");
  await customerPage.getByRole("button", { name: "Pay $145.00" }).click();
  await expect(customerPage.getByText("Paid in full")).toBeVisible();
  await expect(customerPage.getByTestId("balance-due")).toHaveText("$0.00");
  await customerPage.getByLabel("5 stars").check();
  await customerPage.getByLabel("Comment").fill("The hedges look great");
  await customerPage.getByRole("button", { name: "Send review" }).click();
  await expect(customerPage.getByText(/Thank you for your review: 5 out of 5/)).toBeVisible();
  const cookies = await customerContext.cookies();
  expect(cookies).toEqual([]);

  // The office's open invoice follows: paid, by card, online, with the review.
  await expect(statusBadge(page, "Paid")).toBeVisible();
  await expect(page.getByRole("list", { name: "Payments" })).toContainText("Card ending 4242");
  await expect(page.getByRole("list", { name: "Payments" })).toContainText("paid online");
  await expect(page.getByRole("region", { name: "Customer review" })).toContainText("The hedges look great");

  // The office gives $20 back as a credit: the invoice stays paid, and the customer's page shows the refund and asks
  // for nothing.
  await page.getByRole("list", { name: "Payments" }).getByRole("button", { name: "Refund" }).click();
  const refund = page.getByRole("dialog", { name: "Refund this payment?" });
  await refund.getByLabel("Amount ($)").fill("20.00");
  await expect(refund.getByLabel(/Keep it settled/)).toBeChecked();
  await refund.getByRole("button", { name: "Refund" }).click();
  await expect(refund).toBeHidden();
  await expect(page.getByRole("list", { name: "Refunds" })).toContainText(/Refunded \$20\.00 on .+ · as a credit/);
  await expect(statusBadge(page, "Paid")).toBeVisible();
  await customerPage.reload();
  await expect(customerPage.getByText(/^Refunded on /)).toBeVisible();
  await expect(customerPage.getByTestId("balance-due")).toHaveText("$0.00");
  await expect(customerPage.getByRole("button", { name: /^Pay / })).toHaveCount(0);
  await customerContext.close();
  await page.goto("/payments");
  await page.getByLabel("Search").fill(`Invoice E2E ${tag}`);
  await expect(page.getByRole("table", { name: "Invoices" })).toContainText("Paid");

  // The reports count it: today's top customers, invoiced and collected.
  await page.goto("/reports");
  await page.getByLabel("Range", { exact: true }).selectOption("custom");
  const today = await page.getByLabel("To", { exact: true }).inputValue();
  await page.getByLabel("From", { exact: true }).fill(today);
  const topCustomers = page.getByRole("table", { name: `Top customers, ${today} to ${today}` });
  await expect(topCustomers.getByRole("row", { name: new RegExp(`Invoice E2E ${tag}`) })).toContainText("$145.00");
  const revenue = page.getByRole("table", { name: `Revenue over time, ${today} to ${today}` });
  await expect(revenue).toBeVisible();
});

test("a review link with a wrong token opens nothing", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/review/00000000-0000-4000-8000-000000000000#${"x".repeat(43)}`);
  await expect(page.getByText("This link is not valid. Ask the company for a new one.")).toBeVisible();
  await context.close();
});

test("a Starter company is refused invoicing with the plan upgrade texts", async ({ page, playwright, baseURL }) => {
  const tag = `${Date.now()}`;
  const email = `starter-billing-${tag}@example.com`;
  const password = "starter-password-1";
  const request = await playwright.request.newContext({ baseURL });
  const signup = await request.post("/api/signup", {
    data: { companyName: `Starter Billing ${tag}`, name: "Sam Starter", email, password, plan: "starter" },
  });
  expect(signup.status()).toBe(201);
  const { token } = (await signup.json()) as { token: string };
  const refused = await request.get("/api/invoices", { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe("Invoicing requires the Growth plan or higher.");
  // A new company is sent to its first-run setup until it completes (or skips) it.
  const onboarded = await request.post("/api/onboarding/complete", {
    headers: { authorization: `Bearer ${token}` },
    data: { members: [] },
  });
  expect(onboarded.status()).toBe(200);
  await request.dispose();

  await openSignedIn(page, email, "/payments", password);
  await expect(page.getByText("Plan Upgrade Required")).toBeVisible();
  await expect(page.getByText("This feature requires a plan upgrade")).toBeVisible();
  await expect(page.getByRole("button", { name: "New invoice" })).toHaveCount(0);
});
