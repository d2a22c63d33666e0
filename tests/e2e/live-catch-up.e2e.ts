import { expect, test } from "@playwright/test";
import { customerListResponseSchema } from "@fieldops/shared/customers";
import { ownerApi } from "./owner-api.ts";
import { openSignedIn } from "./sign-in-as.ts";

test("a change made while a page is loading, before its live connection is up, shows once it is", async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await ownerApi(playwright, baseURL!);
  const customer = customerListResponseSchema.parse(await (await api.get("/api/customers?limit=1")).json()).items[0]!;
  const title = `Gutter cleaning ${Date.now().toString(36)}`;

  await openSignedIn(page, "owner@demo.test");
  // The page's data loads at once; its socket waits for a ticket that is held back.
  let releaseTicket = () => {};
  const ticketReleased = new Promise<void>((resolve) => (releaseTicket = resolve));
  await page.route("**/api/ws-ticket", async (route) => {
    await ticketReleased;
    await route.continue();
  });
  await page.goto("/jobs");
  await page.getByLabel("Search").fill(title);
  await expect(page.getByText(/match these filters/)).toBeVisible();
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toHaveCount(0);

  const created = await api.post("/api/jobs", { data: { customerId: customer.id, title } });
  expect(created.status()).toBe(201);
  await api.dispose();
  await page.waitForTimeout(1000);

  releaseTicket();
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
  await expect(page.getByRole("link", { name: title })).toBeVisible();
});
