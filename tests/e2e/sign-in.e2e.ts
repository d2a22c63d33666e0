import { expect, test } from "@playwright/test";
import { signInAs } from "./sign-in-as.ts";

test.describe("sign-in lands each demo role on its dashboard, a field user in the field app", () => {
  for (const [email, path, heading] of [
    ["admin@demo.test", "/admin-dashboard", "Dashboard"],
    ["owner@demo.test", "/admin-dashboard", "Dashboard"],
    ["owner@acme-plumbing.test", "/admin-dashboard", "Dashboard"],
    ["member@demo.test", "/userdash", "Dashboard"],
    ["tech@demo.test", "/app", "Today"],
  ] as const) {
    test(`${email} → ${path}`, async ({ page }) => {
      await signInAs(page, email);
      await expect(page).toHaveURL(path);
      // The field app's "Today" is its page's title; "Today's route" below it is a heading too.
      await expect(page.getByRole("heading", { name: heading, exact: heading === "Today" })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeTruthy();
    });
  }
});

test("a wrong password shows Invalid credentials and stays on the sign-in screen", async ({ page }) => {
  await signInAs(page, "member@demo.test", "not-the-password");
  await expect(page.getByRole("alert")).toContainText("Invalid credentials");
  await expect(page).toHaveURL("/login");
  expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();
});

test("the password toggle shows and hides the password", async ({ page }) => {
  await page.goto("/login");
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("secret-value");
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");
});

test("a plan chosen at the pricing step shows its free-trial banner", async ({ page }) => {
  await page.goto("/login");
  await page.evaluate(() => localStorage.setItem("selected_plan", "pro"));
  await page.reload();
  await expect(page.getByText("Pro Plan Selected")).toBeVisible();
  await expect(page.getByText("7-Day Free Trial")).toBeVisible();
  await expect(page.getByRole("button", { name: "Start Pro Plan Free Trial" })).toBeVisible();
});

test("signed out, an app page sends you to sign in; logout clears storage and returns there", async ({ page }) => {
  await page.goto("/jobs");
  await expect(page).toHaveURL("/login");
  await signInAs(page, "member@demo.test");
  await expect(page).toHaveURL("/userdash");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/login");
  expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();
  await page.goto("/userdash");
  await expect(page).toHaveURL("/login");
});
