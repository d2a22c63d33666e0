import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { json, ownerApi } from "./owner-api.ts";
import { openSignedIn } from "./sign-in-as.ts";

/** Clicks "Download PDF" and answers the file the browser saved: its name and whether it is a PDF. */
async function downloadPdf(page: Page): Promise<{ name: string; isPdf: boolean }> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download PDF" }).click(),
  ]);
  const bytes = await readFile((await download.path())!);
  return { name: download.suggestedFilename(), isPdf: bytes.subarray(0, 5).toString() === "%PDF-" };
}

test("the office downloads an invoice's and an estimate's PDF, and the customer theirs from the review pages", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const api = await ownerApi(playwright, baseURL!);
  const tag = `${Date.now()}`;
  const { id: customerId } = await json<{ id: string }>(
    await api.post("/api/customers", {
      data: {
        name: `PDF E2E Zoë ${tag}`,
        contacts: [{ kind: "email", value: `pdf-e2e-${tag}@example.com` }],
        properties: [{ street: "12 Elm St", city: "Denver", region: "CO", postcode: "80202" }],
      },
    }),
    201,
  );
  const job = await json<{ id: string; visits: { id: string; version: number }[] }>(
    await api.post("/api/jobs", {
      data: {
        customerId,
        title: `Hedges ${tag}`,
        lineItems: [{ service: "Hedge trimming", quantity: 1, unitPriceCents: 14500, taxable: false }],
      },
    }),
    201,
  );
  // Only a job with a completed visit is invoiced: the visit is scheduled, started and completed.
  let visit = job.visits[0]!;
  const start = new Date(Date.now() - 2 * 3600_000).toISOString();
  visit = await json(
    await api.post(`/api/visits/${visit.id}/schedule`, {
      data: { crewId: null, start, durationMinutes: 60, version: visit.version },
    }),
  );
  for (const to of ["in_progress", "completed"])
    visit = await json(await api.post(`/api/visits/${visit.id}/transition`, { data: { to, version: visit.version } }));
  const jobId = job.id;
  const invoice = await json<{ id: string; number: number }>(await api.post("/api/invoices", { data: { jobId } }), 201);
  await json(await api.post(`/api/invoices/${invoice.id}/send`, { data: { channels: ["email"] } }));
  const { url: invoiceLink } = await json<{ url: string }>(
    await api.post(`/api/invoices/${invoice.id}/review-link`),
    201,
  );
  const estimate = await json<{ id: string; number: number }>(
    await api.post("/api/estimates", {
      data: {
        customerId,
        title: `Patio ${tag}`,
        options: [{ name: "Good", lineItems: [{ description: "Pavers", quantity: 40, unitPriceCents: 450 }] }],
      },
    }),
    201,
  );
  const { url: estimateLink } = await json<{ url: string }>(
    await api.post(`/api/estimates/${estimate.id}/send`, { data: { email: true, sms: false } }),
  );
  await api.dispose();

  await openSignedIn(page, "owner@demo.test", `/payments/invoices/${invoice.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Invoice #${invoice.number}`);
  expect(await downloadPdf(page)).toEqual({ name: `invoice-${invoice.number}.pdf`, isPdf: true });
  await page.goto(`/jobs/estimates/${estimate.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Estimate #${estimate.number}`);
  expect(await downloadPdf(page)).toEqual({ name: `estimate-${estimate.number}.pdf`, isPdf: true });

  // The customer, in a browser that never signed in.
  const customer = await browser.newContext();
  const customerPage = await customer.newPage();
  await customerPage.goto(invoiceLink);
  await expect(customerPage.getByRole("heading", { level: 1 })).toHaveText(`Invoice #${invoice.number}`);
  expect(await downloadPdf(customerPage)).toEqual({ name: `invoice-${invoice.number}.pdf`, isPdf: true });
  await customerPage.goto(estimateLink);
  await expect(customerPage.getByRole("heading", { level: 1 })).toHaveText(`Patio ${tag}`);
  expect(await downloadPdf(customerPage)).toEqual({ name: `estimate-${estimate.number}.pdf`, isPdf: true });
  await customer.close();
});
