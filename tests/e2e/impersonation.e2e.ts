import { expect, test, type Page, type Request } from "@playwright/test";
import { openSignedIn } from "./sign-in-as.ts";

/** The demo world's platform admin opens Green Valley Lawn Care, which they do not belong to. */

const telemetry = (event: string) => (request: Request) =>
  new URL(request.url()).pathname === "/api/telemetry/track" &&
  request.method() === "POST" &&
  (request.postDataJSON() as { event?: string }).event === event;

async function openGreenValleyAsAdmin(page: Page) {
  await openSignedIn(page, "admin@demo.test");
  const started = page.waitForRequest(telemetry("admin_impersonate_started"));
  await page.goto("/green-valley");
  await expect(page).toHaveURL(/\/green-valley\/home$/);
  await started;
  const mode = page.getByRole("region", { name: "Impersonation mode" });
  await expect(mode.getByText("IMPERSONATION MODE")).toBeVisible();
  return mode;
}

test("a platform admin opens a tenant in impersonation mode, acts in it, ends it and lands on the admin dashboard; the owner reads what was done", async ({
  page,
  browser,
}) => {
  const mode = await openGreenValleyAsAdmin(page);
  await expect(mode.getByTestId("impersonated-company")).toHaveText("Green Valley Lawn Care");
  await expect(mode.getByTestId("impersonation-elapsed")).toHaveText("just now");
  const tenantBanner = page.getByRole("region", { name: "Admin impersonation" });
  await expect(tenantBanner.getByText("ADMIN IMPERSONATION")).toBeVisible();
  await expect(tenantBanner.getByRole("button", { name: "Admin Dashboard" })).toBeVisible();
  await expect(tenantBanner.getByRole("button", { name: "Exit Impersonation" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("group", { name: "Administration" }),
  ).toBeVisible();
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem("auth_token"),
    original: localStorage.getItem("original_auth_token"),
    impersonation: localStorage.getItem("impersonation_token"),
  }));
  expect(stored.token).toBe(stored.impersonation);
  expect(stored.original).not.toBe(stored.token);

  const crewName = `Support Crew ${Date.now()}`;
  await page.goto("/green-valley/crews");
  await page.getByLabel("Crew name").fill(crewName);
  await page.getByRole("button", { name: "Create crew" }).click();
  await expect(page.getByRole("heading", { level: 1, name: crewName })).toBeVisible();

  const ended = page.waitForRequest(telemetry("admin_impersonate_ended"));
  await page
    .getByRole("region", { name: "Impersonation mode" })
    .getByRole("button", { name: "End Impersonation" })
    .click();
  await ended;
  await expect(page).toHaveURL("/admin-dashboard");
  await expect(page.getByRole("region", { name: "Impersonation mode" })).toHaveCount(0);
  expect(
    await page.evaluate(() => [
      localStorage.getItem("auth_token"),
      localStorage.getItem("original_auth_token"),
      localStorage.getItem("impersonation_token"),
    ]),
  ).toEqual([stored.original, null, null]);

  const owner = await (await browser.newContext()).newPage();
  await openSignedIn(owner, "owner@demo.test");
  await owner.goto("/security");
  const audit = owner.getByRole("region", { name: "Audit log" });
  const byAdmin = "by Platform Admin (admin@demo.test) while impersonating";
  const created = audit.getByRole("row").filter({ hasText: `POST /api/crews (201) ${byAdmin}` });
  await expect(created).toBeVisible();
  await expect(created.getByRole("cell", { name: "Platform Admin (admin@demo.test)", exact: true })).toBeVisible();
  await expect(audit.getByRole("row").filter({ hasText: `Impersonation ended ${byAdmin}` })).toBeVisible();
  // Every request made while impersonating is in the log, so the start may be a page or more further back.
  const started = audit.getByRole("row").filter({ hasText: `Impersonation started ${byAdmin}` });
  const newestShown = audit.getByRole("row").nth(1);
  for (let olderPages = 0; olderPages < 10 && (await started.count()) === 0; olderPages++) {
    const before = await newestShown.innerText();
    await audit.getByRole("button", { name: "Older" }).click();
    await expect(newestShown).not.toHaveText(before);
  }
  await expect(started.first()).toBeVisible();
});

test("the tenant banner's Exit Impersonation ends it and leads to the company's instance page", async ({ page }) => {
  await openGreenValleyAsAdmin(page);
  const tenantBanner = page.getByRole("region", { name: "Admin impersonation" });
  await tenantBanner.getByRole("button", { name: "Exit Impersonation" }).click();
  await expect(page).toHaveURL(/\/instance-admin\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("region", { name: "Impersonation mode" })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("impersonation_token"))).toBeNull();
});

test("the tenant banner's Admin Dashboard ends it and leads to the admin dashboard", async ({ page }) => {
  await openGreenValleyAsAdmin(page);
  await page
    .getByRole("region", { name: "Admin impersonation" })
    .getByRole("button", { name: "Admin Dashboard" })
    .click();
  await expect(page).toHaveURL("/admin-dashboard");
  await expect(page.getByRole("region", { name: "Impersonation mode" })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("impersonation_token"))).toBeNull();
});

test("an impersonation ended elsewhere is noticed by the next check, which leads back to the admin dashboard", async ({
  page,
}) => {
  await openGreenValleyAsAdmin(page);
  const token = await page.evaluate(() => localStorage.getItem("impersonation_token"));
  expect(token).not.toBeNull();
  const response = await page.request.post("/api/admin/instances/end-impersonation", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await response.json()).toEqual({ redirectUrl: "/admin-dashboard" });
  await expect(page).toHaveURL("/admin-dashboard");
  await expect(page.getByRole("region", { name: "Impersonation mode" })).toHaveCount(0);
});

test("a member cannot start an impersonation of another company", async ({ page }) => {
  await openSignedIn(page, "member@demo.test");
  await page.goto("/acme-plumbing/home");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to Acme Plumbing" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Impersonation mode" })).toHaveCount(0);
});

test("opening another tenant while impersonating one ends the first impersonation and starts the second", async ({
  page,
}) => {
  await openGreenValleyAsAdmin(page);
  const first = await page.evaluate(() => localStorage.getItem("impersonation_token"));
  await page.goto("/acme-plumbing/home");
  const mode = page.getByRole("region", { name: "Impersonation mode" });
  await expect(mode.getByTestId("impersonated-company")).toHaveText("Acme Plumbing");
  await expect(page.getByTestId("tenant-name")).toHaveText("Acme Plumbing");
  const second = await page.evaluate(() => localStorage.getItem("impersonation_token"));
  expect(second).not.toBe(first);
  expect((await page.request.get("/api/user", { headers: { authorization: `Bearer ${first}` } })).status()).toBe(401);

  await mode.getByRole("button", { name: "End Impersonation" }).click();
  await expect(page).toHaveURL("/admin-dashboard");
  await expect(page.getByRole("region", { name: "Impersonation mode" })).toHaveCount(0);
});
