import { expect, test } from "@playwright/test";
import pg from "pg";
import type { CrewListResponse } from "@fieldops/shared/crews";
import type { Customer } from "@fieldops/shared/customers";
import type { JobDetail } from "@fieldops/shared/jobs";
import { workerDatabaseOwnerUrl } from "./e2e-servers.ts";
import { json, ownerApi } from "./owner-api.ts";
import { openSignedIn, signInAs } from "./sign-in-as.ts";

// A phone's screen.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test("a technician lands in the field app on a phone, works a visit from it, and the office sees it live", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const tag = `${Date.now()}`;
  const title = `Sprinkler check ${tag}`;
  const api = await ownerApi(playwright, baseURL!);
  const customer = await json<Customer>(
    await api.post("/api/customers", {
      data: {
        name: `Field App ${tag}`,
        properties: [
          {
            street: "12 Elm Street",
            city: "Denver",
            region: "CO",
            postcode: "80202",
            gateCode: "4711",
            accessNotes: "Ring twice; the gate sticks.",
          },
        ],
      },
    }),
    201,
  );
  const job = await json<JobDetail>(
    await api.post("/api/jobs", {
      data: {
        customerId: customer.id,
        title,
        instructions: "Test every zone.",
        checklist: [{ label: "Check the sprinklers" }, { label: "Edge the walks" }],
        lineItems: [{ service: "Sprinkler check", quantity: 1, unitPriceCents: 5000 }],
      },
    }),
    201,
  );
  const crews = await json<CrewListResponse>(await api.get("/api/crews"));
  const crew = crews.items.find((item) => item.members.some((member) => member.email === "tech@demo.test"))!;
  const visitId = job.visits[0]!.id;
  // Dispatched to the tech's crew for ten minutes from now, written as the owner of the data (the board would refuse
  // a time outside the crew's working hours, and the test runs at any hour).
  const client = new pg.Client({ connectionString: workerDatabaseOwnerUrl() });
  await client.connect();
  await client.query(
    `UPDATE visits SET "crewId" = $1, status = 'dispatched', "scheduledStart" = now() + interval '10 minutes',
       "scheduledEnd" = now() + interval '70 minutes' WHERE id = $2`,
    [crew.id, visitId],
  );
  await client.end();
  await api.dispose();

  // The office has the job open meanwhile.
  const office = await (await browser.newContext()).newPage();
  await openSignedIn(office, "owner@demo.test", `/jobs/${job.id}`);
  const history = office.getByRole("list", { name: "Notes and history" });
  await expect(office.getByRole("heading", { level: 1, name: new RegExp(title) })).toBeVisible();

  await signInAs(page, "tech@demo.test");
  await expect(page).toHaveURL("/app");
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
  const route = page.getByRole("list", { name: "Today's route" });
  await expect(route.getByRole("link", { name: new RegExp(title) })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Field app" });
  await expect(tabs.getByRole("link")).toHaveText(["Home", "Jobs", "Schedule", "Messages", "More"]);
  // The service worker is registered and active: the app shell is cached for a visit without a connection.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${baseURL}/`);

  await route.getByRole("link", { name: new RegExp(title) }).click();
  await expect(page).toHaveURL(`/app/jobs/${visitId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const where = page.getByRole("region", { name: "Where" });
  await expect(where.getByText("4711")).toBeVisible();
  await expect(where.getByText("Ring twice; the gate sticks.")).toBeVisible();
  await expect(where.getByRole("link", { name: /12 Elm Street/ })).toHaveAttribute("href", /google\.com\/maps/);
  await expect(page.getByText("Test every zone.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Line items" })).toContainText("Sprinkler check");

  await page.getByRole("checkbox", { name: "Check the sprinklers" }).check();
  await expect(page.getByRole("checkbox", { name: "Check the sprinklers" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Edge the walks" })).not.toBeChecked();

  await page.getByLabel("Add a note").fill("Zone 3 head replaced");
  await page.getByRole("button", { name: "Add note" }).click();
  const notes = page.getByRole("region", { name: "Notes" });
  await expect(notes.getByText("Zone 3 head replaced")).toBeVisible();
  await expect(page.getByLabel("Add a note")).toHaveValue("");
  // The office's job page shows the note without a reload.
  await expect(history.getByText("Zone 3 head replaced")).toBeVisible();

  const work = page.getByRole("region", { name: "Work" });
  await work.getByRole("button", { name: "Start" }).click();
  await expect(page.getByText("In progress", { exact: true })).toBeVisible();
  await expect(work.getByText(/^Time on site: \d+ min$/)).toBeVisible();
  await work.getByRole("button", { name: "Complete" }).click();
  await expect(page.getByText("Completed", { exact: true })).toBeVisible();
  await expect(work.getByRole("button")).toHaveCount(0);

  // Any other path of the field app shows its Home, with the visit done.
  await page.goto("/app/no-such-tab");
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
  await expect(route.getByRole("link", { name: new RegExp(title) })).toContainText("Completed");

  await office.context().close();
});
