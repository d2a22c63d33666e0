import { expect, test, type APIRequestContext, type PlaywrightWorkerArgs } from "@playwright/test";
import pg from "pg";
import type { Automation } from "@fieldops/shared/automations";
import type { Customer } from "@fieldops/shared/customers";
import type { JobDetail } from "@fieldops/shared/jobs";
import { workerDatabaseOwnerUrl } from "./e2e-servers.ts";
import { json } from "./owner-api.ts";
import { openSignedIn } from "./sign-in-as.ts";

const PASSWORD = "correct-horse-battery-staple";
const DAY = 86_400_000;

/** A company signed up now (so it has the automations a new company starts with) and its owner's API client. */
async function newCompany(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string) {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `automations-${tag}@example.com`;
  const anonymous = await playwright.request.newContext({ baseURL });
  const signedUp = await json<{ token: string }>(
    await anonymous.post("/api/signup", {
      data: { companyName: `Reminders ${tag}`, name: "Rita Owner", email, password: PASSWORD, plan: "growth" },
    }),
    201,
  );
  await anonymous.dispose();
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${signedUp.token}` },
  });
  // A new company is sent to its first-run setup until it completes (or skips) it.
  await json(await api.post("/api/onboarding/complete", { data: { members: [] } }));
  return { api, email, tag };
}

async function customerWithVisit(api: APIRequestContext, tag: string) {
  const customer = await json<Customer>(
    await api.post("/api/customers", {
      data: {
        name: `Jane Garcia ${tag}`,
        contacts: [{ kind: "email", value: `jane-${tag}@example.com` }],
        properties: [{ street: "12 Elm Street", city: "Denver", region: "CO", postcode: "80202" }],
      },
    }),
    201,
  );
  const job = await json<JobDetail>(
    await api.post("/api/jobs", { data: { customerId: customer.id, title: "Aeration" } }),
    201,
  );
  return { customer, job };
}

async function schedule(api: APIRequestContext, visitId: string, start: Date) {
  const visit = await json<{ version: number }>(await api.get(`/api/visits/${visitId}`));
  await json(
    await api.post(`/api/visits/${visitId}/schedule`, {
      data: { crewId: null, start: start.toISOString(), durationMinutes: 60, version: visit.version },
    }),
  );
}

/** A day at 15:00 UTC, `days` from now. */
function dayAt15(days: number): Date {
  const day = new Date(Date.now() + days * DAY);
  day.setUTCHours(15, 0, 0, 0);
  return day;
}

test("a visit moved after it was booked is reminded once, at its new time, and the old reminder never goes", async ({
  page,
  playwright,
  baseURL,
}) => {
  const { api, email, tag } = await newCompany(playwright, baseURL!);
  const automations = await json<{ items: Automation[] }>(await api.get("/api/automations"));
  const reminder = automations.items.find((item) => item.key === "visit_reminder")!;
  expect(reminder.enabled).toBe(true);
  const { customer, job } = await customerWithVisit(api, tag);
  const visitId = job.visits[0]!.id;
  await schedule(api, visitId, dayAt15(2));
  await schedule(api, visitId, dayAt15(3));

  await openSignedIn(page, email, "/automations", PASSWORD);
  const row = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: reminder.name }) });
  await expect(row).toContainText("1 day before a scheduled visit");
  await expect(row).toContainText("1 waiting");
  await row.getByRole("link", { name: reminder.name }).click();
  const runs = page.getByRole("table", { name: "Runs of this automation" });
  await expect(runs.getByRole("row", { name: /^Waiting/ })).toHaveCount(1);
  await expect(runs.getByRole("row", { name: /^Canceled/ })).toContainText("the visit moved");

  // The clock moves five days on: the run of the visit's new time fires, the canceled one does not.
  const fired = await json<{ fired: number }>(
    await api.post("/api/automations/test-clock", { data: { minutes: 5 * 1440 } }),
  );
  expect(fired.fired).toBe(1);
  await expect(runs.getByRole("row", { name: /^Done/ })).toContainText(`E-mailed Jane Garcia ${tag}`);

  const client = new pg.Client({ connectionString: workerDatabaseOwnerUrl() });
  await client.connect();
  try {
    const delivered = async () =>
      (
        await client.query<{ status: string; subject: string; copies: number | null }>(
          `SELECT m.status, m.subject, c.copies FROM outbox_messages m LEFT JOIN caught_mails c ON c."outboxMessageId" = m.id
            WHERE m."customerId" = $1 AND m.kind = 'automation'`,
          [customer.id],
        )
      ).rows;
    await expect
      .poll(delivered, { timeout: 20_000 })
      .toEqual([expect.objectContaining({ status: "delivered", copies: 1 })]);
    const newDay = dayAt15(3).toLocaleDateString("en-US", {
      timeZone: "America/New_York",
      weekday: "long",
      month: "long",
      day: "numeric",
    });
    expect((await delivered())[0]!.subject).toContain(newDay);

    // Again: nothing more is due, and nothing more is sent.
    expect(
      (await json<{ fired: number }>(await api.post("/api/automations/test-clock", { data: { minutes: 5 * 1440 } })))
        .fired,
    ).toBe(0);
    await page.waitForTimeout(1000);
    expect(await delivered()).toHaveLength(1);
  } finally {
    await client.end();
    await api.dispose();
  }
});

test("an automation made on its page tags the customer of every new job, and its history says so", async ({
  page,
  playwright,
  baseURL,
}) => {
  const { api, email, tag } = await newCompany(playwright, baseURL!);
  await openSignedIn(page, email, "/automations", PASSWORD);
  await page.getByRole("link", { name: "New automation" }).click();
  await page.getByLabel("Name").fill("Tag new jobs");
  await page.getByLabel("When").selectOption({ label: "A job is created" });
  await page.getByLabel("How long").fill("0");
  await page.getByLabel("Do this").selectOption({ label: "Tag the customer" });
  await page.getByLabel("Tag", { exact: true }).fill("new-job");
  await page.getByLabel("On", { exact: true }).check();
  await page.getByRole("button", { name: "Create automation" }).click();
  await expect(page).toHaveURL(/\/automations\/[0-9a-f-]{36}$/);
  await expect(page.getByText("A job is created: at once · On")).toBeVisible();

  const { customer } = await customerWithVisit(api, tag);
  const runs = page.getByRole("table", { name: "Runs of this automation" });
  await expect(runs.getByRole("row", { name: /^Done/ })).toContainText(`Tagged Jane Garcia ${tag} new-job`);
  const tagged = await json<Customer>(await api.get(`/api/customers/${customer.id}`));
  expect(tagged.tags).toEqual(["new-job"]);
  await api.dispose();
});
