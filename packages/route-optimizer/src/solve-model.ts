import { checkFeasibility, type ModelRoute } from "./check-feasibility";
import type { RoutingModel } from "./model";
import { search, type SearchOptions } from "./search";

export interface ModelSolution {
  routes: ModelRoute[];
  unassigned: number[];
  cost: number;
  iterations: number;
  elapsedMs: number;
}

/** Solves a model and verifies the result independently of the search's incremental bookkeeping. */
export function solveModel(m: RoutingModel, opts: SearchOptions): ModelSolution {
  const result = search(m, opts);
  const routes: ModelRoute[] = result.solution.routes
    .filter((r) => r.visitCount > 0)
    .map((r) => ({ vehicle: r.vehicle, nodes: r.nodes.slice() }));
  const report = checkFeasibility(m, routes);
  if (!report.feasible)
    throw new Error(`route optimizer produced an infeasible plan: ${report.violations.slice(0, 5).join("; ")}`);
  return {
    routes,
    unassigned: result.solution.unassigned.slice().sort((a, b) => a - b),
    cost: result.cost,
    iterations: result.iterations,
    elapsedMs: result.elapsedMs,
  };
}
