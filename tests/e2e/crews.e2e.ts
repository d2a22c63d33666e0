import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { openSignedIn } from "./sign-in-as.ts";

test("an owner creates a crew, adds a landscaper to it, sets its hours, sees it in the list, and deletes it", async ({
  page,
}) => {
  await openSignedIn(page, "owner@demo.test", "/crews");
  await expect(page.getByRole("heading", { level: 1, name: "Crews" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Crews" }).getByRole("link", { name: "Crew A" })).toBeVisible();

  await page.getByLabel("Crew name").fill("Night Crew");
  await page.getByRole("button", { name: "Create crew" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Night Crew" })).toBeVisible();
  await expect(page).toHaveURL(/\/crews\/[0-9a-f-]{36}$/);

  // The landscaping vertical calls crew members Landscapers.
  const members = page.getByRole("region", { name: "Landscapers" });
  await expect(members.getByText("No landscapers in this crew yet.")).toBeVisible();
  await members.getByLabel("Add to crew").selectOption({ label: "Miguel Member (member)" });
  await members.getByRole("button", { name: "Add", exact: true }).click();
  await expect(
    members.getByRole("list", { name: "Landscapers of Night Crew" }).getByText("Miguel Member", { exact: true }),
  ).toBeVisible();

  await page.getByRole("checkbox", { name: "Monday" }).check();
  await page.getByLabel("Monday start").fill("07:00");
  await page.getByLabel("Monday end").fill("15:00");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Crew saved").first()).toBeVisible();
  const load = page.getByRole("region", { name: "This week" });
  await expect(load.getByRole("cell", { name: "8h" })).toBeVisible();

  await page.getByRole("link", { name: "← All crews" }).click();
  const row = page.getByRole("list", { name: "Crews" }).getByRole("listitem").filter({ hasText: "Night Crew" });
  await expect(row.getByText("Miguel Member")).toBeVisible();

  await row.getByRole("link", { name: "Night Crew" }).click();
  await page.getByRole("button", { name: "Delete Night Crew" }).click();
  await page.getByRole("button", { name: "Yes, delete Night Crew" }).click();
  await expect(page).toHaveURL(/\/crews$/);
  await expect(page.getByRole("list", { name: "Crews" }).getByText("Night Crew")).toHaveCount(0);
});

test("the owner adds a team member, who can then join a crew; a member sees the team but cannot add to it", async ({
  browser,
}) => {
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, "owner@demo.test", "/crews");
  const team = page.getByRole("region", { name: "Team" });
  await expect(
    team
      .getByText("your plan has no limit", { exact: false })
      .or(team.getByText("team members your plan allows", { exact: false })),
  ).toBeVisible();
  await team.getByLabel("Name").fill("Pat Planter");
  await team.getByLabel("Email").fill("pat.planter@demo.test");
  await team.getByRole("button", { name: "Add team member" }).click();
  await expect(team.getByRole("list", { name: "Team members" }).getByText("Pat Planter")).toBeVisible();
  await page.getByRole("list", { name: "Crews" }).getByRole("link", { name: "Crew B" }).click();
  await expect(page.getByLabel("Add to crew").locator("option", { hasText: "Pat Planter (field user)" })).toHaveCount(
    1,
  );

  const member = await (await browser.newContext()).newPage();
  await openSignedIn(member, "member@demo.test", "/crews");
  await expect(member.getByRole("region", { name: "Team" }).getByText("Pat Planter")).toBeVisible();
  await expect(member.getByRole("button", { name: "Add team member" })).toHaveCount(0);
});

test("a crew that does not exist shows an accessible not-found state", async ({ page }) => {
  await openSignedIn(page, "tech@demo.test", "/crews/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { level: 1, name: "Crew not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to crews" })).toBeVisible();
});

test("a real crew's page, as an owner and a field user, in both themes, has no accessibility violations", async ({
  browser,
}) => {
  for (const email of ["owner@demo.test", "tech@demo.test"]) {
    const context = await browser.newContext({ colorScheme: "light" });
    await context.addInitScript(`document.addEventListener("DOMContentLoaded", () => {
      const style = document.createElement("style");
      style.textContent = "*, *::before, *::after { transition: none !important; animation: none !important; }";
      document.head.append(style);
    });`);
    const page = await context.newPage();
    await openSignedIn(page, email, "/crews");
    await page.getByRole("list", { name: "Crews" }).getByRole("link", { name: "Crew A" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Crew A" })).toBeVisible();
    await expect(page.locator('[data-slot="skeleton"], [role="status"][aria-label^="Loading"]')).toHaveCount(0);
    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      const results = await new AxeBuilder({ page })
        .options({ resultTypes: ["violations"] })
        .setLegacyMode()
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
        .analyze();
      expect(
        results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
        `${email}, ${theme}`,
      ).toEqual([]);
    }
    await context.close();
  }
});
