import { expect, test, type Page } from "@playwright/test";
import { telemetryEndpoints } from "@fieldops/shared/telemetry";
import { openSignedIn } from "./sign-in-as.ts";

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** The performance report the page sends on leaving a route, once the server has stored it. */
const reportStored = (page: Page) =>
  page.waitForResponse(
    (response) => new URL(response.url()).pathname === telemetryEndpoints.performance.path && response.ok(),
  );

test("web vitals measured in the browser arrive after navigating, and the platform admin sees them by route and tenant", async ({
  page,
  browser,
}) => {
  await openSignedIn(page, "owner@demo.test");

  // A page load measures TTFB and LCP; moving to another route sends them under the route left.
  await page.goto("/jobs");
  await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
  await page.waitForLoadState("load");
  // On a busy machine the report may reach the server after the admin's page has read the figures: waited for here.
  let stored = reportStored(page);
  await sidebar(page).getByRole("link", { name: "Crews" }).click();
  await expect(page).toHaveURL(/\/crews$/);
  await stored;

  // The same in a tenant's pages, under the tenant.
  await page.goto("/lawn-care/green-valley/home");
  await expect(page.getByTestId("tenant-name")).toHaveText("Green Valley Lawn Care");
  await page.waitForLoadState("load");
  stored = reportStored(page);
  await sidebar(page).getByRole("link", { name: "Customers" }).click();
  await expect(page).toHaveURL(/\/lawn-care\/green-valley\/customers$/);
  await stored;
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();

  const admin = await browser.newPage();
  await openSignedIn(admin, "admin@demo.test");
  await admin.goto("/admin/resources");
  const byRoute = admin.getByRole("region", { name: "Web vitals by route" });
  await expect(byRoute.getByRole("row", { name: /^\/jobs \d+/ })).toBeVisible();
  await expect(byRoute.getByTestId("vitals-chart-route")).toBeVisible();
  const byTenant = admin.getByRole("region", { name: "Web vitals by tenant" });
  await expect(byTenant.getByRole("row", { name: /^green-valley \d+/ })).toBeVisible();
  // The row's TTFB cell holds a measured value, in milliseconds.
  await expect(
    byTenant
      .getByRole("row", { name: /^green-valley / })
      .getByRole("cell")
      .nth(2),
  ).toHaveText(/^\d+ ms$/);

  const activity = admin.getByRole("region", { name: "Tenant activity" });
  const greenValley = activity.getByRole("row", { name: /^green-valley / });
  await expect(greenValley.getByRole("cell").nth(1)).not.toHaveText("0");
  await expect(greenValley.getByRole("cell").nth(2)).not.toHaveText("0");

  // A company's owner may not read the platform's telemetry.
  const refused = await page.request.get("/api/admin/telemetry/vitals");
  expect(refused.status()).toBe(403);
  await admin.close();
});

test("a demo company's owner switches its tier, and the tenant's sidebar follows", async ({ page }) => {
  await openSignedIn(page, "owner@demo.test", "/lawn-care/green-valley/settings");
  const header = page.getByTestId("tenant-sidebar-header");
  await expect(header).toContainText("Pro plan");
  for (const link of ["Billing", "Payments", "Reports", "Chat Assistant"]) {
    await expect(sidebar(page).getByRole("link", { name: link })).toBeVisible();
  }

  const card = page.getByRole("region", { name: /Demo tier/ });
  await card.getByLabel("Tier").selectOption("starter");
  await expect(page.getByText("Demo Tier Updated", { exact: true })).toBeVisible();
  await expect(header).toContainText("Starter plan");
  for (const link of ["Billing", "Payments", "Reports", "Chat Assistant"]) {
    await expect(sidebar(page).getByRole("link", { name: link })).toHaveCount(0);
  }
  await expect(sidebar(page).getByRole("link", { name: "Jobs" })).toBeVisible();
  await expect(card.getByLabel("Tier")).toHaveValue("starter");

  // Back to Pro, as the demo was.
  await card.getByLabel("Tier").selectOption("pro");
  await expect(header).toContainText("Pro plan");
  await expect(sidebar(page).getByRole("link", { name: "Chat Assistant" })).toBeVisible();
});

test("a member of the demo company sees no tier switcher, and the server refuses the switch", async ({ page }) => {
  await openSignedIn(page, "member@demo.test", "/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Theme" })).toBeVisible();
  await expect(page.getByRole("region", { name: /Demo tier/ })).toHaveCount(0);
  const refused = await page.request.post("/api/demo/tier", { data: { tier: "suite" } });
  expect(refused.status()).toBe(403);
});
