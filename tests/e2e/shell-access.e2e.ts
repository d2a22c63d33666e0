import { expect, test } from "@playwright/test";
import { openSignedIn, signInAs } from "./sign-in-as.ts";

test("collapsed to icons, the sidebar's icons take their own clicks and show their tooltips", async ({ page }) => {
  await signInAs(page, "member@demo.test");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  const sidebar = page.getByRole("complementary", { name: "Sidebar" });
  await page.getByRole("button", { name: "Toggle Sidebar" }).first().click();
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");

  // The hidden group labels (IQ, Platform) sit over the icons above them; they must not take the pointer.
  await sidebar.getByRole("link", { name: "Reports" }).hover();
  await expect(page.getByRole("tooltip", { name: "Reports" })).toBeVisible();
  await sidebar.getByRole("link", { name: "Reports" }).click();
  await expect(page).toHaveURL("/reports");
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();

  await sidebar.getByRole("button", { name: "Scheduling" }).click();
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  await expect(sidebar.getByRole("link", { name: "Jobs" })).toBeVisible();
});

test("the logo links to /industries, on the sign-in screen and in the sidebar", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "FieldOps" }).click();
  await expect(page).toHaveURL("/industries");

  await openSignedIn(page, "member@demo.test");
  await page.getByRole("complementary", { name: "Sidebar" }).getByRole("link", { name: "FieldOps" }).click();
  await expect(page).toHaveURL("/industries");
});

test("the platform admin, who belongs to no company, is never asked for company data", async ({ page }) => {
  const companyReads: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path === "/api/company" || path === "/api/activity") companyReads.push(path);
  });
  await openSignedIn(page, "admin@demo.test");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();

  await page.goto("/reports");
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL("/admin-dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();

  await expect(page.getByRole("alert")).toHaveCount(0);
  expect(companyReads).toEqual([]);
});

test("the admin portal's pages are the platform admin's: a member sees that they are not authorized", async ({
  browser,
}) => {
  const member = await (await browser.newContext()).newPage();
  await openSignedIn(member, "member@demo.test");
  for (const path of ["/admin/tenants", "/admin/saas-factory/pricing", "/instance-admin/some-company"]) {
    await member.goto(path);
    await expect(member.getByRole("heading", { level: 1, name: "Not authorized" })).toBeVisible();
  }
  await member.getByRole("link", { name: "Back to dashboard" }).click();
  await expect(member).toHaveURL("/userdash");

  const admin = await (await browser.newContext()).newPage();
  await openSignedIn(admin, "admin@demo.test");
  await admin.goto("/admin/tenants");
  await expect(admin.getByRole("heading", { level: 1, name: "Tenants" })).toBeVisible();
});
