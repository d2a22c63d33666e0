import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { RoutingPlan, RoutingProblemInput } from "@fieldops/route-optimizer";
import type { DayMatrix } from "./travel-matrix.ts";

const require = createRequire(import.meta.url);
const THREAD_ENTRY = new URL("./solve-thread.ts", import.meta.url).href;

/**
 * Runs the optimizer's search (synchronous, for its whole budget) in a thread of its own, so the worker process
 * keeps renewing its jobs' locks and serving its other queues meanwhile. The search ends by `deadline` (epoch ms).
 */
export function solveOffThread(problem: RoutingProblemInput, matrix: DayMatrix, deadline: number): Promise<RoutingPlan> {
  return new Promise((resolve, reject) => {
    // The thread loads TypeScript through tsx's ESM API, whatever loader (or test runner) the parent runs under; the
    // package's require condition names its CommonJS build, whose ESM twin sits beside it.
    const boot = `import(${JSON.stringify(pathToFileURL(require.resolve("tsx/esm/api").replace(/\.cjs$/, ".mjs")).href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(THREAD_ENTRY)}); })`;
    const thread = new Worker(boot, { eval: true, workerData: { problem, locations: matrix.locations, table: matrix.table, deadline } });
    thread.once("message", (plan: RoutingPlan) => resolve(plan));
    thread.once("error", reject);
    thread.once("exit", (code) => {
      if (code !== 0) reject(new Error(`the optimizer's thread stopped with code ${code}`));
    });
  });
}
