import { expect, test } from "@playwright/test";
import { openSignedIn } from "./sign-in-as.ts";

test("a field user reads customers but has no buttons to change them", async ({ page }) => {
  await openSignedIn(page, "tech@demo.test", "/customers");
  await expect(page.getByRole("table", { name: "Customers" }).getByRole("link").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Import CSV" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^New / })).toHaveCount(0);
});
