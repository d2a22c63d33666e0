import { expect, test } from "@playwright/test";
import { parseFeatureRequest } from "@fieldops/domain/builds/parse-feature-request";
import { MESSAGE_BOX_LABEL } from "@fieldops/shared/chat";
import { companySchema } from "@fieldops/shared/company";
import { jobDetailSchema, jobListResponseSchema, type JobDetail } from "@fieldops/shared/jobs";
import { BuildStandIn } from "./custom-objects-helper.ts";
import { json, ownerApi } from "./owner-api.ts";
import { openSignedIn } from "./sign-in-as.ts";

test("a pest treatment kept per visit is a section of the visit's job, its dose in ml and its visit picked among the job's", async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await ownerApi(playwright, baseURL!);
  const company = companySchema.parse(await json(await api.get("/api/company")));
  const jobs = jobListResponseSchema.parse(await json(await api.get("/api/jobs?limit=25"))).items;
  let job: JobDetail | undefined;
  for (const candidate of jobs) {
    const detail = jobDetailSchema.parse(await json(await api.get(`/api/jobs/${candidate.id}`)));
    if (detail.visits.length > 0) {
      job = detail;
      break;
    }
  }
  await api.dispose();
  expect(job, "a demo job with visits").toBeDefined();
  const builds = await BuildStandIn.open();
  const spec = parseFeatureRequest(
    "record each pest treatment per visit: product, dose in ml, target pest, re-entry interval",
  );
  try {
    await builds.promote(company.id, await builds.deployToPreview(company.id, spec));

    await openSignedIn(page, "owner@demo.test", `/jobs/${job!.id}`);
    const section = page.getByRole("region", { name: "Pest Treatments" });
    await expect(section.getByText("No pest treatments yet.")).toBeVisible();
    await section.getByRole("button", { name: "Add" }).click();
    const form = page.getByRole("dialog", { name: "New pest treatment" });
    await form.getByLabel("Product *").fill("Termidor SC");
    await form.getByLabel("Dose (ml)").fill("2.5");
    await form.getByLabel("Re-Entry Interval (hours)").fill("4");
    // The visit is chosen among this job's visits, not typed as an id.
    await expect(form.getByLabel(/Visit id/)).toHaveCount(0);
    const visit = form.getByLabel("Visit *");
    await expect(visit.locator("option")).toHaveCount(job!.visits.length + 1);
    await visit.selectOption({ index: 1 });
    await form.getByRole("button", { name: "Add pest treatment" }).click();
    await expect(form).toBeHidden();

    const table = section.getByRole("table", { name: "Pest Treatments" });
    await expect(table.getByRole("link", { name: "Termidor SC" })).toBeVisible();
    await expect(table.getByRole("cell", { name: "2.5 ml" })).toBeVisible();
    await expect(table.getByRole("cell", { name: "4 hours" })).toBeVisible();
    await expect(table.getByRole("cell", { name: new RegExp(`^Visit: ${job!.title}`) })).toBeVisible();
  } finally {
    await builds.close();
  }
});

test("a request the parser cannot quote has its reason said in the chat, not only in a toast", async ({ page }) => {
  await openSignedIn(page, "owner@demo.test");
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
  const box = page.getByRole("textbox", { name: MESSAGE_BOX_LABEL });
  await box.fill("can you build a feature that makes everything faster");
  await box.press("Enter");
  await expect(
    page.getByText(/I couldn't quote that: Say what to keep track of, for example: track equipment/),
  ).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText(/Could not quote: Say what to keep track of/)).toBeVisible();
});
