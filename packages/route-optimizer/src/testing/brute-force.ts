import type { RoutingModel } from "../model";
import { simulateRoute } from "../route";

/** The cheapest objective delta of inserting `visit` into vehicle 0's `nodes`, by simulating every position. */
export function bruteForceInsertion(m: RoutingModel, nodes: readonly number[], visit: number, routeCost: number): number {
  let best = Infinity;
  for (let p = 0; p <= nodes.length; p++) best = Math.min(best, simulateRoute(m, 0, nodes, visit, p) - routeCost);
  return best;
}
