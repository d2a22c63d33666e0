import { defineConfig } from "vitest/config";

// Suffixes say what a test needs: *.test.ts(x) runs alone, *.integration.test.ts needs PostgreSQL and Redis,
// *.e2e.ts is Playwright's (never collected here).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["**/*.test.ts", "**/*.test.tsx"],
          exclude: ["**/*.integration.test.ts", "node_modules/**", "dist/**"],
          environment: "node",
          // Vitest's default is one worker fewer than the cores: one on a 2-core machine. The main process only waits,
          // so two workers keep both cores busy (the phase takes about 40% less).
          maxWorkers: 2,
          // A worker's files share its imported modules instead of importing them again for each file (the phase takes
          // about half as long). No file mocks a module, and one that stubs a global or sets the environment restores it.
          isolate: false,
          // Pages load on demand (React.lazy): a screen's first render in a file waits for its modules' transform.
          // No test asserts a duration, so a slow machine only needs the room.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["**/*.integration.test.ts"],
          exclude: ["node_modules/**", "dist/**"],
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts"],
          setupFiles: ["tests/integration/fresh-redis.ts"],
          // Two files at a time on 2 cores, each worker on a database and a Redis index of its own (global setup).
          maxWorkers: 2,
          // Each file in a fresh module context, unlike the unit project: a file that installs process-wide state (the
          // tracing SDK's global provider, workers in this process) must not reach the next file. Sharing modules took
          // the phase from 709 s to 325 s here, but one full run saw a worker-kill test's e-mail taken elsewhere.
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
