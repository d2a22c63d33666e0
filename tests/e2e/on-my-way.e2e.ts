import { expect, test } from "@playwright/test";
import pg from "pg";
import type { CrewListResponse } from "@fieldops/shared/crews";
import type { Customer } from "@fieldops/shared/customers";
import type { JobDetail } from "@fieldops/shared/jobs";
import { workerDatabaseOwnerUrl } from "./e2e-servers.ts";
import { json, ownerApi } from "./owner-api.ts";
import { openSignedIn } from "./sign-in-as.ts";

test("a field user texts the customer On my way once; the office sees the text in the local text catcher", async ({
  page,
  playwright,
  baseURL,
}) => {
  const tag = `${Date.now()}`;
  const api = await ownerApi(playwright, baseURL!);
  const customer = await json<Customer>(
    await api.post("/api/customers", {
      data: {
        name: `On My Way ${tag}`,
        contacts: [{ kind: "phone", value: "(555) 301-7788" }],
        properties: [{ street: "5 Oak Street", city: "Denver", region: "CO", postcode: "80202" }],
      },
    }),
    201,
  );
  const job = await json<JobDetail>(
    await api.post("/api/jobs", { data: { customerId: customer.id, title: `Hedge trim ${tag}` } }),
    201,
  );
  const crews = await json<CrewListResponse>(await api.get("/api/crews"));
  const crew = crews.items.find((item) => item.members.some((member) => member.email === "tech@demo.test"))!;
  const visit = job.visits[0]!;
  // Dispatched to the tech's crew for ten minutes from now: written as the owner of the data, since the board would
  // refuse a time outside the crew's working hours, and the test runs at any hour.
  const client = new pg.Client({ connectionString: workerDatabaseOwnerUrl() });
  await client.connect();
  await client.query(
    `UPDATE visits SET "crewId" = $1, status = 'dispatched', "scheduledStart" = now() + interval '10 minutes',
       "scheduledEnd" = now() + interval '70 minutes' WHERE id = $2`,
    [crew.id, visit.id],
  );
  await client.end();
  await api.dispose();

  await openSignedIn(page, "tech@demo.test", "/userdash");
  const item = page
    .getByRole("list", { name: "Your visits today" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: `Hedge trim ${tag}` }) });
  const button = item.getByRole("button", { name: `On my way to On My Way ${tag}` });
  await button.click();
  await expect(item.getByText(`Texted On My Way ${tag} at`)).toBeVisible();
  await expect(button).toBeDisabled();
  await page.reload();
  await expect(item.getByText(`Texted On My Way ${tag} at`)).toBeVisible();

  await openSignedIn(page, "owner@demo.test", "/settings");
  const text = page
    .getByRole("list", { name: "Outbox messages" })
    .getByRole("listitem")
    .filter({ hasText: `On my way to On My Way ${tag}` });
  await expect(text).toHaveCount(1);
  await expect(text).toContainText("Delivered to the local text catcher");
  await expect(text).toContainText(/is on the way, arriving around \d{1,2}:\d{2} [AP]M\./);
});
