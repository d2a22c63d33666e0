import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";

/**
 * Type-checks every package with its own tsconfig, so that each compiles against only the types it may use: the
 * web app against the DOM, server packages against Node, the shared contracts against neither.
 *
 * The check runs on TypeScript 7, the native compiler (`typescript-native`, an npm alias of typescript@7): the same
 * checker, about six times quicker here (30 s for all projects against 2 min 49 s on TypeScript 5.9). `typescript`
 * itself stays on 5.9 for typescript-eslint, whose type-aware rules need the JavaScript compiler API.
 */
const PROJECTS = [
  "packages/shared/tsconfig.json",
  "packages/shared/tsconfig.test.json",
  "packages/config/tsconfig.json",
  "packages/db/tsconfig.json",
  "packages/events/tsconfig.json",
  "packages/tasks/tsconfig.json",
  "packages/domain/tsconfig.json",
  "packages/route-optimizer/tsconfig.json",
  "apps/api/tsconfig.json",
  "apps/web/tsconfig.json",
  "apps/web/tsconfig.test.json",
  "workers/tsconfig.json",
  "machines/tsconfig.json",
  "machines/tsconfig.test.json",
  "tests/e2e/tsconfig.json",
  "tsconfig.json",
];

const tsc = join("node_modules", "typescript-native", "bin", "tsc");

function check(project: string): Promise<boolean> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [tsc, "--noEmit", "--pretty", "false", "-p", project], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${output}${code === 0 ? "ok  " : "FAIL"} ${project} (${seconds} s)\n`);
      resolve(code === 0);
    });
  });
}

const queue = PROJECTS.filter((project) => existsSync(project));
let failed = 0;
const lanes = Array.from({ length: Math.min(2, availableParallelism()) }, async () => {
  for (let project = queue.shift(); project; project = queue.shift()) if (!(await check(project))) failed += 1;
});
await Promise.all(lanes);
process.exit(failed === 0 ? 0 : 1);
