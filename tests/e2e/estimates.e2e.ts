import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { ownerApi } from "./owner-api.ts";
import { openSignedIn } from "./sign-in-as.ts";
import { addDays, dayInTimeZone, zonedWallClockToUtc } from "@fieldops/shared/company-time";
import { VISIT_HORIZON_DAYS } from "@fieldops/shared/jobs";

/** The screen passes axe's WCAG 2 A/AA rules and best practices in both themes, as every app screen must. */
async function expectAccessible(page: Page, where: string): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    const results = await new AxeBuilder({ page })
      .options({ resultTypes: ["violations"] })
      .setLegacyMode()
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      .analyze();
    expect(
      results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
      ),
      `${where}, ${colorScheme}`,
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** A customer of the demo company, its contacts as given, at a located property; returns its id. */
async function createCustomer(
  api: APIRequestContext,
  name: string,
  contacts: { kind: "email" | "phone"; value: string }[],
  property: { street: string; city: string; postcode: string; latitude: number; longitude: number },
): Promise<string> {
  const created = await api.post("/api/customers", {
    data: { name, contacts, properties: [{ ...property, region: "CO" }] },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/**
 * The customer, in a browser without any session, opens the review link, sees the estimate (and what `sees` checks),
 * picks the option and signs.
 */
async function approveAsCustomer(
  browser: Browser,
  link: string,
  approval: { title: string; option: string; signer: string; sees: (customer: Page) => Promise<void> },
): Promise<void> {
  const customerContext = await browser.newContext();
  try {
    const customer = await customerContext.newPage();
    await customer.goto(link);
    await expect(customer.getByRole("heading", { level: 1, name: approval.title })).toBeVisible();
    await approval.sees(customer);
    await customer.getByRole("radio", { name: approval.option }).check();
    await customer.getByLabel("Type your full name to sign").fill(approval.signer);
    await customer.getByRole("button", { name: "Approve estimate" }).click();
    await expect(customer.getByText(`Approved: ${approval.option}`)).toBeVisible();
  } finally {
    await customerContext.close();
  }
}

/** From the estimates list, a new estimate for the customer with the title; its editor opens, a draft. */
async function startEstimate(page: Page, customerName: string, title: string): Promise<void> {
  await page.getByRole("button", { name: "New estimate" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Find customer").fill(customerName);
  await expect(dialog.getByLabel("Customer", { exact: true }).locator("option", { hasText: customerName })).toHaveCount(
    1,
  );
  await dialog.getByLabel("Customer", { exact: true }).selectOption({ label: customerName });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("button", { name: "Create estimate" }).click();
  await expect(page).toHaveURL(/\/jobs\/estimates\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel("Status: Draft")).toBeVisible();
}

test("an estimate with two options is sent, approved by the customer through its link, and becomes a job with the chosen option's lines", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const api = await ownerApi(playwright, baseURL!);
  const name = `Estimate Customer ${Date.now()}`;
  const customerId = await createCustomer(
    api,
    name,
    [
      { kind: "email", value: "estimate-e2e@example.com" },
      { kind: "phone", value: "+1 555 0142" },
    ],
    { street: "12 Birch Ln", city: "Fort Collins", postcode: "80521", latitude: 40.58, longitude: -105.08 },
  );

  try {
    await openSignedIn(page, "owner@demo.test");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Estimates" }).click();
    await expect(page).toHaveURL("/jobs/estimates");
    await expect(page.getByRole("heading", { level: 1, name: "Estimates" })).toBeVisible();

    const title = `Spring yard refresh ${Date.now()}`;
    await startEstimate(page, name, title);

    // Two options, each priced with its own lines; the totals follow what is typed.
    await page.getByLabel("Option 1 name").fill("Good");
    await page.getByRole("button", { name: "Add line to option 1" }).click();
    await page.getByLabel("Option 1 line 1 description").fill("Cleanup and haul-away");
    await page.getByLabel("Option 1 line 1 unit price").fill("180.00");
    await page.getByRole("button", { name: "Add option" }).click();
    await page.getByLabel("Option 2 name").fill("Better");
    await page.getByLabel("Option 2 line 1 description").fill("Cleanup, haul-away and mulch");
    await page.getByLabel("Option 2 line 1 quantity").fill("2");
    await page.getByLabel("Option 2 line 1 unit price").fill("150.00");
    await page.getByLabel("Option 2 line 1 tax rate").fill("10");
    await expect(page.getByRole("group", { name: "Option 2" }).getByLabel("Option 2 totals")).toContainText("$330.00");
    await page.getByRole("button", { name: "Save estimate" }).click();
    await expect(page.getByRole("button", { name: "Save estimate" })).toBeDisabled();
    await expectAccessible(page, "the estimate editor");

    await page.getByRole("button", { name: "Send", exact: true }).click();
    const send = page.getByRole("dialog");
    await expect(send.getByLabel(/^E-mail/)).toBeChecked();
    await send.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByLabel("Status: Sent")).toBeVisible();
    const link = await page.getByLabel("Review link").inputValue();
    expect(link).toMatch(/\/review\/estimates\/[0-9a-f-]{36}#[A-Za-z0-9_-]{43}$/);
    await expect(page.getByRole("list", { name: "Sent messages" }).getByRole("listitem")).toHaveCount(2);

    // The customer, in a browser without any session, opens the link, picks an option and signs.
    await approveAsCustomer(browser, link, {
      title,
      option: "Better",
      signer: "Robin Customer",
      sees: async (customer) => {
        await expect(customer.getByText("Green Valley Lawn Care").first()).toBeVisible();
        await expect(customer.getByRole("link", { name: "Jobs" })).toHaveCount(0);
        await expectAccessible(customer, "the customer's estimate page");
      },
    });

    // The office sees it approved without reloading, and converts it into a job.
    await expect(page.getByLabel("Status: Approved")).toBeVisible();
    await expect(page.getByText("Signed by Robin Customer")).toBeVisible();
    await page.getByRole("button", { name: "Convert to job" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Create job" }).click();
    await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
    const lines = page.getByRole("list", { name: "Line items" });
    await expect(lines).toContainText("Cleanup, haul-away and mulch");
    await expect(lines).toContainText("× 2 (taxable)$300.00");
    await expect(lines).not.toContainText("Cleanup and haul-away");

    await page.goBack();
    await expect(page.getByLabel("Status: Converted")).toBeVisible();
  } finally {
    await api.delete(`/api/customers/${customerId}?confirm=true`);
    await api.dispose();
  }
});

test("a recurring estimate option ('Weekly mowing × 26') is approved and becomes a recurring job with its visits", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const api = await ownerApi(playwright, baseURL!);
  const name = `Mowing Customer ${Date.now()}`;
  const customerId = await createCustomer(api, name, [{ kind: "email", value: "mowing-e2e@example.com" }], {
    street: "40 Aspen Ct",
    city: "Loveland",
    postcode: "80537",
    latitude: 40.4,
    longitude: -105.07,
  });

  try {
    await openSignedIn(page, "owner@demo.test", "/jobs/estimates");
    const title = `Lawn care season ${Date.now()}`;
    await startEstimate(page, name, title);

    // One option, weekly for 26 visits, its line pricing one visit.
    await page.getByLabel("Option 1 name").fill("Weekly mowing");
    await page.getByLabel("Option 1 repeats").selectOption({ label: "Every week" });
    await page.getByLabel("Option 1 visits").fill("26");
    await page.getByRole("button", { name: "Add line to option 1" }).click();
    await page.getByLabel("Option 1 line 1 description").fill("Mowing and edging");
    await page.getByLabel("Option 1 line 1 unit price").fill("45.00");
    const totals = page.getByLabel("Option 1 totals");
    await expect(totals).toContainText("Total a visit$45.00");
    await expect(totals).toContainText("26 visits$1,170.00");
    await page.getByRole("button", { name: "Save estimate" }).click();
    await expect(page.getByRole("button", { name: "Save estimate" })).toBeDisabled();
    await expectAccessible(page, "the estimate editor with a recurring option");

    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByLabel("Status: Sent")).toBeVisible();
    const link = await page.getByLabel("Review link").inputValue();

    // The customer sees what they approve: every week, 26 visits, at $45.00 each.
    await approveAsCustomer(browser, link, {
      title,
      option: "Weekly mowing",
      signer: "Sam Mower",
      sees: (customer) => expect(customer.getByText("Every week, 26 visits, $45.00 a visit")).toBeVisible(),
    });

    // The office converts it, giving the first visit, its length and arrival window.
    await expect(page.getByLabel("Status: Approved")).toBeVisible();
    await page.getByRole("button", { name: "Convert to job" }).click();
    const convert = page.getByRole("dialog", { name: "Convert to job?" });
    await expect(convert).toContainText("repeating every week, 26 visits from its first visit");
    // A week from the company's today (not the UTC date, which runs a day ahead in the evening in the Americas).
    const { timeZone } = (await (await api.get("/api/company")).json()) as { timeZone: string };
    const nextWeek = addDays(dayInTimeZone(new Date(), timeZone), 7);
    await convert.getByLabel(/^First visit/).fill(`${nextWeek}T09:00`);
    await convert.getByLabel("Visit length (minutes)").fill("45");
    await convert.getByLabel("Arrival window").selectOption({ label: "± 30 minutes" });
    await expectAccessible(page, "the dialog converting a recurring option");
    const horizon = Date.now() + VISIT_HORIZON_DAYS * 86_400_000;
    await convert.getByRole("button", { name: "Create job" }).click();

    await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
    await expect(page.getByText("Recurring: Every week, 26 visits")).toBeVisible();
    await expect(page.getByText(/Visits take 45 min, arriving within ± 30 min of their time\./)).toBeVisible();
    // The weeks within the rolling horizon are on the calendar now (seven or eight, by the hour the test runs), each
    // at 9:00; the rest follow as the weeks pass.
    const weeksWithin = Array.from({ length: 26 }, (_, week) =>
      zonedWallClockToUtc(Date.parse(`${addDays(nextWeek, 7 * week)}T09:00:00Z`), timeZone).getTime(),
    ).filter((start) => start <= horizon).length;
    const visits = page.getByRole("list", { name: "Visits" }).getByRole("listitem");
    await expect(visits).toHaveCount(weeksWithin);
    for (const visit of await visits.all()) {
      await expect(visit).toContainText("Scheduled");
      await expect(visit).toContainText("9:00");
      await expect(visit).toContainText("45 min");
    }
    await expect(page.getByRole("list", { name: "Line items" })).toContainText("Mowing and edging × 1$45.00");

    await page.goBack();
    await expect(page.getByLabel("Status: Converted")).toBeVisible();
  } finally {
    await api.delete(`/api/customers/${customerId}?confirm=true`);
    await api.dispose();
  }
});

test("the demo company's estimates filter by status, and its leads list prospects and their estimates", async ({
  page,
}) => {
  await openSignedIn(page, "member@demo.test", "/jobs/estimates");
  await page.getByLabel("Status").selectOption({ label: "Changes requested" });
  const rows = page.getByRole("table", { name: "Estimates" }).locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) await expect(row).toContainText("Changes requested");
  await page.getByLabel("Status").selectOption({ label: "Converted" });
  await expect(rows.first()).toContainText("Converted");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leads" }).click();
  await expect(page).toHaveURL("/jobs/leads");
  await expect(
    page.getByRole("row").filter({ hasText: "Harper Quinn" }).getByRole("button", { name: "Create estimate" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: /^Estimate #\d+$/ }).first()).toBeVisible();
  await expectAccessible(page, "the leads list");
});

test("the office makes a customer's portal link on their page; the customer sees their estimates to approve and opens one; revoking ends it", async ({
  page,
  browser,
}) => {
  await openSignedIn(page, "owner@demo.test", "/jobs/estimates");
  await page.getByLabel("Status").selectOption({ label: "Sent" });
  const row = page.getByRole("table", { name: "Estimates" }).locator("tbody tr").first();
  const customerName = ((await row.getByRole("cell").nth(2).textContent()) ?? "").trim();
  const estimateTitle = ((await row.getByRole("link").textContent()) ?? "").trim();
  await row.getByRole("link").click();
  await page.getByRole("link", { name: customerName }).click();
  await expect(page.getByRole("heading", { level: 1, name: customerName })).toBeVisible();
  await expect(page.getByRole("table", { name: "Estimates" })).toContainText(estimateTitle);

  await page.getByRole("button", { name: "Create link" }).click();
  const link = await page.getByLabel("Portal link").inputValue();
  expect(link).toMatch(/\/review\/portal\/[0-9a-f-]{36}#[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page, "a customer's page with their sales");

  const customerContext = await browser.newContext();
  try {
    const customer = await customerContext.newPage();
    await customer.goto(link);
    await expect(customer.getByRole("heading", { level: 1, name: `Hello, ${customerName}` })).toBeVisible();
    await expect(customer.getByRole("list", { name: "Estimates to approve" })).toContainText(estimateTitle);
    await expectAccessible(customer, "the customer portal");
    await customer
      .getByRole("list", { name: "Estimates to approve" })
      .getByRole("link", { name: new RegExp(estimateTitle) })
      .first()
      .click();
    await expect(customer.getByRole("heading", { level: 1, name: estimateTitle })).toBeVisible();

    await page.getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
    await expect(page.getByText("No live link.")).toBeVisible();
    await customer.goto(link);
    await customer.reload();
    await expect(customer.getByRole("heading", { level: 1, name: "This link cannot be opened" })).toBeVisible();
  } finally {
    await customerContext.close();
  }
});
