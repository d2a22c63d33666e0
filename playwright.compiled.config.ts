import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./playwright.config.ts";
import { workerServer } from "./tests/e2e/e2e-servers.ts";

// `npm run test:build`: the smoke test of the compiled build (`npm run build`, then NODE_ENV=production with plain
// `node`), on the first end-to-end product's port, database and Redis index (the end-to-end phase comes after it).
const server = workerServer();

export default defineConfig({
  testDir: "tests/compiled-build",
  testMatch: /.*\.e2e\.ts$/,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${server.port}`,
    trace: "retain-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: "npx tsx tests/compiled-build/serve.ts",
    url: `http://127.0.0.1:${server.port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    env: { FIELDOPS_DATA_DIR: join(tmpdir(), `fieldops-compiled-${server.port}`) },
  },
});
