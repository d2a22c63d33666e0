import { expect, test, type Browser, type Page } from "@playwright/test";
import { signInAs } from "./sign-in-as.ts";

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, email);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  return page;
}

test("the owner's dashboard shows a teammate's sign-in as it happens, and the other company sees nothing of it", async ({
  browser,
}) => {
  const owner = await signedInPage(browser, "owner@demo.test");
  const acme = await signedInPage(browser, "owner@acme-plumbing.test");
  await expect(owner.getByText("Live", { exact: true })).toBeVisible();
  await expect(acme.getByText("Live", { exact: true })).toBeVisible();

  // Other tests sign the member in too: this sign-in is the entry whose time was not in the feed before.
  const signInTimes = (page: Page) =>
    page
      .getByRole("list", { name: "Recent activity" })
      .getByRole("listitem")
      .filter({ hasText: "Miguel Member signed in" })
      .locator("time")
      .evaluateAll((times) => times.map((time) => time.getAttribute("datetime")));
  const before = new Set(await signInTimes(owner));

  const member = await signedInPage(browser, "member@demo.test");
  await expect.poll(async () => (await signInTimes(owner)).filter((time) => !before.has(time))).toHaveLength(1);
  await expect(
    member.getByRole("list", { name: "Recent activity" }).getByText("Miguel Member signed in").first(),
  ).toBeVisible();
  await expect(acme.getByRole("list", { name: "Recent activity" }).getByText("Miguel Member signed in")).toHaveCount(0);
});

test("the sidebar has the spec's groups and links, and the Scheduling group starts open", async ({ browser }) => {
  const page = await signedInPage(browser, "member@demo.test");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of ["Dashboard", "Jobs", "Crews", "Payments", "Reports", "Settings", "Support"]) {
    await expect(nav.getByRole("link", { name })).toBeVisible();
  }
  await nav.getByRole("link", { name: "Crews" }).click();
  await expect(page).toHaveURL("/crews");
  await expect(page.getByRole("heading", { name: "Crews" })).toBeVisible();
});

test("the theme toggle switches to dark and the choice survives a reload", async ({ browser }) => {
  const page = await signedInPage(browser, "member@demo.test");
  const html = page.locator("html");
  const toDark = page.getByRole("button", { name: "Switch to dark theme" });
  if (await toDark.isVisible()) await toDark.click();
  await expect(html).toHaveClass(/dark/);
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(html).not.toHaveClass(/dark/);
});

test("an unknown path shows the not-found page", async ({ browser }) => {
  const page = await signedInPage(browser, "member@demo.test");
  await page.goto("/no-such-page/at-all");
  await expect(page.getByRole("heading", { name: /not found|404/i })).toBeVisible();
});

test("Create Account makes a new company and signs its owner in", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL("/signup");
  const tag = Date.now().toString(36);
  await page.getByLabel("Company name").fill(`Sunrise Roofing ${tag}`);
  await page.getByLabel("Your name").fill("Sam Sunrise");
  await page.getByLabel("Email").fill(`sam-${tag}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill("a-long-password");
  await page.getByRole("button", { name: "Create Account" }).click();
  // A new company is set up first (tests/e2e/company.e2e.ts follows the setup through).
  await expect(page).toHaveURL("/onboarding");
  await expect(page.getByLabel("Company Name")).toHaveValue(`Sunrise Roofing ${tag}`);
});
