import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { AUTH_TOKEN_STORAGE_KEY } from "@fieldops/shared/auth";
import { ASSISTANT_ABILITIES, MESSAGE_BOX_LABEL } from "@fieldops/shared/chat";
import { TRIAL_ENDED_MESSAGE } from "@fieldops/shared/plans";
import { openSignedIn, signInAs } from "./sign-in-as.ts";

async function expectAccessible(page: Page, where: string): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21aa", "best-practice"])
      .setLegacyMode()
      .analyze();
    expect(
      results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
      ),
      `${where}, ${scheme}`,
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** Creates a company through the sign-up form, with a name unique to this run; answers its owner's e-mail. */
async function createAccount(page: Page, company: string): Promise<string> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `owner-${tag}@plans.example`;
  await page.getByLabel("Company name").fill(`${company} ${tag}`);
  await page.getByLabel("Your name").fill("Riley Owner");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("a-long-password");
  await page.getByRole("button", { name: "Create Account" }).click();
  // A new company's first stop is its setup: the company profile, then nobody to invite yet.
  await expect(page).toHaveURL("/onboarding");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Step 2 of 2")).toBeVisible();
  await page.getByRole("button", { name: "Complete Setup" }).click();
  await expect(page).not.toHaveURL(/\/onboarding$/);
  return email;
}

test("a visitor chooses Growth on the pricing page, starts its free trial at sign-in and lands in the app on Growth", async ({
  page,
}) => {
  await page.goto("/");
  await expect(
    page.getByRole("heading", { level: 1, name: "Run your whole field-service business from one place" }),
  ).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL("/pricing");

  const growth = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Growth", exact: true }) });
  await expect(growth.getByText("$129")).toBeVisible();
  await growth.getByRole("button", { name: "Choose Growth" }).click();

  await expect(page).toHaveURL("/login");
  const banner = page.getByRole("note", { name: "Selected plan" });
  await expect(banner.getByText("Growth Plan Selected", { exact: true })).toBeVisible();
  await expect(banner.getByText("7-Day Free Trial", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Start Growth Plan Free Trial" })).toBeVisible();

  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL("/signup");
  await expect(page.getByText("Growth Plan Selected", { exact: true })).toBeVisible();
  await createAccount(page, "Evergreen Landscapes");

  // The trial's end is shown above every screen of the app.
  const trial = page.getByRole("status", { name: "Free trial" });
  await expect(trial).toContainText("Growth plan free trial");
  await expect(trial.locator("time")).toBeVisible();

  await page.goto("/plans");
  await expect(page.getByRole("heading", { level: 1, name: "Plans" })).toBeVisible();
  await expect(page.getByText("Your plan: Growth")).toBeVisible();
  await expect(page.getByText("Your free trial ends")).toBeVisible();
  const current = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Growth", exact: true }) });
  await expect(current).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("meter", { name: "Team members" })).toHaveAttribute("aria-valuenow", "1");

  // Choosing the plan (confirmed) ends the trial on it.
  await current.getByRole("button", { name: "Choose Growth" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose the Growth plan?" });
  await expect(dialog.getByText("There is no billing yet", { exact: false })).toBeVisible();
  await dialog.getByRole("button", { name: "Choose Growth" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Your free trial ends")).toHaveCount(0);
  await expect(page.getByRole("status", { name: "Free trial" })).toHaveCount(0);
  await expect(current.getByText("Your current plan")).toBeVisible();
});

test("a Starter company is refused a Growth feature with Plan Upgrade Required, until it upgrades", async ({
  page,
}) => {
  await page.goto("/signup");
  await createAccount(page, "Starter Pest Control");

  await page.goto("/settings/integrations");
  const quickbooks = page.getByRole("region", { name: "QuickBooks Online" });
  const upgrade = quickbooks.getByRole("note", { name: "Plan Upgrade Required" });
  await expect(upgrade.getByText("Plan Upgrade Required", { exact: true })).toBeVisible();
  await expect(upgrade.getByText("This feature requires a plan upgrade", { exact: true })).toBeVisible();
  await expect(upgrade.getByText("QuickBooks Online requires the Growth plan or higher.")).toBeVisible();
  await expect(quickbooks.getByRole("button", { name: "Connect QuickBooks Online" })).toBeDisabled();
  await expectAccessible(page, "integrations refused by the plan");

  await upgrade.getByRole("link", { name: "See plans" }).click();
  await expect(page).toHaveURL("/plans");
  const growth = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Growth", exact: true }) });
  await growth.getByRole("button", { name: "Upgrade to Growth" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm Growth" }).click();
  await expect(page.getByText("Your plan: Growth")).toBeVisible();

  await page.goto("/settings/integrations");
  await expect(
    page.getByRole("region", { name: "QuickBooks Online" }).getByRole("button", { name: "Connect QuickBooks Online" }),
  ).toBeEnabled();
  await expect(page.getByRole("note", { name: "Plan Upgrade Required" })).toHaveCount(0);
});

test("the industries page lists every industry, each with its own page; an unknown one is not found", async ({
  page,
}) => {
  await page.goto("/industries");
  const list = page.getByRole("list", { name: "Industries" });
  await expect(list.getByRole("link")).toHaveCount(21);
  await list.getByRole("link", { name: /^Plumbing/ }).click();
  await expect(page).toHaveURL("/industries/plumbing");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Plumbing software");
  // The plumbing vertical's words: service calls and plumbers.
  await expect(page.getByRole("heading", { name: "Service Calls that schedule themselves" })).toBeVisible();

  await page.goto("/hvac");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("HVAC software");
  await page.goto("/industries/not-a-trade");
  await expect(page.getByText("Page not found")).toBeVisible();
});

test("a company whose trial ended unchosen reads its data, is refused changes, and is shown why", async ({ page }) => {
  await signInAs(page, "owner@bright-spark.test");
  await expect(page).toHaveURL("/admin-dashboard");
  const banner = page.getByRole("alert").filter({ hasText: "Your data is kept and you can still view it." });
  await expect(banner.getByText(TRIAL_ENDED_MESSAGE)).toBeVisible();

  await page.goto("/crews");
  await expect(page.getByRole("list", { name: "Crews" }).getByRole("link", { name: "Truck 1" })).toBeVisible();
  await page.getByLabel("Crew name").fill("Truck 2");
  await page.getByRole("button", { name: "Create crew" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: TRIAL_ENDED_MESSAGE }).filter({ hasNotText: "Your data is kept" }),
  ).toBeVisible();
  await expect(page.getByRole("list", { name: "Crews" }).getByRole("link", { name: "Truck 2" })).toHaveCount(0);

  await banner.getByRole("link", { name: "Choose a plan" }).click();
  await expect(page).toHaveURL("/plans");
  await expect(page.getByText("Trial ended", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Choose Starter" })).toBeVisible();
  await expectAccessible(page, "plans after the trial ended");
});

test("a Growth company sees what the assistant does and Plan Upgrade Required in its panel, with no message box", async ({
  page,
}) => {
  await openSignedIn(page, "owner@acme-plumbing.test", "/customers");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("button", { name: /^Assistant/ }).click();

  const panel = page.getByRole("complementary", { name: "Assistant panel" });
  const upgrade = panel.getByRole("note", { name: "Plan Upgrade Required" });
  await expect(upgrade.getByText("Plan Upgrade Required", { exact: true })).toBeVisible();
  await expect(upgrade.getByText("This feature requires a plan upgrade", { exact: true })).toBeVisible();
  await expect(upgrade.getByText("AI chat requires the Pro plan or higher.")).toBeVisible();
  await expect(panel.getByRole("list", { name: "What the assistant does" }).getByRole("listitem")).toHaveCount(
    ASSISTANT_ABILITIES.length,
  );
  await expect(page.getByRole("textbox", { name: MESSAGE_BOX_LABEL })).toHaveCount(0);
  await expectAccessible(page, "the assistant panel refused by the plan");

  // The server refuses the assistant's own calls just as well.
  const suggestions = await page.request.get("/api/assistant/suggestions", {
    headers: {
      authorization: `Bearer ${await page.evaluate((key) => localStorage.getItem(key), AUTH_TOKEN_STORAGE_KEY)}`,
    },
  });
  expect(suggestions.status()).toBe(403);

  await upgrade.getByRole("link", { name: "See the Pro plan" }).click();
  await expect(page).toHaveURL("/plans");
  await expect(page.getByText("Your plan: Growth")).toBeVisible();
});
