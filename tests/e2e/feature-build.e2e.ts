import { expect, test, type Page } from "@playwright/test";
import { BUILD_ACCEPTED_EVENT } from "@fieldops/shared/builds";
import { MESSAGE_BOX_LABEL } from "@fieldops/shared/chat";
import { customerListResponseSchema } from "@fieldops/shared/customers";
import { ownerApi } from "./owner-api.ts";
import { openSignedIn } from "./sign-in-as.ts";

const REQUEST =
  "I need to track equipment at each customer: make, model, serial number, install date, and see it on the customer page";

async function ask(page: Page, text: string): Promise<void> {
  const box = page.getByRole("textbox", { name: MESSAGE_BOX_LABEL });
  await box.fill(text);
  await box.press("Enter");
}

test("an owner asks for the equipment feature, accepts the quote, tries it in preview, promotes it, and a member has it", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const api = await ownerApi(playwright, baseURL!);
  const customer = customerListResponseSchema.parse(await (await api.get("/api/customers?limit=3")).json()).items[2]!;
  await api.dispose();
  const make = `Carrier ${Date.now().toString(36)}`;

  await openSignedIn(page, "owner@demo.test");
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
  await page.evaluate((name) => {
    window.addEventListener(name, (event) => {
      (window as unknown as { accepted: unknown }).accepted = (event as CustomEvent).detail;
    });
  }, BUILD_ACCEPTED_EVENT);

  await ask(page, REQUEST);
  const quote = page.getByRole("dialog", { name: "Feature Build Quote" });
  await expect(quote).toBeVisible({ timeout: 60_000 });
  await expect(quote.getByText("Equipment Tracking")).toBeVisible();
  await expect(quote.getByText("1 data model", { exact: true })).toBeVisible();
  await expect(quote.getByText("5 API routes", { exact: true })).toBeVisible();
  await expect(quote.getByText("GET /api/custom/equipment", { exact: true })).toBeVisible();
  await expect(quote.getByText("$354.00")).toBeVisible();
  await expect(quote.getByText("18 minutes")).toBeVisible();
  await expect(quote.getByText("medium", { exact: true })).toBeVisible();
  for (const step of ["Generate code", "Run tests and CI", "Deploy to preview", "Merge to production"])
    await expect(quote.getByText(step, { exact: true })).toBeVisible();
  await expect(
    quote.getByText(
      /authorize generating and deploying code, creating migrations, configuring integrations, and billing the quoted amount/,
    ),
  ).toBeVisible();
  await quote.getByRole("button", { name: "Accept & Build" }).click();

  await expect(page.getByText("Build Queued!", { exact: true })).toBeVisible();
  await expect(page.getByText("Estimated time: 18 minutes", { exact: true })).toBeVisible();
  await expect(quote).toBeHidden();
  const accepted = (await page.evaluate(() => (window as unknown as { accepted: unknown }).accepted)) as {
    buildId: string;
    sessionId: string;
    spec: { featureName: string };
    quote: { priceUsd: number };
  };
  expect(accepted.buildId).toMatch(/^[0-9a-f-]{36}$/);
  expect(accepted.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  expect(accepted.spec.featureName).toBe("Equipment Tracking");
  expect(accepted.quote.priceUsd).toBe(354);

  await page.goto("/settings/builds");
  const card = page.getByRole("region", { name: "Build Equipment Tracking" }).first();
  await expect(card.getByTestId("build-status")).toHaveText("In preview", { timeout: 90_000 });
  for (const stage of ["Generate code", "Run tests and CI", "Deploy to preview"])
    await expect(card.getByRole("listitem", { name: `${stage}: passed` })).toBeVisible();
  await expect(card.getByRole("listitem", { name: "Merge to production: pending" })).toBeVisible();
  await expect(page.getByText("Beta Mode", { exact: true })).toBeVisible();

  await page.goto(`/customers/${customer.id}`);
  const section = page.getByRole("region", { name: "Equipment" });
  await section.getByRole("button", { name: "Add" }).click();
  const form = page.getByRole("dialog", { name: "New equipment" });
  await form.getByLabel("Make *").fill(make);
  await form.getByLabel("Serial Number").fill("SN-1001");
  await form.getByLabel("Install Date").fill("2025-03-14");
  await form.getByRole("button", { name: "Add equipment" }).click();
  await expect(form).toBeHidden();
  await expect(section.getByRole("link", { name: make })).toBeVisible();

  await page.goto("/settings/builds");
  await card.getByRole("button", { name: "Merge to production" }).click();
  await page
    .getByRole("dialog", { name: "Merge to production?" })
    .getByRole("button", { name: "Merge to production" })
    .click();
  await expect(card.getByTestId("build-status")).toHaveText("In production", { timeout: 90_000 });
  await expect(card.getByRole("listitem", { name: "Merge to production: passed" })).toBeVisible();

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await openSignedIn(member, "member@demo.test", `/customers/${customer.id}`);
  await expect(member.getByRole("region", { name: "Equipment" }).getByRole("link", { name: make })).toBeVisible();
  await expect(member.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Equipment" })).toBeVisible();
  await memberContext.close();
});
