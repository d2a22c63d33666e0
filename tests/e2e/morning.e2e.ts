import { expect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { dayInTimeZone, zonedWallClockToUtc } from "@fieldops/shared/company-time";
import type { Crew } from "@fieldops/shared/crews";
import type { JobDetail } from "@fieldops/shared/jobs";
import { alongLane, drag, json, ownerApi } from "./owner-api.ts";
import { openSignedIn, signInAs } from "./sign-in-as.ts";

const FIELD_USER = "tech@demo.test";
const AROUND_THE_CLOCK = Array.from({ length: 7 }, (_, weekday) => ({ weekday, start: "00:00", end: "24:00" }));

/**
 * A dispatcher's morning, whatever the hour the suite runs at: the day's work goes to a crew on duty around the clock,
 * and the demo field user joins that crew for the test (and goes back to Crew A afterwards).
 */
test("a morning's work: import customers, create a recurring job, drag its first visit onto a crew, optimize the day and apply it, and the field user starts and completes the visit while the owner's board follows live", async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 6);
  const nightCrew = `Night ${tag}`;
  const mowing = `Morning mow ${tag}`;
  const api = await ownerApi(playwright, baseURL!);
  const { timeZone } = await json<{ timeZone: string }>(await api.get("/api/company"));
  const today = dayInTimeZone(new Date(), timeZone);
  const atToday = (hhmm: string) => zonedWallClockToUtc(Date.parse(`${today}T${hhmm}:00Z`), timeZone).toISOString();

  const crews = (await json<{ items: Crew[] }>(await api.get("/api/crews"))).items;
  const crewA = crews.find((crew) => crew.name === "Crew A")!;
  const tech = crewA.members.find((member) => member.email === FIELD_USER)!;
  expect(await api.delete(`/api/crews/${crewA.id}/members/${tech.id}`)).toBeOK();
  const night = await json<Crew>(
    await api.post("/api/crews", {
      data: { name: nightCrew, color: "#7c3aed", workingHours: AROUND_THE_CLOCK, memberIds: [tech.id] },
    }),
    201,
  );
  const jobIds: string[] = [];

  try {
    const owner = await (await browser.newContext()).newPage();
    await openSignedIn(owner, "owner@demo.test");

    // Three new customers along one street, from a CSV.
    await owner.goto("/customers");
    await owner.getByRole("button", { name: "Import CSV" }).click();
    const importDialog = owner.getByRole("dialog", { name: "Import customers" });
    const csv = [
      "Customer name,E-mail,Phone,Address,City,Lat,Lng",
      `Dawn ${tag},dawn-${tag}@example.com,303-555-0110,1 Colfax Ave,Denver,39.7400,-104.9900`,
      `Far ${tag},,303-555-0111,900 Colfax Ave,Aurora,39.7400,-104.8100`,
      `Mid ${tag},,303-555-0112,450 Colfax Ave,Denver,39.7400,-104.9000`,
    ].join("\n");
    await importDialog
      .getByLabel("CSV file")
      .setInputFiles({ name: "morning.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await importDialog.getByLabel("Name (required)").selectOption("Customer name");
    await expect(importDialog.getByText("3 rows ready: 3 new.")).toBeVisible();
    await importDialog.getByRole("button", { name: "Import 3 rows" }).click();
    await expect(importDialog.getByText("Import finished.")).toBeVisible();
    await importDialog.getByRole("button", { name: "Done" }).click();
    await expect(importDialog).toBeHidden();

    // A weekly job for the first of them, whose first visit is today.
    await owner.goto("/jobs");
    await owner.getByRole("button", { name: /^New / }).click();
    const jobDialog = owner.getByRole("dialog", { name: /^New / });
    await jobDialog.getByLabel("Find a customer").fill(`Dawn ${tag}`);
    await jobDialog.getByLabel("Customer", { exact: true }).selectOption({ label: `Dawn ${tag}` });
    await jobDialog.getByLabel("Title").fill(mowing);
    await jobDialog.getByLabel("Recurring").check();
    await jobDialog.getByLabel("Repeats").selectOption("FREQ=WEEKLY");
    await jobDialog.getByLabel(/^First visit/).fill(`${today}T00:30`);
    await jobDialog.getByRole("button", { name: /^Create / }).click();
    await expect(owner).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
    await expect(owner.getByRole("heading", { level: 1 })).toContainText(mowing);
    jobIds.push(owner.url().split("/").pop()!);

    // The crew already has two visits today, in an order that drives back and forth along the street.
    const options = (
      await json<{ items: { id: string; name: string }[] }>(await api.get(`/api/jobs/customer-options?search=${tag}`))
    ).items;
    for (const [name, title, start] of [
      [`Far ${tag}`, `Hedge trim ${tag}`, "02:00"],
      [`Mid ${tag}`, `Leaf pickup ${tag}`, "04:00"],
    ] as const) {
      const job = await json<JobDetail>(
        await api.post("/api/jobs", {
          data: { customerId: options.find((option) => option.name === name)!.id, title, visitDurationMinutes: 60 },
        }),
        201,
      );
      jobIds.push(job.id);
      const visit = job.visits[0]!;
      await json(
        await api.post(`/api/visits/${visit.id}/schedule`, {
          data: { crewId: night.id, start: atToday(start), durationMinutes: 60, version: visit.version },
        }),
      );
    }

    // The job's first visit waits in the queue; the dispatcher drags it onto the crew at 1:00.
    await owner.goto(`/schedule?view=board&date=${today}`);
    const nightRow = owner.getByRole("group", { name: new RegExp(`^${nightCrew},`) });
    await expect(nightRow.getByRole("button", { name: new RegExp(`Leaf pickup ${tag}`) })).toBeVisible();
    const shownToday = new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone,
    }).format(new Date(atToday("12:00")));
    const queued = owner
      .getByRole("list", { name: "Unassigned visits" })
      .getByRole("button", { name: new RegExp(`${mowing}.*${shownToday}`) });
    await drag(owner, queued, nightRow, await alongLane(nightRow, 60));
    await expect(nightRow.getByRole("button", { name: new RegExp(`${mowing}.*1:00–2:00`) })).toBeVisible();

    // Optimize the crew's day and apply the proposal.
    await owner.getByRole("button", { name: "Optimize day" }).click();
    const optimize = owner.getByRole("dialog", { name: `Optimize routes for ${today}` });
    for (const box of await optimize.getByRole("checkbox").all()) {
      const label = await box.evaluate((element) => element.parentElement?.textContent ?? "");
      if (label.trim() !== nightCrew) await box.uncheck();
    }
    await optimize.getByLabel("Time to search").selectOption("5");
    await optimize.getByRole("button", { name: "Optimize", exact: true }).click();
    await expect(optimize.getByText("Proposal ready")).toBeVisible({ timeout: 60_000 });
    await expect(optimize.getByRole("heading", { name: new RegExp(nightCrew) })).toBeVisible();
    // With a tile server configured the proposal is drawn on its map: tiles load (the page's CSP allows them) and the
    // crew's route is a line.
    const map = optimize.getByRole("region", { name: "Route map" });
    await expect(map.locator("img.leaflet-tile-loaded").first()).toBeVisible();
    await expect(map.locator("path.leaflet-interactive").first()).toBeAttached();
    await expect(map.getByText("Test tiles")).toBeVisible();
    await optimize.getByRole("button", { name: "Apply all" }).click();
    await expect(optimize.getByRole("status").filter({ hasText: /^Applied$/ })).toBeVisible();
    await owner.keyboard.press("Escape");
    await expect(optimize).toBeHidden();
    const block = nightRow.getByRole("button", { name: new RegExp(mowing) });
    await expect(block).toBeVisible();

    // The field user, on their phone, starts and completes the visit; the owner's board follows without a reload.
    const field = await (await browser.newContext()).newPage();
    await signInAs(field, FIELD_USER);
    // A field user lands in the field app; this story follows the full app's dashboard.
    await expect(field).toHaveURL("/app");
    await field.goto("/userdash");
    const visit = field
      .getByRole("list", { name: "Your visits today" })
      .getByRole("listitem")
      .filter({ has: field.getByRole("heading", { name: mowing }) });
    await visit.getByRole("button", { name: `Start ${mowing}` }).click();
    await expect(visit.getByText("In progress")).toBeVisible();
    await expect(block).toContainText("In progress");
    await visit.getByRole("button", { name: `Complete ${mowing}` }).click();
    await expect(visit.getByText("Completed")).toBeVisible();
    await expect(block).toContainText("Completed");
  } finally {
    for (const id of jobIds) await api.patch(`/api/jobs/${id}`, { data: { closed: true } });
    await api.delete(`/api/crews/${night.id}/members/${tech.id}`);
    await api.post(`/api/crews/${crewA.id}/members`, { data: { userId: tech.id } });
    await api.delete(`/api/crews/${night.id}`);
    await api.dispose();
  }
});
