import { parentPort, workerData } from "node:worker_threads";
import { optimizeRoutes, type RoutingProblemInput, type TravelMatrix } from "@fieldops/route-optimizer";
import { tableProvider } from "./travel-matrix.ts";

/** The optimizer's search, off the worker's event loop: see solveOffThread. */
const input = workerData as { problem: RoutingProblemInput; locations: { lat: number; lon: number }[]; table: TravelMatrix; deadline: number };
// The search gets what is left of the budget once this thread has loaded (which takes a moment).
const timeLimitMs = Math.max(200, input.deadline - Date.now());
const plan = await optimizeRoutes({ ...input.problem, options: { ...input.problem.options, timeLimitMs } }, { matrix: tableProvider(input.locations, input.table) });
parentPort!.postMessage(plan);
