import { chromium, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "../playwright.config.ts";
import { freePort } from "../scripts/start/free-port.ts";
import { kb, signIn } from "./browser-load.ts";
import { benchEnvironment, startProduct, stopProduct } from "./product.ts";
import { percentile } from "./stats.ts";

/**
 * `npm run bench` (field-app section; alone: `npm run bench:field-app`), in Debian's Chromium at a phone's size, the demo
 * field user signed in: what the service worker stores on a first visit of `/app` so the app opens without a
 * connection (its precache, as transferred), and the time from reloading `/app` with the phone offline to today's
 * route on the screen (from the service worker's cache and the day kept in IndexedDB), over RELOADS reloads. The
 * JavaScript of `/app`'s first load itself is in the first-load section (goal < 200 kB).
 *
 * `npm start` builds the web app when its build is stale. With DATABASE_URL, DATABASE_OWNER_URL and REDIS_URL set it
 * runs on them; otherwise on an embedded PostgreSQL and Redis in .data/bench-field-app (kept, so a second run is warm).
 */
const RELOADS = 20;

/** Home has rendered today's route: the list, or the sentence saying there is nothing today. */
async function routeShown(page: Page): Promise<void> {
  await page
    .getByRole("list", { name: "Today's route" })
    .or(page.getByText("Nothing on your route today"))
    .first()
    .waitFor({ state: "visible" });
}

const { env } = await benchEnvironment("bench-field-app", { LOG_LEVEL: "warn" });
const port = await freePort();
const product = startProduct(port, env);
try {
  await product.healthy;
  const baseUrl = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      extraHTTPHeaders: { "accept-encoding": "br, gzip" },
    });
    await signIn(context, baseUrl, "tech@demo.test");
    const precached: Promise<number>[] = [];
    context.on("requestfinished", (request) => {
      if (request.serviceWorker()) precached.push(request.sizes().then((sizes) => sizes.responseBodySize));
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/app`);
    await routeShown(page);
    // Installed and active: everything the shell needs is in its cache. A reload puts the page under its control.
    await page.evaluate(async () => navigator.serviceWorker.ready);
    await page.reload();
    await routeShown(page);
    const precacheBytes = (await Promise.all(precached)).reduce((sum, bytes) => sum + bytes, 0);

    await context.setOffline(true);
    const times: number[] = [];
    for (let reload = 0; reload < RELOADS; reload++) {
      const started = performance.now();
      await page.reload({ waitUntil: "commit" });
      await routeShown(page);
      times.push(performance.now() - started);
    }
    await context.close();

    const ms = (value: number) => `${value.toFixed(0)} ms`;
    console.log(`\nField app (/app) on a phone, the demo field user`);
    console.log(`  stored for offline by the service worker (precache, transferred): ${kb(precacheBytes)}`);
    console.log(
      `  offline reload to today's route (${RELOADS} reloads): p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, max ${ms(Math.max(...times))}`,
    );
  } finally {
    await browser.close();
  }
} finally {
  await stopProduct(product.child);
}
