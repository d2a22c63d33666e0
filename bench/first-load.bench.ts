import { chromium } from "@playwright/test";
import { homePathForRole } from "@fieldops/shared/roles";
import { chromiumLaunchOptions } from "../playwright.config.ts";
import { freePort } from "../scripts/start/free-port.ts";
import { benchEnvironment, startProduct, stopProduct } from "./product.ts";
import { kb, measureFirstLoad, type FirstRoute, type JavaScriptBytes } from "./browser-load.ts";

/**
 * `npm run bench` (first-load section; alone: `npm run bench:first-load`): the JavaScript a first visit downloads, per
 * first route, in Debian's Chromium with an empty cache: a visitor on `/` and `/login`, the demo owner on their
 * dashboard, the demo field user in the field app `/app` (both signed in beforehand through the API, as the sign-in page
 * would). Bytes as transferred with `Accept-Encoding: br, gzip` (encoded bodies) and uncompressed, beside the goals.
 *
 * `npm start` builds the web app when its build is stale. With DATABASE_URL, DATABASE_OWNER_URL and REDIS_URL set it
 * runs on them; otherwise on an embedded PostgreSQL and Redis in .data/bench-first-load (kept, so a second run is warm).
 */
const ROUTES: FirstRoute[] = [
  { label: "visitor /", path: "/" },
  { label: "visitor /login", path: "/login", goalKb: 150 },
  { label: "owner dashboard", path: homePathForRole("owner"), email: "owner@demo.test", goalKb: 250 },
  // The field app (issue 26: under 200 kB); what its service worker then stores for offline: bench/field-app.bench.ts.
  { label: "field user /app", path: homePathForRole("field_user"), email: "tech@demo.test", goalKb: 200 },
];

const { env } = await benchEnvironment("bench-first-load", { LOG_LEVEL: "warn" });
const port = await freePort();
const product = startProduct(port, env);
try {
  await product.healthy;
  const baseUrl = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch(chromiumLaunchOptions);
  const rows: [FirstRoute, JavaScriptBytes][] = [];
  try {
    for (const route of ROUTES) rows.push([route, await measureFirstLoad(browser, baseUrl, route)]);
  } finally {
    await browser.close();
  }
  console.log(`\nJavaScript of a first load (empty cache), Accept-Encoding: br, gzip`);
  console.log(
    `  ${"first route".padEnd(22)}${"files".padStart(6)}${"transferred".padStart(14)}${"uncompressed".padStart(15)}  goal`,
  );
  for (const [route, bytes] of rows) {
    const goal = route.goalKb
      ? `< ${route.goalKb} kB ${bytes.transferred < route.goalKb * 1000 ? "met" : "NOT met"}`
      : "";
    console.log(
      `  ${route.label.padEnd(22)}${String(bytes.files).padStart(6)}${kb(bytes.transferred).padStart(14)}${kb(bytes.uncompressed).padStart(15)}  ${goal}`,
    );
  }
} finally {
  await stopProduct(product.child);
}
