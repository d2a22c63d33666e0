import { expect, test } from "@playwright/test";
import { equipmentSpec } from "@fieldops/domain/custom-objects/custom-object-test-fixtures";
import { companySchema } from "@fieldops/shared/company";
import { customerListResponseSchema } from "@fieldops/shared/customers";
import { BuildStandIn } from "./custom-objects-helper.ts";
import { ownerApi } from "./owner-api.ts";
import { openSignedIn } from "./sign-in-as.ts";

test("a previewed custom object is tried by the owner on a customer's page, and reaches members once in production", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const api = await ownerApi(playwright, baseURL!);
  const company = companySchema.parse(await (await api.get("/api/company")).json());
  const customer = customerListResponseSchema.parse(await (await api.get("/api/customers?limit=1")).json()).items[0]!;
  await api.dispose();
  const builds = await BuildStandIn.open();
  const spec = equipmentSpec();
  spec.entities = [spec.entities[0]!];
  const buildId = await builds.deployToPreview(company.id, spec);

  try {
    await openSignedIn(page, "owner@demo.test", `/customers/${customer.id}`);
    await expect(page.getByRole("heading", { level: 1, name: customer.name })).toBeVisible();
    await expect(page.getByText("Beta Mode")).toBeVisible();
    const main = page.getByRole("navigation", { name: "Main" });
    await expect(main.getByRole("link", { name: "Equipment" })).toBeVisible();

    const section = page.getByRole("region", { name: "Equipment" });
    await expect(section.getByText("No equipment yet.")).toBeVisible();
    await section.getByRole("button", { name: "Add" }).click();
    const form = page.getByRole("dialog", { name: "New equipment" });
    await form.getByRole("button", { name: "Add equipment" }).click();
    await expect(form.getByRole("alert")).toHaveText("Make is required");
    await form.getByLabel("Make *").fill("Trane");
    await form.getByLabel("Model", { exact: true }).fill("XR14");
    await form.getByLabel("Serial number *").fill("SN-4410");
    await form.getByLabel("Install date").fill("2024-05-01");
    await form.getByLabel("Price ($)").fill("2,500.00");
    await form.getByLabel("Condition").selectOption("Good");
    await form.getByRole("button", { name: "Add equipment" }).click();
    await expect(form).toBeHidden();
    await expect(section.getByRole("table", { name: "Equipment" }).getByRole("row")).toHaveCount(2);
    await expect(section.getByRole("link", { name: "Trane" })).toBeVisible();

    await main.getByRole("link", { name: "Equipment" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /Equipment/ })).toBeVisible();
    await page.getByLabel("Search equipment").fill("sn-4410");
    const list = page.getByRole("table", { name: "Equipment" });
    await expect(list.getByRole("row")).toHaveCount(2);
    await expect(list.getByRole("link", { name: customer.name })).toBeVisible();
    await list.getByRole("link", { name: "Trane" }).click();

    await expect(page.getByRole("heading", { level: 1, name: /Trane/ })).toBeVisible();
    await expect(page.getByText("$2,500.00")).toBeVisible();
    await page.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Trane" });
    await edit.getByLabel("Model", { exact: true }).fill("XR16");
    await edit.getByLabel("Condition").selectOption("Worn");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText("XR16")).toBeVisible();
    await expect(page.getByText("Worn")).toBeVisible();

    // The member does not see the object while it is in preview.
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await openSignedIn(memberPage, "member@demo.test", "/custom/equipment");
    await expect(memberPage.getByText("There is no such custom object")).toBeVisible();
    await expect(
      memberPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Equipment" }),
    ).toHaveCount(0);

    await builds.promote(company.id, buildId);
    await memberPage.goto(`/customers/${customer.id}`);
    const memberSection = memberPage.getByRole("region", { name: "Equipment" });
    await expect(memberSection.getByRole("link", { name: "Trane" })).toBeVisible();
    await expect(
      memberPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Equipment" }),
    ).toBeVisible();
    await memberContext.close();

    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete Trane?" }).getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(/\/custom\/equipment$/);
    await expect(page.getByText("No equipment yet.")).toBeVisible();
  } finally {
    await builds.close();
  }
});
