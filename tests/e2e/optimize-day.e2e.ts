import { expect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { addDays, dayInTimeZone, zonedWallClockToUtc } from "@fieldops/shared/company-time";
import type { Crew } from "@fieldops/shared/crews";
import type { Customer } from "@fieldops/shared/customers";
import type { JobDetail, Visit } from "@fieldops/shared/jobs";
import type { ScheduleResponse } from "@fieldops/shared/schedule";
import { json, ownerApi } from "./owner-api.ts";
import { openSignedIn } from "./sign-in-as.ts";

const EVERY_DAY = Array.from({ length: 7 }, (_, weekday) => ({ weekday, start: "07:00", end: "19:00" }));
/** The demo company's yard is in the middle of Denver; each crew's customers lie ~8 km out in a direction of their own. */
const DENVER = { lat: 39.7392, lon: -104.9903 };

/**
 * A dispatcher optimizes a day of three crews whose visits criss-cross town, one of them at a customer whose address
 * cannot be located: the other visits are planned, that one is listed with its reason and a way to fix the address.
 * Applying one crew's part changes that crew's visits only: the others keep their crew and time.
 */
test("optimize a day with one visit that has no location, then apply one crew: the other crews are untouched", async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const tag = randomUUID().slice(0, 6);
  const api = await ownerApi(playwright, baseURL!);
  const { timeZone } = await json<{ timeZone: string }>(await api.get("/api/company"));
  // Three weeks ahead or later: a day without a visit that waits for a crew (another test's recurring job may have
  // put one on any day), which the optimizer would be free to place on this test's crews.
  let date = addDays(dayInTimeZone(new Date(), timeZone), 21);
  for (;;) {
    const day = await json<ScheduleResponse>(await api.get("/api/schedule", { params: { from: date, to: date } }));
    if (!day.visits.some((visit) => visit.crewId === null)) break;
    date = addDays(date, 1);
  }
  const at = (hhmm: string) => zonedWallClockToUtc(Date.parse(`${date}T${hhmm}:00Z`), timeZone).toISOString();

  const crews: Crew[] = [];
  const jobIds: string[] = [];
  const customerIds: string[] = [];
  try {
    for (const name of ["North", "East", "West"]) {
      crews.push(
        await json<Crew>(
          await api.post("/api/crews", {
            data: { name: `${name} ${tag}`, color: "#0ea5e9", workingHours: EVERY_DAY },
          }),
          201,
        ),
      );
    }
    const [north, east, west] = crews as [Crew, Crew, Crew];
    // Every crew starts at the company's yard.
    for (const crew of crews) expect(crew.start).toMatchObject({ kind: "yard", located: true });

    const cluster = (k: number, j: number) => ({
      latitude: DENVER.lat + 0.07 * Math.sin((2 * Math.PI * k) / 3) + 0.002 * j,
      longitude: DENVER.lon + 0.09 * Math.cos((2 * Math.PI * k) / 3),
    });
    const visits = new Map<string, string[]>(crews.map((crew) => [crew.id, []]));
    const lostTitle = `Edge lawn ${tag}`;
    // Each crew's 8:00, 9:00 and 10:00 visits, by the cluster they lie in: North goes out to cluster 1 and back, so
    // even on its own it has a shorter day to gain; the whole plan trades visits between the crews.
    const days: [Crew, (number | "lost")[]][] = [
      [north, [0, 1, 0]],
      [east, [1, "lost", 2]],
      [west, [2, 0, 2]],
    ];
    for (const [k, [crew, clusters]] of days.entries()) {
      for (const [j, at9] of clusters.entries()) {
        const lost = at9 === "lost";
        const title = lost ? lostTitle : `Mow ${k}-${j} ${tag}`;
        const address = lost
          ? { street: "1 Nowhere Lane", city: "Atlantis", region: "", postcode: "" }
          : { street: `${j + 1} Cluster ${at9} Rd`, city: "Denver", region: "CO", postcode: "", ...cluster(at9, j) };
        const customer = await json<Customer>(
          await api.post("/api/customers", { data: { name: `${title} customer`, properties: [address] } }),
          201,
        );
        customerIds.push(customer.id);
        const job = await json<JobDetail>(
          await api.post("/api/jobs", { data: { customerId: customer.id, title, visitDurationMinutes: 45 } }),
          201,
        );
        jobIds.push(job.id);
        const visit = job.visits[0]!;
        await json(
          await api.post(`/api/visits/${visit.id}/schedule`, {
            data: {
              crewId: crew.id,
              start: at(`${String(8 + j).padStart(2, "0")}:00`),
              durationMinutes: 45,
              version: visit.version,
            },
          }),
        );
        visits.get(crew.id)!.push(visit.id);
      }
    }
    const board = async () =>
      new Map(
        await Promise.all(
          [...visits.values()].flat().map(async (id) => {
            const visit = await json<Visit>(await api.get(`/api/visits/${id}`));
            return [id, { crewId: visit.crewId, start: visit.scheduledStart, end: visit.scheduledEnd }] as const;
          }),
        ),
      );
    const before = await board();

    const owner = await (await browser.newContext()).newPage();
    await openSignedIn(owner, "owner@demo.test", `/schedule?view=board&date=${date}`);
    await owner.getByRole("button", { name: "Optimize day" }).click();
    const dialog = owner.getByRole("dialog", { name: `Optimize routes for ${date}` });
    for (const box of await dialog.getByRole("checkbox").all()) {
      const label = await box.evaluate((element) => element.parentElement?.textContent ?? "");
      if (!label.trim().endsWith(tag)) await box.uncheck();
    }
    await dialog.getByLabel("Time to search").selectOption("5");
    await dialog.getByRole("button", { name: "Optimize", exact: true }).click();
    await expect(dialog.getByText("Proposal ready")).toBeVisible({ timeout: 60_000 });

    // The visit without a location is left out with its reason and stays where it is; the others are planned.
    const leftOut = dialog.getByRole("region", { name: "Left out (1)" });
    await expect(leftOut).toContainText(`“${lostTitle}”: No location: check the address. It stays on East ${tag}`);
    const fix = leftOut.getByRole("link", { name: `Fix the address of “${lostTitle}”` });
    await expect(fix).toHaveAttribute("href", new RegExp(`^/customers/${customerIds[4]}$`));
    await expect(dialog.getByText(/^Driving: .* for 8 visits now, .* for 8 visits proposed$/)).toBeVisible();
    for (const crew of crews) {
      const part = dialog.getByRole("region", { name: crew.name });
      await expect(part.getByText("Starts and ends at The company's yard")).toBeVisible();
    }

    // Applied on its own, North keeps its own visits (its day planned alone when the whole plan trades visits).
    const northPart = dialog.getByRole("region", { name: north.name });
    await northPart.getByRole("button", { name: new RegExp(`^Apply ${north.name}'s route( alone)?$`) }).click();
    await expect(northPart.getByText("Applied", { exact: true })).toBeVisible();
    await expect(dialog.getByText("Not applied")).toHaveCount(0);

    const after = await board();
    for (const crew of [east, west])
      for (const id of visits.get(crew.id)!) expect(after.get(id), `${crew.name}'s visit`).toEqual(before.get(id));
    // North keeps its own visits; nothing of the other crews came to it.
    for (const id of visits.get(north.id)!) expect(after.get(id)!.crewId).toBe(north.id);
    const onNorth = [...after.entries()].filter(([, visit]) => visit.crewId === north.id).map(([id]) => id);
    expect(onNorth.sort()).toEqual([...visits.get(north.id)!].sort());

    // The board shows East and West as they were.
    await owner.keyboard.press("Escape");
    const eastRow = owner.getByRole("group", { name: new RegExp(`^East ${tag},`) });
    await expect(eastRow.getByRole("button", { name: new RegExp(`${lostTitle}.*9:00`) })).toBeVisible();
  } finally {
    for (const id of jobIds) await api.patch(`/api/jobs/${id}`, { data: { closed: true } });
    for (const crew of crews) await api.delete(`/api/crews/${crew.id}`);
    await api.dispose();
  }
});
