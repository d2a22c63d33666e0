import { expect, test } from "@playwright/test";
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { CrewListResponse } from "@fieldops/shared/crews";
import { APP_UPDATED_MESSAGE } from "@fieldops/shared/field-app";
import type { Customer } from "@fieldops/shared/customers";
import type { JobDetail } from "@fieldops/shared/jobs";
import { workerDatabaseOwnerUrl } from "./e2e-servers.ts";
import { pngImage } from "./fixture-images.ts";
import { dispatchedToTech, dispatchToTechsCrew, placeVisit } from "./field-visits.ts";
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
  const visitId = job.visits[0]!.id;
  await dispatchToTechsCrew(api, visitId, 10);
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

test("without a connection the field app opens, keeps every action (photos and a signature too), and sends each once when the connection returns; a visit the office canceled meanwhile says so, and a note on one it moved to another crew reaches the job and says so", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const tag = `${Date.now()}`;
  const api = await ownerApi(playwright, baseURL!);
  const worked = await dispatchedToTech(api, `Winterize ${tag}`);
  const canceled = await dispatchedToTech(api, `Gutter clean ${tag}`);
  const moved = await dispatchedToTech(api, `Hedge trim ${tag}`);
  const office = await (await browser.newContext()).newPage();
  await openSignedIn(office, "owner@demo.test", `/jobs/${worked.job.id}`);
  const history = office.getByRole("list", { name: "Notes and history" });

  // Online once: the day is read and kept on the phone, and the service worker takes the page over.
  await openSignedIn(page, "tech@demo.test", "/app");
  const route = page.getByRole("list", { name: "Today's route" });
  await expect(route.getByRole("link", { name: new RegExp(`Winterize ${tag}`) })).toBeVisible();
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.reload();
  await expect(route.getByRole("link", { name: new RegExp(`Gutter clean ${tag}`) })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // In the basement: no connection, and the app reloaded from the phone.
  await page.context().setOffline(true);
  await page.reload();
  const status = page.getByRole("status", { name: "Sync" });
  await expect(status).toContainText("Offline: your day is on this phone");
  await route.getByRole("link", { name: new RegExp(`Winterize ${tag}`) }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Winterize ${tag}` })).toBeVisible();
  await page.getByRole("checkbox", { name: "Blow out the lines" }).check();
  await page.getByLabel("Add a note").fill(`Valve stuck ${tag}`);
  await page.getByRole("button", { name: "Add note" }).click();
  const notes = page.getByRole("region", { name: "Notes" });
  await expect(notes.getByText(`Valve stuck ${tag}`)).toBeVisible();
  await expect(notes).toContainText("waiting to sync");

  // Two photos of the job (compressed on the phone, shown from it) and the customer's signature.
  const photos = page.getByRole("region", { name: "Photos" });
  const addPhoto = page.getByLabel("Add photo");
  await addPhoto.setInputFiles({ name: "valve.png", mimeType: "image/png", buffer: pngImage(320, 240, [200, 40, 40]) });
  await expect(photos.getByRole("img")).toHaveCount(1);
  await addPhoto.setInputFiles({ name: "meter.png", mimeType: "image/png", buffer: pngImage(240, 320, [40, 40, 200]) });
  await expect(photos.getByRole("img")).toHaveCount(2);
  await expect(photos.getByText("waiting to sync")).toHaveCount(2);
  expect(
    await photos
      .getByRole("img")
      .first()
      .evaluate((image: HTMLImageElement) => image.naturalWidth),
  ).toBeGreaterThan(0);
  const signature = page.getByRole("region", { name: "Signature" });
  const pad = signature.getByRole("img", { name: /Signature pad/ });
  // Drawn where the finger is: in the middle of the screen, clear of the tab bar.
  await expect(pad).toHaveAttribute("data-ready", "true");
  await pad.evaluate((canvas) => canvas.scrollIntoView({ block: "center" }));
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (const [dx, dy] of [
    [60, -30],
    [120, 25],
    [180, -20],
    [240, 15],
  ] as const) {
    await page.mouse.move(box.x + dx, box.y + box.height / 2 + dy, { steps: 5 });
  }
  await page.mouse.up();
  await signature.getByLabel("Name of who signs").fill(`Dana ${tag}`);
  await signature.getByRole("button", { name: "Save signature" }).click();
  await expect(signature).toContainText(`Signed by Dana ${tag}`);
  await expect(signature).toContainText("waiting to sync");

  const work = page.getByRole("region", { name: "Work" });
  await work.getByRole("button", { name: "Start" }).click();
  await expect(page.getByText("In progress", { exact: true })).toBeVisible();
  await work.getByRole("button", { name: "Complete" }).click();
  await expect(page.getByText("Completed", { exact: true })).toBeVisible();
  await expect(status).toContainText("Offline: 7 changes kept on this phone");

  // Meanwhile the office cancels the other visit; the technician, still offline, starts it.
  const visitRead = await json<{ version: number }>(await api.get(`/api/visits/${canceled.visitId}`));
  await json(
    await api.post(`/api/visits/${canceled.visitId}/transition`, {
      data: { to: "canceled", version: visitRead.version },
    }),
  );
  await page.goto(`/app/jobs/${canceled.visitId}`);
  await work.getByRole("button", { name: "Start" }).click();
  await expect(page.getByText("In progress", { exact: true })).toBeVisible();

  // The technician notes something on a third visit, which the office then moves to another crew.
  await page.goto(`/app/jobs/${moved.visitId}`);
  await page.getByLabel("Add a note").fill(`Hedge too tall ${tag}`);
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(notes.getByText(`Hedge too tall ${tag}`)).toBeVisible();
  const otherCrew = (await json<CrewListResponse>(await api.get("/api/crews"))).items.find(
    (item) => !item.members.some((member) => member.email === "tech@demo.test"),
  )!;
  await placeVisit(moved.visitId, otherCrew.id, 120);

  // A reload without a connection still shows what was done, from the phone.
  await page.goto(`/app/jobs/${worked.visitId}`);
  await page.reload();
  await expect(page.getByText("Completed", { exact: true })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Blow out the lines" })).toBeChecked();
  await expect(status).toContainText("Offline: 9 changes kept on this phone");

  // Back online: everything is sent, in order, once; the office's page shows it without a reload.
  const beforeOnline = Date.now();
  await page.context().setOffline(false);
  // Empty once all is sent, and then hidden (so found among the hidden too).
  await expect(page.getByRole("status", { name: "Sync", includeHidden: true })).toHaveText("", { timeout: 30_000 });
  await expect(history.getByText(`Valve stuck ${tag}`)).toBeVisible();
  await expect(notes).not.toContainText("waiting to sync");
  await expect(photos.getByText("waiting to sync")).toHaveCount(0);
  await expect(signature).not.toContainText("waiting to sync");
  // The office's job page shows the photos and the signature live, served by the API.
  const officePhotos = office.getByRole("region", { name: "Photos" });
  await expect(officePhotos.getByRole("list", { name: "Photos" }).getByRole("img")).toHaveCount(2);
  await expect(officePhotos).toContainText(`Signed by Dana ${tag}`);
  const officeSignature = officePhotos.getByRole("img", { name: `Signature of Dana ${tag}` });
  await expect.poll(() => officeSignature.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const client = new pg.Client({ connectionString: workerDatabaseOwnerUrl() });
  await client.connect();
  const stored = await client.query<{
    notes: string;
    status: string;
    startedAt: Date;
    completedAt: Date;
    ticked: string;
  }>(
    `SELECT (SELECT count(*) FROM job_notes WHERE "jobId" = v."jobId" AND body = $2) AS notes, v.status::text AS status,
       v."startedAt", v."completedAt",
       (SELECT count(*) FROM job_checklist_items WHERE "jobId" = v."jobId" AND done) AS ticked
     FROM visits v WHERE v.id = $1`,
    [worked.visitId, `Valve stuck ${tag}`],
  );
  // Each photo and the signature stored once, complete, as JPEG (compressed on the phone) and PNG.
  const files = await client.query<{ kind: string; contentType: string; complete: boolean; signerName: string | null }>(
    `SELECT kind, "contentType", "completedAt" IS NOT NULL AS complete, "signerName" FROM visit_files
     WHERE "visitId" = $1 ORDER BY kind, "takenAt"`,
    [worked.visitId],
  );
  await client.end();
  expect(files.rows).toEqual([
    { kind: "photo", contentType: "image/jpeg", complete: true, signerName: null },
    { kind: "photo", contentType: "image/jpeg", complete: true, signerName: null },
    { kind: "signature", contentType: "image/png", complete: true, signerName: `Dana ${tag}` },
  ]);
  expect(stored.rows[0]).toMatchObject({ notes: "1", status: "completed", ticked: "1" });
  // Started and completed when the technician tapped, not when the phone found a signal.
  expect(stored.rows[0]!.startedAt.getTime()).toBeLessThan(beforeOnline);
  expect(stored.rows[0]!.completedAt.getTime()).toBeLessThan(beforeOnline);

  // The start of the canceled visit was not applied, and the technician is told why.
  await page.getByRole("link", { name: "Today" }).first().click();
  const notApplied = page.getByRole("region", { name: "Not applied" });
  await expect(notApplied).toContainText(`Gutter clean ${tag}`);
  await expect(notApplied).toContainText("Marking it in progress was not applied.");
  await expect(notApplied).toContainText("canceled");
  await notApplied.getByRole("button", { name: "Dismiss" }).click();
  await expect(notApplied).toHaveCount(0);
  // The note on the moved visit is on its job, and the technician is told where the visit went.
  const kept = page.getByRole("region", { name: /^Added to the .*, visit moved$/ });
  await expect(kept).toContainText(`Hedge trim ${tag}`);
  await expect(kept).toContainText(
    new RegExp(
      `The note "Hedge too tall ${tag}" was added to the .*, but the office moved this visit to ${otherCrew.name}\\.`,
    ),
  );
  const movedJob = await json<JobDetail>(await api.get(`/api/jobs/${moved.job.id}`));
  expect(movedJob.notes.map((note) => note.body)).toContain(`Hedge too tall ${tag}`);
  await kept.getByRole("button", { name: "Dismiss" }).click();
  await expect(kept).toHaveCount(0);

  await api.dispose();
  await office.context().close();
});

/** The built service worker the product serves (tests/e2e/serve.ts builds the web app into dist/web). */
const SERVICE_WORKER_FILE = fileURLToPath(new URL("../../dist/web/service-worker.js", import.meta.url));

test("a new build's service worker shows the update toast, and Refresh loads it", async ({
  page,
  context,
  baseURL,
}) => {
  // A phone that has opened the app before: the page runs under the installed worker.
  await openSignedIn(page, "tech@demo.test", "/app");
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // The next build: the same worker with one more line, as a deploy changes its precache list (the product serves the
  // build's files from disk as they are).
  const current = await readFile(SERVICE_WORKER_FILE, "utf8");
  await writeFile(SERVICE_WORKER_FILE, `${current}\nself.fieldOpsBuild = "next";\n`);
  try {
    // The hourly check, now.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const toast = page
      .getByRole("region", { name: "Notifications (F8)" })
      .getByRole("listitem")
      .filter({ hasText: APP_UPDATED_MESSAGE });
    await expect(toast).toBeVisible({ timeout: 30_000 });

    const reloaded = page.waitForEvent("load");
    await toast.getByRole("button", { name: "Refresh" }).click();
    await reloaded;
    await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
    // The page now runs under the new worker.
    const build = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.active?.scriptURL ?? null;
    });
    expect(build).toBe(`${baseURL}/service-worker.js`);
    const workers = context.serviceWorkers();
    const builds = await Promise.all(
      workers.map((worker) =>
        worker.evaluate(() => (self as unknown as { fieldOpsBuild?: string }).fieldOpsBuild ?? "first"),
      ),
    );
    expect(builds).toContain("next");
    await expect(toast).toHaveCount(0);
  } finally {
    await writeFile(SERVICE_WORKER_FILE, current);
  }
});
