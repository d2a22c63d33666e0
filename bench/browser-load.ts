import type { Browser, BrowserContext } from "@playwright/test";
import { DEMO_PASSWORD } from "@fieldops/db/seed-demo-world";
import { AUTH_TOKEN_STORAGE_KEY, authEndpoints } from "@fieldops/shared/auth";

/** What the first-load benches share: signing a context in as the sign-in page would, and the scripts a load downloads. */

/** A first load to measure: a route, the demo user signed in first (none for a visitor). */
export interface FirstRoute {
  label: string;
  path: string;
  email?: string;
  goalKb?: number;
}

export interface JavaScriptBytes {
  transferred: number;
  uncompressed: number;
  files: number;
}

export async function signIn(context: BrowserContext, baseUrl: string, email: string): Promise<void> {
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
export const LIST_FILES = process.argv.includes("--files");

/** Loads `route` in a fresh context (empty cache) and sums the JavaScript it downloaded until the network was idle. */
export async function measureFirstLoad(browser: Browser, baseUrl: string, route: FirstRoute): Promise<JavaScriptBytes> {
  const context = await browser.newContext({ extraHTTPHeaders: { "accept-encoding": "br, gzip" } });
  try {
    if (route.email) await signIn(context, baseUrl, route.email);
    const page = await context.newPage();
    const scripts: Promise<{ name: string; transferred: number; uncompressed: number }>[] = [];
    // Until the network is idle: a script that finishes later is not part of the first load (and its body may be
    // asked for after the context is closed).
    let loading = true;
    page.on("requestfinished", (request) => {
      if (!loading || request.resourceType() !== "script") return;
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
    loading = false;
    const sizes = await Promise.all(scripts);
    if (LIST_FILES) {
      console.log(`\n${route.label}: its biggest scripts, as transferred`);
      for (const file of [...sizes].sort((a, b) => b.transferred - a.transferred).slice(0, 15))
        console.log(`  ${(file.transferred / 1000).toFixed(1).padStart(7)} kB  ${file.name}`);
    }
    return sumScripts(sizes);
  } finally {
    await context.close();
  }
}

/** The scripts' bytes added up. */
export function sumScripts(sizes: readonly { transferred: number; uncompressed: number }[]): JavaScriptBytes {
  return sizes.reduce<JavaScriptBytes>(
    (sum, file) => ({
      transferred: sum.transferred + file.transferred,
      uncompressed: sum.uncompressed + file.uncompressed,
      files: sum.files + 1,
    }),
    { transferred: 0, uncompressed: 0, files: 0 },
  );
}

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
