import { expect, test } from "@playwright/test";
import { openSignedIn } from "./sign-in-as.ts";

/**
 * A tenant's pages on the demo data: Green Valley Lawn Care (green-valley, lawn care, Pro, the common features:
 * no leads, no estimator) and Acme Plumbing (acme-plumbing, with leads and the estimator).
 */

const sidebar = (page: import("@playwright/test").Page) => page.getByRole("navigation", { name: "Main" });

test("an owner's tenant URL goes to the tenant's home, in its sidebar, brand colour and features", async ({ page }) => {
  await openSignedIn(page, "owner@demo.test", "/lawn-care/green-valley");
  await expect(page).toHaveURL(/\/lawn-care\/green-valley\/home$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const header = page.getByTestId("tenant-sidebar-header");
  await expect(header.getByTestId("tenant-name")).toHaveText("Green Valley Lawn Care");
  await expect(header.getByTestId("tenant-initial")).toHaveText("G");
  await expect(header).toContainText("lawn-care · Pro plan");
  await expect(header.getByText("Beta Mode")).toHaveCount(0);

  for (const label of ["Overview", "Sales & Operations", "Business", "Support & Settings"]) {
    await expect(sidebar(page).getByRole("group", { name: label })).toBeVisible();
  }
  // An owner is not an administrator of the platform, and Green Valley has neither leads nor the estimator.
  await expect(sidebar(page).getByRole("group", { name: "Administration" })).toHaveCount(0);
  await expect(sidebar(page).getByRole("link", { name: "Leads" })).toHaveCount(0);
  await expect(sidebar(page).getByRole("link", { name: "Estimator" })).toHaveCount(0);

  const brand = await page
    .locator('[data-slot="sidebar-wrapper"]')
    .evaluate((element) => getComputedStyle(element).getPropertyValue("--tenant-primary").trim());
  expect(brand).toBe("#16a34a");

  await sidebar(page).getByRole("link", { name: "Customers" }).click();
  await expect(page).toHaveURL(/\/lawn-care\/green-valley\/customers$/);
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  await expect(sidebar(page).getByRole("link", { name: "Customers" })).toHaveAttribute("aria-current", "page");
});

test("a tenant with leads shows them, and its leads page is the app's leads screen", async ({ page }) => {
  await openSignedIn(page, "owner@acme-plumbing.test", "/acme-plumbing/home");
  await expect(page.getByTestId("tenant-name")).toHaveText("Acme Plumbing");
  await sidebar(page).getByRole("link", { name: "Leads" }).click();
  await expect(page).toHaveURL(/\/acme-plumbing\/leads$/);
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
});

test("another company's user and a visitor are shown the tenant's login, in the tenant's brand", async ({ page }) => {
  await page.goto("/green-valley/jobs");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to Green Valley Lawn Care" })).toBeVisible();
  await expect(page.getByTestId("tenant-brand")).toHaveText(/Green Valley Lawn Care/);

  await openSignedIn(page, "owner@acme-plumbing.test", "/green-valley/jobs");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to Green Valley Lawn Care" })).toBeVisible();
  await expect(page.getByTestId("tenant-sidebar-header")).toHaveCount(0);
});

test("an unknown tenant is not found, with the way back to the admin dashboard", async ({ page }) => {
  await page.goto(`/no-such-tenant-${Date.now()}/home`);
  await expect(page.getByRole("heading", { level: 1, name: "Tenant not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Admin Dashboard" })).toHaveAttribute("href", "/admin-dashboard");
});

test("an industry alone is its page, and the legacy /t/ path moves to /turf/", async ({ page }) => {
  await page.goto("/hvac");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/HVAC/i);

  await openSignedIn(page, "owner@demo.test", "/t/green-valley/customers");
  await expect(page).toHaveURL(/\/turf\/green-valley\/customers$/);
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  await expect(page.getByTestId("tenant-name")).toHaveText("Green Valley Lawn Care");
});
