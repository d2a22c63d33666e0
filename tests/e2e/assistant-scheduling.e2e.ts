import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { MESSAGE_BOX_LABEL } from "@fieldops/shared/chat";
import { crewEndpoints } from "@fieldops/shared/crews";
import { customerEndpoints } from "@fieldops/shared/customers";
import { fillPath } from "@fieldops/shared/endpoint";
import { jobEndpoints } from "@fieldops/shared/jobs";
import { json, ownerApi } from "./owner-api.ts";
import { openSignedIn } from "./sign-in-as.ts";

// The demo company's zone: the assistant reads "wednesday at 10" on its wall clock.
const TIME_ZONE = "America/Denver";
const SLOW = { timeout: 30_000 };
test.describe.configure({ mode: "serial", timeout: 120_000 });

const lastAnswer = (page: Page) =>
  page.getByRole("log", { name: "Conversation with the assistant" }).getByTestId("assistant-turn").last();

async function ask(page: Page, text: string): Promise<void> {
  await page.keyboard.press("Control+k");
  const box = page.getByRole("textbox", { name: MESSAGE_BOX_LABEL }).and(page.locator(":focus"));
  await expect(box).toBeVisible();
  await box.fill(text);
  await box.press("Enter");
}

/** Weekday and wall-clock time of an instant where the company is: "Wednesday 10:00". */
function wallClock(instant: string): string {
  return new Date(instant).toLocaleString("en-US", {
    timeZone: TIME_ZONE,
    weekday: "long",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
}

type Visit = { id: string; status: string; crewId: string | null; scheduledStart: string | null };

async function visitsOf(api: APIRequestContext, jobId: string): Promise<Visit[]> {
  return (await json<{ visits: Visit[] }>(await api.get(fillPath(jobEndpoints.get.path, { id: jobId })))).visits;
}

let api: APIRequestContext;
let crewId: string;
let jobId: string;
// Letters only, so the name reads as a name: "Brightwaterqk".
const surname = `Brightwater${Date.now()
  .toString(26)
  .replace(/\d/g, (digit) => "abcdefghij"[Number(digit)]!)}`;
const crewName = `Crew Z${surname.slice(-3)}`;

test.beforeAll(async ({ playwright, baseURL }) => {
  api = await ownerApi(playwright, baseURL!);
  // A crew of its own, free every day from 6:00 to 20:00, so that the demo's busy board cannot double-book it.
  const crew = await json<{ id: string }>(
    await api.post(crewEndpoints.create.path, {
      data: {
        name: crewName,
        color: "#7c3aed",
        workingHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "06:00", end: "20:00" })),
      },
    }),
    201,
  );
  crewId = crew.id;
  const customer = await json<{ id: string }>(
    await api.post(customerEndpoints.create.path, {
      data: {
        name: `Elena ${surname}`,
        properties: [{ street: "22 Birch Ln", city: "Denver", region: "CO", postcode: "80202" }],
      },
    }),
    201,
  );
  const job = await json<{ id: string }>(
    await api.post(jobEndpoints.create.path, { data: { customerId: customer.id, title: "Core aeration" } }),
    201,
  );
  jobId = job.id;
});

test.afterAll(async () => {
  if (crewId) await api.delete(fillPath(crewEndpoints.delete.path, { id: crewId }));
  await api.dispose();
});

test("one sentence schedules a customer's visit for a day, a time and a crew, once confirmed", async ({ page }) => {
  await openSignedIn(page, "owner@demo.test");
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible(SLOW);
  await ask(page, `put the ${surname}s' aeration on wednesday at 10 with ${crewName.toLowerCase()}`);

  const proposal = lastAnswer(page).getByRole("region", { name: "Confirm: Schedule a visit" });
  await expect(proposal).toBeVisible(SLOW);
  await expect(proposal).toContainText(`Core aeration`);
  await expect(proposal).toContainText(`Elena ${surname}`);
  await expect(proposal).toContainText(/Wednesday|Wed|10:00 AM/);
  // Nothing is scheduled before the owner confirms.
  expect((await visitsOf(api, jobId))[0]).toMatchObject({ status: "unscheduled", scheduledStart: null });

  await proposal.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Module Executed", { exact: true })).toBeVisible(SLOW);
  await expect.poll(async () => (await visitsOf(api, jobId))[0]?.status, SLOW).toBe("scheduled");
  const [visit] = await visitsOf(api, jobId);
  expect(visit!.crewId).toBe(crewId);
  expect(wallClock(visit!.scheduledStart!)).toBe("Wednesday 10:00");
});

test("a sentence moves that visit to another day's afternoon, keeping its crew", async ({ page }) => {
  await openSignedIn(page, "owner@demo.test");
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible(SLOW);
  const [before] = await visitsOf(api, jobId);
  await ask(page, `push the ${surname} aeration to friday afternoon`);

  const proposal = lastAnswer(page).getByRole("region", { name: "Confirm: Reschedule a visit" });
  await expect(proposal).toBeVisible(SLOW);
  await expect(proposal).toContainText("Core aeration");
  await proposal.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Module Executed", { exact: true })).toBeVisible(SLOW);

  await expect.poll(async () => wallClock((await visitsOf(api, jobId))[0]!.scheduledStart!), SLOW).toBe("Friday 13:00");
  const [after] = await visitsOf(api, jobId);
  expect(after!.id).toBe(before!.id);
  expect(after!.crewId).toBe(crewId);
});
