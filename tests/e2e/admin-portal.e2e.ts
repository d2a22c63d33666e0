import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { COMPANY_SUSPENDED_MESSAGE } from "@fieldops/shared/admin";
import { SLUG_MESSAGES } from "@fieldops/shared/tenant-routes";
import { workerDatabaseOwnerUrl } from "./e2e-servers.ts";
import { openSignedIn, signInAs } from "./sign-in-as.ts";

/** The invitation link the notifications worker wrote to `email`'s message: the owner's inbox, here. */
async function invitationLinkFor(email: string): Promise<string> {
  const client = new pg.Client({ connectionString: workerDatabaseOwnerUrl() });
  await client.connect();
  try {
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          const { rows } = await client.query<{ body: string }>(
            `SELECT body FROM outbox_messages WHERE recipient = $1 ORDER BY "createdAt" DESC LIMIT 1`,
            [email],
          );
          link = /(\/signup#invite=[A-Za-z0-9_-]+)/.exec(rows[0]?.body ?? "")?.[1];
          return link;
        },
        { timeout: 30_000 },
      )
      .toBeTruthy();
    return link!;
  } finally {
    await client.end();
  }
}

async function expectSignedOut(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/login$/);
}

test("the platform admin runs tenants from the admin portal: creates one, changes its plan, suspends it (its owner is refused) and restores it", async ({
  page,
  browser,
}) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const companyName = `Harbor Roofing ${tag}`;
  const ownerEmail = `owner-${tag}@harbor.example`;

  await openSignedIn(page, "admin@demo.test");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  const portalMenu = page.getByRole("group", { name: "Admin Portal" });
  await expect(portalMenu.getByRole("link")).toHaveText([
    "Admin Dashboard",
    "SaaS Factory Pricing",
    "Resources",
    "Build Monitor",
  ]);
  const tenants = page.getByRole("table", { name: "Tenants" });
  await expect(tenants.getByTestId("tenant-row-green-valley")).toContainText("Green Valley Lawn Care");
  await expect(tenants.getByTestId("tenant-row-green-valley").getByTestId("tenant-plan")).toHaveText("Pro");

  // Create a tenant: the slug's rules are checked as it is typed, and again by the server.
  await page.getByRole("button", { name: "Create tenant" }).click();
  const dialog = page.getByRole("dialog", { name: "Create tenant" });
  await dialog.getByLabel("Company name").fill(companyName);
  await expect(dialog.getByLabel("Slug")).toHaveValue(`harbor-roofing-${tag}`);
  await dialog.getByLabel("Slug").fill("admin");
  await expect(dialog.getByText(SLUG_MESSAGES.reserved)).toBeVisible();
  await dialog.getByLabel("Slug").fill(`harbor-${tag}`);
  await dialog.getByLabel("Industry").selectOption("roofing");
  await dialog.getByLabel("Plan").selectOption("starter");
  await dialog.getByLabel("Owner's name").fill("Hana Harbor");
  await dialog.getByLabel("Owner's email").fill(ownerEmail);
  await dialog.getByRole("button", { name: "Create tenant" }).click();

  await expect(page).toHaveURL(/\/instance-admin\/[0-9a-f-]{36}$/);
  const instanceUrl = page.url();
  await expect(page.getByRole("heading", { level: 1, name: companyName })).toBeVisible();
  const configuration = page.getByRole("region", { name: "Configuration" });
  await expect(configuration.getByText("Starter", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Users" })).toContainText(`${ownerEmail}`);
  await expect(page.getByRole("region", { name: "Recent audit log" })).toContainText(`Platform administrator`);

  // The owner accepts the invitation from the e-mail and is signed in.
  const owner = await (await browser.newContext()).newPage();
  await owner.goto(await invitationLinkFor(ownerEmail));
  await owner.getByLabel("Password", { exact: true }).fill("hanas-own-password");
  await owner.getByRole("button", { name: "Join and sign in" }).click();
  await expect(owner).not.toHaveURL(/\/signup/);

  // Change its plan.
  await page.getByRole("button", { name: "Change plan" }).click();
  const planDialog = page.getByRole("dialog", { name: `Change ${companyName}'s plan` });
  await planDialog.getByLabel("New plan").selectOption("growth");
  await planDialog.getByRole("button", { name: "Change plan" }).click();
  await expect(planDialog).toBeHidden();
  await expect(configuration.getByText("Growth", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Recent audit log" })).toContainText(
    "Changed the plan from Starter to Growth (platform administrator",
  );

  // Suspend it: the owner is signed out and refused with the reason.
  await page.getByRole("button", { name: "Suspend" }).click();
  const suspend = page.getByRole("dialog", { name: `Suspend ${companyName}?` });
  await suspend.getByLabel("Reason").fill("Payment overdue");
  await suspend.getByRole("button", { name: "Suspend" }).click();
  await expect(configuration.getByTestId("tenant-status")).toHaveText("Suspended");

  // The owner's page, still open on the setup wizard, is refused at its next call: it signs out and says why.
  await owner.getByRole("button", { name: "Continue" }).click();
  await owner.getByRole("button", { name: "Complete Setup" }).click();
  await expectSignedOut(owner);
  await expect(owner.getByRole("alert")).toHaveText(`You were signed out. ${COMPANY_SUSPENDED_MESSAGE}`);
  await signInAs(owner, ownerEmail, "hanas-own-password");
  await expect(owner.getByRole("alert")).toContainText(COMPANY_SUSPENDED_MESSAGE);
  await expectSignedOut(owner);

  // Restore it: the owner is let in again.
  await page.goto(instanceUrl);
  await page.getByRole("button", { name: "Restore" }).click();
  await page
    .getByRole("dialog", { name: `Restore ${companyName}?` })
    .getByRole("button", { name: "Restore" })
    .click();
  await expect(configuration.getByTestId("tenant-status")).toHaveText("Active");
  await signInAs(owner, ownerEmail, "hanas-own-password");
  await expect(owner).not.toHaveURL(/\/login$/);

  // The dashboard lists it with its new plan.
  await page.goto("/admin-dashboard");
  await page.getByRole("searchbox", { name: "Search tenants" }).fill(`harbor-${tag}`);
  await expect(page.getByTestId(`tenant-row-harbor-${tag}`).getByTestId("tenant-plan")).toHaveText("Growth");
});

test("the platform admin watches the platform's resources, live", async ({ page }) => {
  await openSignedIn(page, "admin@demo.test");
  await page.getByRole("group", { name: "Admin Portal" }).getByRole("link", { name: "Resources" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Resources" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Queues" }).getByTestId("queue-notifications")).toBeVisible();
  await expect(page.getByRole("region", { name: "Database" })).toContainText("Up");
  await expect(page.getByRole("region", { name: "Redis" })).toContainText("Up");
  const updated = page.getByText(/^Updated /);
  const first = await updated.innerText();
  await expect(updated).not.toHaveText(first, { timeout: 20_000 });
});

test("a member never sees the admin portal: not its menu, not its pages", async ({ page }) => {
  await openSignedIn(page, "member@demo.test");
  for (const path of ["/admin-dashboard", "/admin/tenants", "/admin/resources", "/admin/features", "/menu/primary"]) {
    await page.goto(path);
    await expect(page.getByRole("group", { name: "Business" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Admin Portal" })).toHaveCount(0);
    if (path !== "/admin-dashboard")
      await expect(page.getByRole("heading", { level: 1, name: "Not authorized" })).toBeVisible();
  }
  await expect(page.getByRole("table", { name: "Tenants" })).toHaveCount(0);
});
