import { randomInt, randomUUID } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { openSignedIn } from "./sign-in-as.ts";

async function openImport(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Import CSV" }).click();
  return page.getByRole("dialog", { name: "Import customers" });
}

async function chooseCsv(dialog: Locator, name: string, csv: string): Promise<void> {
  await dialog.getByLabel("CSV file").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });
}

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
    `Quinn ${tag},quinn-${tag}@example.com,,1 Elm St,Denver,39.7,-104.9`,
    `Riley ${tag},,,2 Oak Ave,Denver,39.8,-104.8`,
  ].join("\n");

  const dialog = await openImport(page);
  await chooseCsv(dialog, "bad.csv", bad);
  await expect(dialog.getByLabel("Latitude")).toHaveValue("Lat");
  await expect(dialog.getByRole("list", { name: "Problems in the file" })).toContainText(
    "Line 1: Choose the column for Name",
  );
  await dialog.getByLabel("Name (required)").selectOption("Customer name");
  await expect(dialog.getByRole("list", { name: "Problems in the file" })).toContainText(
    "Line 2, E-mail: Enter a valid email address",
  );
  await expect(dialog.getByRole("button", { name: "Import", exact: true })).toBeDisabled();

  await chooseCsv(dialog, "good.csv", good);
  await expect(dialog.getByText("2 rows ready: 2 new.")).toBeVisible();
  await dialog.getByRole("button", { name: "Import 2 rows" }).click();
  // The file's own coordinates place both: nothing is left to locate.
  await expect(dialog.getByText("Import finished.")).toBeVisible();
  await expect(dialog.getByText("From the file's coordinates")).toBeVisible();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();

  await page.getByLabel("Search by name, phone, email or address").fill(tag);
  const table = page.getByRole("table", { name: "Customers" });
  await expect(table.getByRole("link")).toHaveText([`Quinn ${tag}`, `Riley ${tag}`]);
  await table.getByRole("link", { name: `Riley ${tag}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Riley ${tag}` })).toBeVisible();
  await expect(page.getByText("2 Oak Ave, Denver")).toBeVisible();
});

test("a file with addresses only gets its customers located, approximate ones marked; imported again, it adds nothing", async ({
  page,
}) => {
  const tag = randomUUID().slice(0, 6);
  const phone = () => `720-${randomInt(200, 999)}-${randomInt(1000, 9999)}`;
  const csv = [
    "Name,Phone,Email,Street,City,State,Zip",
    `Grace ${tag},${phone()},grace-${tag}@example.com,1600 Glenarm Pl,Denver,CO,80202`,
    `Alan ${tag},${phone()},,9 Brattle St,Cambridge,MA,02138`,
    `Nobody ${tag},,,1 Nowhere Rd,Atlantis,,`,
  ].join("\n");
  await openSignedIn(page, "owner@demo.test", "/customers");

  let dialog = await openImport(page);
  await chooseCsv(dialog, "addresses.csv", csv);
  await expect(dialog.getByLabel("Region")).toHaveValue("State");
  await expect(dialog.getByLabel("Postcode")).toHaveValue("Zip");
  await expect(dialog.getByText("3 rows ready: 3 new.")).toBeVisible();
  await dialog.getByRole("button", { name: "Import 3 rows" }).click();
  await expect(dialog.getByText("Import finished.")).toBeVisible();
  await expect(dialog.getByRole("progressbar", { name: "Addresses located" })).toHaveAttribute("aria-valuenow", "100");
  await expect(dialog.getByRole("list", { name: "Rows without a location" })).toHaveText(
    `Line 4, Nobody ${tag}: No location: check the address`,
  );
  await dialog.getByRole("button", { name: "Done" }).click();

  await page.getByLabel("Search by name, phone, email or address").fill(tag);
  const table = page.getByRole("table", { name: "Customers" });
  await expect(table.getByRole("link")).toHaveText([`Alan ${tag}`, `Grace ${tag}`, `Nobody ${tag}`]);
  await expect(table.getByRole("row", { name: new RegExp(`Grace ${tag}`) })).toContainText("Approximate location");
  await expect(table.getByRole("row", { name: new RegExp(`Alan ${tag}`) })).toContainText("Approximate location");
  await expect(table.getByRole("row", { name: new RegExp(`Nobody ${tag}`) })).toContainText(
    "No location: check the address",
  );

  dialog = await openImport(page);
  await chooseCsv(dialog, "addresses.csv", csv);
  await expect(dialog.getByText("3 rows ready: 0 new, 3 matching customers already there (skipped).")).toBeVisible();
  await expect(dialog.getByRole("radio", { name: /Skip them/ })).toBeChecked();
  await expect(
    dialog.getByRole("table", { name: "Rows to import" }).getByText(`Same e-mail as Grace ${tag}`),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Import 3 rows" }).click();
  await expect(dialog.getByText("Import finished: nothing new, all 3 rows skipped.")).toBeVisible();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(table.getByRole("link")).toHaveText([`Alan ${tag}`, `Grace ${tag}`, `Nobody ${tag}`]);

  // The customer nobody could locate gets a pin dropped on the map, and is located by hand from then on.
  await table.getByRole("link", { name: `Nobody ${tag}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Nobody ${tag}` })).toBeVisible();
  await page.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: `Edit Nobody ${tag}` });
  await expect(edit.getByText("No location: check the address")).toBeVisible();
  await edit.getByText("Set the location by hand").click();
  const map = edit.getByRole("region", { name: "Map: click to place the pin" });
  await expect(map.locator(".leaflet-tile-loaded").first()).toBeVisible();
  await map.click();
  await expect(edit.getByLabel("Latitude")).toHaveValue(/^-?\d+(\.\d+)?$/);
  await expect(edit.getByLabel("Longitude")).toHaveValue(/^-?\d+(\.\d+)?$/);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText("Location set by hand")).toBeVisible();
});
