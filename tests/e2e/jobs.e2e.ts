import { expect, test } from "@playwright/test";
import { DEMO_FIELD_VISIT_TITLE } from "@fieldops/db/seed-demo-world";
import { openSignedIn } from "./sign-in-as.ts";

test("an owner creates a recurring job with a line item and a checklist, and sees its visits", async ({ page }) => {
  await openSignedIn(page, "owner@demo.test", "/jobs");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("table")).toBeVisible();

  await page.getByRole("button", { name: /^New / }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Customer", { exact: true }).locator("option")).not.toHaveCount(1);
  await dialog.getByLabel("Customer", { exact: true }).selectOption({ index: 1 });
  const title = `Weekly mowing ${Date.now()}`;
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Recurring").check();
  await dialog.getByLabel("Repeats").selectOption("FREQ=WEEKLY");
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel(/^First visit/).fill(`${tomorrow}T09:00`);
  await dialog.getByRole("button", { name: "Add line item" }).click();
  await dialog.getByLabel("Service 1").fill("Mowing");
  await dialog.getByLabel("Unit price 1").fill("45.00");
  await dialog.getByRole("button", { name: "Add checklist item" }).click();
  await dialog.getByLabel("Checklist item 1", { exact: true }).fill("Close the gate");
  await dialog.getByRole("button", { name: /^Create / }).click();

  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
  const visits = page.getByRole("list", { name: "Visits" }).getByRole("listitem");
  await expect(visits).toHaveCount(8);
  await expect(visits.first()).toContainText("Scheduled");
  await expect(page.getByRole("list", { name: "Line items" })).toContainText("Mowing");
  await expect(page.getByRole("list", { name: "Line items" })).toContainText("$45.00");
  await expect(page.getByRole("list", { name: "Checklist" })).toContainText("Close the gate");

  await page.goto("/jobs");
  await page.getByLabel("Search").fill(title);
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("link", { name: title })).toBeVisible();
});

test("the jobs list filters by crew and searches by customer name", async ({ page }) => {
  await openSignedIn(page, "member@demo.test", "/jobs");
  await page.getByLabel("Search").fill(DEMO_FIELD_VISIT_TITLE);
  await expect(page.getByRole("link", { name: DEMO_FIELD_VISIT_TITLE })).toBeVisible();
  const customer =
    (await page.getByRole("row").filter({ hasText: DEMO_FIELD_VISIT_TITLE }).getByRole("cell").nth(2).textContent()) ??
    "";
  await page.getByLabel("Crew").selectOption({ label: "Crew B" });
  await expect(page.getByText(/match these filters/)).toBeVisible();
  await page.getByLabel("Crew").selectOption({ label: "Crew A" });
  await expect(page.getByRole("link", { name: DEMO_FIELD_VISIT_TITLE })).toBeVisible();
  await page.getByLabel("Crew").selectOption({ label: "Any crew" });
  await page.getByLabel("Search").fill(customer.toUpperCase());
  await expect(page.getByRole("link", { name: DEMO_FIELD_VISIT_TITLE })).toBeVisible();
});

test("a job that does not exist shows a not-found state", async ({ page }) => {
  await openSignedIn(page, "member@demo.test", "/jobs/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/not found$/);
  await expect(page.getByRole("link", { name: "Back to the list" })).toBeVisible();
});
