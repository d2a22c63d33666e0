import { defineConfig } from "@playwright/test";
import { E2E_WORKERS, e2eServer, serverEnv, workerServer } from "./tests/e2e/e2e-servers.ts";

/** How Chromium is launched, for the end-to-end tests and the first-load bench. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the whole product started by the
// same code as `npm start`, on a fresh database. Files run on E2E_WORKERS workers at once, each worker against a
// product of its own (tests/e2e/e2e-servers.ts); a file's tests run in order, in one worker. Each worker loads this
// file again, so `baseURL` is its own product's.
export default defineConfig({
  testDir: "tests/e2e",
  testMatch: /.*\.e2e\.ts$/,
  fullyParallel: false,
  workers: E2E_WORKERS,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  // A first render can take several seconds on a machine shared with other work; waiting longer hides no failure.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${workerServer().port}`,
    trace: "retain-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  // Started one after the other: the first builds the web app when its sources changed, the next finds it built.
  webServer: Array.from({ length: E2E_WORKERS }, (_, slot) => {
    const server = e2eServer(slot);
    return {
      command: "npx tsx tests/e2e/serve.ts",
      url: `http://127.0.0.1:${server.port}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "pipe" as const,
      stderr: "pipe" as const,
      env: serverEnv(server),
    };
  }),
});
