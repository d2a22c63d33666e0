import { expect, test } from "@playwright/test";
import { openSignedIn, signInAs } from "./sign-in-as.ts";

/** `/`, `/userdash` and `/login` are landing routes: a signed-in owner or admin lands on /admin-dashboard from each. */

for (const email of ["owner@demo.test", "admin@demo.test"]) {
  test(`${email} lands on /admin-dashboard from /, /userdash and /login, and keeps every app page they open`, async ({
    page,
  }) => {
    // Thirteen full page loads, each fetching its page's modules: more than the default minute on a busy machine.
    test.setTimeout(120_000);
    await signInAs(page, email);
    await expect(page).toHaveURL("/admin-dashboard");
    for (const path of ["/", "/userdash", "/login"]) {
      await page.goto(path);
      await expect(page).toHaveURL("/admin-dashboard");
    }
    for (const path of ["/customers", "/reports", "/settings", "/security", "/support"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page).toHaveURL(path);
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page).toHaveURL(path);
    }
  });
}

test("a member lands on /userdash and stays there", async ({ page }) => {
  await openSignedIn(page, "member@demo.test");
  for (const path of ["/", "/login", "/userdash"]) {
    await page.goto(path);
    await expect(page).toHaveURL("/userdash");
  }
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});
