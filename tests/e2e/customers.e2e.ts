import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { openSignedIn } from "./sign-in-as.ts";

test("an owner imports customers from a CSV after fixing its problems, then finds them in the list and opens one", async ({
  page,
}) => {
  const tag = randomUUID().slice(0, 6);
  await openSignedIn(page, "owner@demo.test", "/customers");
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();

  const header = "Customer name,E-mail,Phone,Address,City,Lat,Lng";
  const bad = [header, `Quinn ${tag},not-an-email,,1 Elm St,Denver,39.7,-104.9`].join("\n");
  const good = [
    header,
    `Quinn ${tag},quinn@example.com,303-555-0100,1 Elm St,Denver,39.7,-104.9`,
    `Riley ${tag},,303-555-0101,2 Oak Ave,Denver,39.8,-104.8`,
  ].join("\n");

  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import customers" });
  await dialog
    .getByLabel("CSV file")
    .setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
  await expect(dialog.getByLabel("Latitude (required)")).toHaveValue("Lat");
  await expect(dialog.getByRole("list", { name: "Problems in the file" })).toContainText(
    "Line 1: Choose the column for Name",
  );
  await dialog.getByLabel("Name (required)").selectOption("Customer name");
  await expect(dialog.getByRole("list", { name: "Problems in the file" })).toContainText(
    "Line 2, E-mail: Enter a valid email address",
  );
  await expect(dialog.getByRole("button", { name: "Import", exact: true })).toBeDisabled();

  await dialog
    .getByLabel("CSV file")
    .setInputFiles({ name: "good.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
  await expect(dialog.getByText("2 customers ready to import.")).toBeVisible();
  await dialog.getByRole("button", { name: "Import 2 customers" }).click();
  await expect(dialog).toBeHidden();

  await page.getByLabel("Search by name, phone, email or address").fill(tag);
  const table = page.getByRole("table", { name: "Customers" });
  await expect(table.getByRole("link")).toHaveText([`Quinn ${tag}`, `Riley ${tag}`]);
  await table.getByRole("link", { name: `Riley ${tag}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Riley ${tag}` })).toBeVisible();
  await expect(page.getByText("2 Oak Ave, Denver")).toBeVisible();
});

test("a field user reads customers but has no buttons to change them", async ({ page }) => {
  await openSignedIn(page, "tech@demo.test", "/customers");
  await expect(page.getByRole("table", { name: "Customers" }).getByRole("link").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Import CSV" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^New / })).toHaveCount(0);
});
