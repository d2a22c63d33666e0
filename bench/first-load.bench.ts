import { chromium, type BrowserContext } from "@playwright/test";
import { DEMO_PASSWORD } from "@fieldops/db/seed-demo-world";
import { AUTH_TOKEN_STORAGE_KEY, authEndpoints } from "@fieldops/shared/auth";
import { homePathForRole } from "@fieldops/shared/roles";
import { chromiumLaunchOptions } from "../playwright.config.ts";
import { freePort } from "../scripts/start/free-port.ts";
import { benchEnvironment, startProduct, stopProduct } from "./product.ts";

/**
 * `npm run bench` (first-load section; alone: `npm run bench:first-load`): the JavaScript a first visit downloads, per
 * first route, in Debian's Chromium with an empty cache: a visitor on `/` and `/login`, the demo owner on their
 * dashboard, the demo field user on `/userdash` (both signed in beforehand through the API, as the sign-in page
 * would). Bytes as transferred with `Accept-Encoding: br, gzip` (encoded bodies) and uncompressed, beside the goals.
 *
 * `npm start` builds the web app when its build is stale. With DATABASE_URL, DATABASE_OWNER_URL and REDIS_URL set it
 * runs on them; otherwise on an embedded PostgreSQL and Redis in .data/bench-first-load (kept, so a second run is warm).
 */
interface FirstRoute {
  label: string;
  path: string;
  /** The demo user signed in first; none for a visitor. */
  email?: string;
  goalKb?: number;
}

const ROUTES: FirstRoute[] = [
  { label: "visitor /", path: "/" },
  { label: "visitor /login", path: "/login", goalKb: 150 },
  { label: "owner dashboard", path: homePathForRole("owner"), email: "owner@demo.test", goalKb: 250 },
  { label: "field user /userdash", path: homePathForRole("field_user"), email: "tech@demo.test" },
];

interface JavaScriptBytes {
  transferred: number;
  uncompressed: number;
  files: number;
}

async function signIn(context: BrowserContext, baseUrl: string, email: string): Promise<void> {
  const response = await context.request.post(`${baseUrl}${authEndpoints.login.path}`, {
    data: { username: email, password: DEMO_PASSWORD },
  });
  if (!response.ok()) throw new Error(`sign-in as ${email}: ${response.status()} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  // As the sign-in page leaves it: the token in the page's storage (the session cookie is in the context already).
  await context.addInitScript(
    `localStorage.setItem(${JSON.stringify(AUTH_TOKEN_STORAGE_KEY)}, ${JSON.stringify(token)})`,
  );
}

/** `--files` lists each route's biggest scripts, to see where the bytes go. */
const LIST_FILES = process.argv.includes("--files");

/** Loads `route` in a fresh context (empty cache) and sums the JavaScript it downloaded until the network was idle. */
async function measure(browser: Awaited<ReturnType<typeof chromium.launch>>, baseUrl: string, route: FirstRoute) {
  const context = await browser.newContext({ extraHTTPHeaders: { "accept-encoding": "br, gzip" } });
  try {
    if (route.email) await signIn(context, baseUrl, route.email);
    const page = await context.newPage();
    const scripts: Promise<{ name: string; transferred: number; uncompressed: number }>[] = [];
    page.on("requestfinished", (request) => {
      if (request.resourceType() !== "script") return;
      scripts.push(
        (async () => {
          const response = await request.response();
          const [sizes, body] = await Promise.all([request.sizes(), response!.body()]);
          const name = new URL(request.url()).pathname.split("/").pop() ?? request.url();
          return { name, transferred: sizes.responseBodySize, uncompressed: body.length };
        })(),
      );
    });
    const response = await page.goto(`${baseUrl}${route.path}`, { waitUntil: "networkidle" });
    if (!response?.ok()) throw new Error(`${route.path}: ${response?.status()}`);
    if (new URL(page.url()).pathname !== route.path) throw new Error(`${route.path} went to ${page.url()}`);
    const sizes = await Promise.all(scripts);
    if (LIST_FILES) {
      console.log(`\n${route.label}: its biggest scripts, as transferred`);
      for (const file of [...sizes].sort((a, b) => b.transferred - a.transferred).slice(0, 15))
        console.log(`  ${(file.transferred / 1000).toFixed(1).padStart(7)} kB  ${file.name}`);
    }
    return sizes.reduce<JavaScriptBytes>(
      (sum, file) => ({
        transferred: sum.transferred + file.transferred,
        uncompressed: sum.uncompressed + file.uncompressed,
        files: sum.files + 1,
      }),
      { transferred: 0, uncompressed: 0, files: 0 },
    );
  } finally {
    await context.close();
  }
}

const { env } = await benchEnvironment("bench-first-load", { LOG_LEVEL: "warn" });
const port = await freePort();
const product = startProduct(port, env);
try {
  await product.healthy;
  const baseUrl = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch(chromiumLaunchOptions);
  const rows: [FirstRoute, JavaScriptBytes][] = [];
  try {
    for (const route of ROUTES) rows.push([route, await measure(browser, baseUrl, route)]);
  } finally {
    await browser.close();
  }
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
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
