import { buildModel, type BuiltModel } from "./build-model";
import { routingProblemSchema, type RoutingPlan, type RoutingProblemInput } from "./contract";
import { haversineMatrix } from "./matrix/haversine";
import type { MatrixProvider } from "./matrix/types";
import { planFromRoutes } from "./plan";
import { solveModel } from "./solve-model";

export interface OptimizeDeps {
  /** Travel times and distances; straight-line estimates (`haversineMatrix()`) when omitted. */
  matrix?: MatrixProvider;
}

/**
 * Plans routes for crews: the entry point for the `optimize_routes` worker. The result is a proposal (nothing is
 * changed anywhere), so a caller can show it beside the current plan before applying it.
 */
export async function optimizeRoutes(input: RoutingProblemInput, deps: OptimizeDeps = {}): Promise<RoutingPlan> {
  const problem = routingProblemSchema.parse(input);
  const built = await buildModel(problem, deps.matrix ?? haversineMatrix());
  return solveBuilt(built);
}

export function solveBuilt(built: BuiltModel): RoutingPlan {
  const o = built.problem.options;
  // With an iteration cap the search's clock stands still: its progress (and so the annealing temperature) counts
  // iterations alone, and nothing in the run depends on the machine's speed or load.
  const clock = o.maxIterations === undefined ? {} : { now: () => 0 };
  const sol = solveModel(built.model, {
    seed: o.seed,
    timeLimitMs: o.timeLimitMs,
    maxIterations: o.maxIterations,
    ...clock,
  });
  return planFromRoutes(built, sol.routes, sol.unassigned);
}
