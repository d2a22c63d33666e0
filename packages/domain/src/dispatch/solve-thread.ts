import { parentPort } from "node:worker_threads";
import {
  optimizeRoutes,
  type RoutingPlan,
  type RoutingProblemInput,
  type TravelMatrix,
} from "@fieldops/route-optimizer";
import { tableProvider } from "./travel-matrix.ts";

export interface SolveRequest {
  id: number;
  problem: RoutingProblemInput;
  locations: { lat: number; lon: number }[];
  table: TravelMatrix;
  deadline: number;
}
export type SolveReply = { id: number; plan: RoutingPlan } | { id: number; error: string };

/** The optimizer's searches, off the worker's event loop: see solveOffThread. */
parentPort?.on("message", (input: SolveRequest) => void solve(input).then((reply) => parentPort!.postMessage(reply)));

async function solve(input: SolveRequest): Promise<SolveReply> {
  try {
    // The search gets what is left of the budget when it starts (a search queued behind another gets less).
    const timeLimitMs = Math.max(200, input.deadline - Date.now());
    const options = { ...input.problem.options, timeLimitMs };
    const plan = await optimizeRoutes(
      { ...input.problem, options },
      { matrix: tableProvider(input.locations, input.table) },
    );
    return { id: input.id, plan };
  } catch (error) {
    return { id: input.id, error: error instanceof Error ? error.message : String(error) };
  }
}
