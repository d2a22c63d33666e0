import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { RoutingPlan, RoutingProblemInput } from "@fieldops/route-optimizer";
import type { DayMatrix } from "./travel-matrix.ts";
import type { SolveReply, SolveRequest } from "./solve-thread.ts";

const require = createRequire(import.meta.url);
/** Compiled by `npm run build`, this file sits beside the thread's compiled entry, which Node runs as it is. */
const COMPILED = import.meta.url.endsWith(".js");
const THREAD_ENTRY = new URL(COMPILED ? "./solve-thread.js" : "./solve-thread.ts", import.meta.url);

interface Pending {
  resolve(plan: RoutingPlan): void;
  reject(error: Error): void;
}

let thread: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;

function failAll(error: Error) {
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
}

/**
 * The thread's code that loads TypeScript through tsx's ESM API, whatever loader (or test runner) the parent runs
 * under; the package's require condition names its CommonJS build, whose ESM twin sits beside it.
 */
function tsxBoot(): string {
  const tsx = pathToFileURL(require.resolve("tsx/esm/api").replace(/\.cjs$/, ".mjs")).href;
  return `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(THREAD_ENTRY.href)}); })`;
}

/**
 * The one optimizer thread of this process, started on first use and kept: loading TypeScript into a new thread
 * costs about a second of CPU, which a thread per job took from the search's budget on a busy machine. Unref'd, so
 * it never keeps the process alive; started again after a crash.
 */
function solverThread(): Worker {
  if (thread) return thread;
  const started = COMPILED ? new Worker(THREAD_ENTRY) : new Worker(tsxBoot(), { eval: true });
  started.unref();
  started.on("message", (reply: SolveReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if ("plan" in reply) waiting.resolve(reply.plan);
    else waiting.reject(new Error(reply.error));
  });
  started.on("error", (error) => {
    thread = null;
    failAll(error);
  });
  started.on("exit", (code) => {
    thread = null;
    failAll(new Error(`the optimizer's thread stopped with code ${code}`));
  });
  thread = started;
  return started;
}

/**
 * Runs the optimizer's search (synchronous, for its whole budget) off the worker's event loop, so the worker process
 * keeps renewing its jobs' locks and serving its other queues meanwhile. The search ends by `deadline` (epoch ms).
 * Searches asked for at once run one after the other in the thread.
 */
export function solveOffThread(
  problem: RoutingProblemInput,
  matrix: DayMatrix,
  deadline: number,
): Promise<RoutingPlan> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    const request: SolveRequest = { id, problem, locations: matrix.locations, table: matrix.table, deadline };
    solverThread().postMessage(request);
  });
}
