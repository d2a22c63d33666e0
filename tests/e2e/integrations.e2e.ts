import { expect, test } from "@playwright/test";
import { openSignedIn } from "./sign-in-as.ts";

// Each test signs in and follows full-page redirects through two servers; on a busy machine that takes a while.
test.describe.configure({ timeout: 90_000 });
const FIRST_LOAD = { timeout: 20_000 };

test("an owner connects QuickBooks from its modal through the provider's OAuth flow, sees it connected, and disconnects it", async ({
  page,
}) => {
  await openSignedIn(page, "owner@demo.test", "/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

  await page.getByRole("button", { name: "QuickBooks", exact: true }).click();
  const modal = page.getByRole("dialog", { name: "QuickBooks Online" });
  const panel = modal.getByRole("region", { name: "QuickBooks Online" });
  await expect(panel.getByText("Not connected")).toBeVisible(FIRST_LOAD);
  // This server has QuickBooks credentials (for the stand-in), so the connection is real, not simulated.
  await expect(panel.getByText("Simulated")).toHaveCount(0);

  // Connect: the browser goes to the authorization server and comes back through the app's callback.
  const authorizeRequest = page.waitForRequest((request) => new URL(request.url()).pathname === "/authorize");
  await panel.getByRole("button", { name: "Connect QuickBooks Online" }).click();
  const authorize = new URL((await authorizeRequest).url());
  expect(authorize.searchParams.get("client_id")).toBe("e2e-quickbooks");
  expect(authorize.searchParams.get("scope")).toBe("com.intuit.quickbooks.accounting");

  await expect(page).toHaveURL(/\/settings\/integrations\?provider=quickbooks&result=connected$/, FIRST_LOAD);
  await expect(page.getByRole("alert").filter({ hasText: "QuickBooks Online connected" })).toBeVisible();
  const connected = page.getByRole("region", { name: "QuickBooks Online" });
  await expect(connected.getByText("Connected", { exact: true })).toBeVisible();
  await expect(connected.getByText(/QuickBooks Online 9130357992 · connected .* by /)).toBeVisible();

  // Disconnecting asks first.
  await connected.getByRole("button", { name: "Disconnect" }).click();
  const confirm = connected.getByRole("group", { name: "Disconnect QuickBooks Online?" });
  await confirm.getByRole("button", { name: "Yes, disconnect" }).click();
  await expect(connected.getByText("Not connected")).toBeVisible();
  await expect(connected.getByRole("button", { name: "Connect QuickBooks Online" })).toBeEnabled();
});

test("without provider credentials, connecting Stripe goes through the app's simulated page and says so", async ({
  page,
}) => {
  await openSignedIn(page, "owner@demo.test", "/settings/payments");
  const stripe = page.getByRole("region", { name: "Stripe" });
  await expect(stripe.getByRole("note")).toContainText("Simulated: this server has no Stripe credentials", FIRST_LOAD);
  await stripe.getByRole("button", { name: "Connect Stripe" }).click();

  await expect(page).toHaveURL(/\/integrations\/simulated-authorize\?provider=stripe&state=/, FIRST_LOAD);
  await expect(page.getByRole("heading", { level: 1, name: "Connect Stripe (simulated)" })).toBeVisible();
  await page.getByRole("link", { name: "Allow simulated connection" }).click();

  await expect(page).toHaveURL(/\/settings\/integrations\?provider=stripe&result=connected$/, FIRST_LOAD);
  const connected = page.getByRole("region", { name: "Stripe" });
  await expect(connected.getByText("Connected", { exact: true })).toBeVisible();
  await expect(connected.getByText("Simulated Stripe account")).toBeVisible();
  await expect(connected.getByRole("note")).toContainText("this connection was made through a stand-in page");
  await connected.getByRole("button", { name: "Disconnect" }).click();
  await connected.getByRole("button", { name: "Yes, disconnect" }).click();
  await expect(connected.getByText("Not connected")).toBeVisible();
});

test("a member sees the integrations but cannot connect them, and a field user cannot open them", async ({ page }) => {
  await openSignedIn(page, "member@demo.test", "/settings/integrations");
  const quickbooks = page.getByRole("region", { name: "QuickBooks Online" });
  await expect(quickbooks.getByRole("button", { name: "Connect QuickBooks Online" })).toBeDisabled(FIRST_LOAD);
  await expect(quickbooks.getByText("Only owners and admins can connect or disconnect integrations.")).toBeVisible();

  await page.getByRole("button", { name: "Logout" }).click();
  await openSignedIn(page, "tech@demo.test", "/settings/integrations");
  await expect(page.getByRole("heading", { level: 1, name: "Not authorized" })).toBeVisible(FIRST_LOAD);
});
