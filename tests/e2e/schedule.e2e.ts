import { expect, test, type APIRequestContext } from "@playwright/test";
import { alongLane, drag, ownerApi } from "./owner-api.ts";
import { openSignedIn } from "./sign-in-as.ts";

/** A Wednesday five weeks ahead, past the demo world's visits: the crews' day is free, and they work Wednesdays 7:00–17:00. */
function freeWednesday(): string {
  const day = new Date(Date.now() + 35 * 86_400_000);
  day.setUTCDate(day.getUTCDate() + ((3 - day.getUTCDay() + 7) % 7));
  return day.toISOString().slice(0, 10);
}

/** A one-off job, whose one visit waits in the unassigned queue. */
async function newJob(api: APIRequestContext, title: string): Promise<void> {
  const options = (await (await api.get("/api/jobs/customer-options")).json()) as { items: { id: string }[] };
  const created = await api.post("/api/jobs", {
    data: { customerId: options.items[0]!.id, title, visitDurationMinutes: 60 },
  });
  expect(created.status()).toBe(201);
}

test("an owner drags an unassigned visit onto a crew, a second dispatcher sees it appear live, and a double booking is refused", async ({
  browser,
  playwright,
  baseURL,
}) => {
  // Two browsers and a dozen round trips: more than one screen's worth of time.
  test.setTimeout(90_000);
  const stamp = Date.now();
  const first = `Hedge trim ${stamp}`;
  const second = `Leaf pickup ${stamp}`;
  const api = await ownerApi(playwright, baseURL!);
  await newJob(api, first);
  await newJob(api, second);
  await api.dispose();
  const day = freeWednesday();

  const owner = await (await browser.newContext()).newPage();
  await openSignedIn(owner, "owner@demo.test");
  const watcher = await (await browser.newContext()).newPage();
  await openSignedIn(watcher, "member@demo.test");

  for (const page of [owner, watcher]) {
    await page.goto(`/schedule?view=board&date=${day}`);
    await expect(page.getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
    await expect(page.getByRole("group", { name: /^Crew A,/ })).toBeVisible();
  }
  const queue = owner.getByRole("list", { name: "Unassigned visits" });
  const crewA = owner.getByRole("group", { name: /^Crew A,/ });
  await expect(crewA.locator("[data-working-hours='07:00-17:00']")).toHaveCount(1);
  await expect(owner.getByRole("button", { name: "Optimize day" })).toBeVisible();

  await drag(owner, queue.getByRole("button", { name: new RegExp(first) }), crewA, await alongLane(crewA, 10 * 60));
  await expect(crewA.getByRole("button", { name: new RegExp(`${first}.*10:00–11:00.*Crew A`) })).toBeVisible();
  await expect(queue.getByRole("button", { name: new RegExp(first) })).toHaveCount(0);

  // The other dispatcher's board follows without a reload.
  await expect(
    watcher.getByRole("group", { name: /^Crew A,/ }).getByRole("button", { name: new RegExp(`${first}.*10:00–11:00`) }),
  ).toBeVisible();
  await expect(
    watcher.getByRole("list", { name: "Unassigned visits" }).getByRole("button", { name: new RegExp(first) }),
  ).toHaveCount(0);

  // A block moves to another crew and time by its leading edge.
  const crewB = owner.getByRole("group", { name: /^Crew B,/ });
  await drag(
    owner,
    crewA.getByRole("button", { name: new RegExp(first) }),
    crewB,
    await alongLane(crewB, 8 * 60),
    true,
  );
  await expect(crewB.getByRole("button", { name: new RegExp(`${first}.*8:00–9:00.*Crew B`) })).toBeVisible();
  await expect(
    watcher.getByRole("group", { name: /^Crew B,/ }).getByRole("button", { name: new RegExp(`${first}.*8:00–9:00`) }),
  ).toBeVisible();
  await drag(
    owner,
    crewB.getByRole("button", { name: new RegExp(first) }),
    crewA,
    await alongLane(crewA, 10 * 60),
    true,
  );
  await expect(crewA.getByRole("button", { name: new RegExp(`${first}.*10:00–11:00.*Crew A`) })).toBeVisible();

  // The same slot for another visit: the server names the clash, and the visit goes back to the queue.
  await drag(
    owner,
    queue.getByRole("button", { name: new RegExp(second) }),
    crewA,
    await alongLane(crewA, 10 * 60 + 30),
  );
  await expect(owner.getByRole("alert").filter({ hasText: "The visit was not moved" })).toContainText(
    `Double booking: Crew A already has ${first} from 10:00 to 11:00`,
  );
  await expect(queue.getByRole("button", { name: new RegExp(second) })).toBeVisible();
  await expect(crewA.getByRole("button", { name: new RegExp(second) })).toHaveCount(0);

  // The keyboard's way: open the visit, choose the crew and a free time.
  await queue.getByRole("button", { name: new RegExp(second) }).focus();
  await owner.keyboard.press("Enter");
  const dialog = owner.getByRole("dialog", { name: "Schedule visit" });
  await dialog.getByLabel("Crew", { exact: true }).selectOption({ label: "Crew A" });
  await dialog.getByLabel("Date", { exact: true }).fill(day);
  await expect(dialog.getByRole("region", { name: "Best slots" })).toBeVisible();
  await dialog.getByLabel("Start time").fill("18:00");
  await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(dialog.getByRole("alert")).toContainText(
    "18:00–19:00 is outside Crew A's working hours on Wednesday (7:00–17:00)",
  );
  await dialog.getByLabel("Start time").fill("13:30");
  await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(crewA.getByRole("button", { name: new RegExp(`${second}.*13:30–14:30.*Crew A`) })).toBeVisible();
  await expect(
    watcher
      .getByRole("group", { name: /^Crew A,/ })
      .getByRole("button", { name: new RegExp(`${second}.*13:30–14:30`) }),
  ).toBeVisible();
});

test("the day and week calendars show the visits on a time axis, and the dates move", async ({ page }) => {
  await openSignedIn(page, "owner@demo.test", "/jobs");
  // The jobs page's own way to the schedule (the sidebar has one too, shown when its group is open).
  await page.getByRole("main").getByRole("link", { name: "Schedule" }).click();
  await expect(page).toHaveURL(/\/schedule/);
  await page.goto("/schedule?view=day");
  await expect(page.getByRole("region", { name: "Day calendar" })).toBeVisible();
  await expect(page.getByRole("group", { name: /^Crew B,/ })).toBeVisible();
  await page.getByRole("button", { name: "Week", exact: true }).click();
  await expect(page.getByRole("region", { name: "Week calendar" })).toBeVisible();
  await expect(page).toHaveURL(/view=week/);
  const shown = new URL(page.url()).searchParams.get("date")!;
  await page.getByRole("button", { name: "Next week" }).click();
  await expect(page).not.toHaveURL(new RegExp(`date=${shown}`));
  await page.getByRole("button", { name: "Today" }).click();
  await expect(page).toHaveURL(new RegExp(`date=${shown}`));
  await expect(page.getByRole("region", { name: "Week calendar" }).getByRole("button").first()).toBeVisible();
});
