import type { RoutingModel } from "../model";
import { simulateRoute } from "../route";

/** The cheapest objective delta of inserting `visit` into vehicle 0's `nodes`, by simulating every position. */
export function bruteForceInsertion(
  m: RoutingModel,
  nodes: readonly number[],
  visit: number,
  routeCost: number,
): number {
  let best = Infinity;
  for (let p = 0; p <= nodes.length; p++) best = Math.min(best, simulateRoute(m, 0, nodes, visit, p) - routeCost);
  return best;
}

export interface DayScore {
  requiredOut: number;
  /** Travel plus the penalties of the optional visits left out. */
  cost: number;
}

/** Required visits left out, then cost, of serving `served` with `travel`. */
export function dayScore(m: RoutingModel, served: readonly number[], travel: number): DayScore {
  let requiredOut = 0;
  let cost = travel;
  for (let u = 0; u < m.nVisits; u++) {
    if (served.includes(u)) continue;
    if (m.required[u] === 1) requiredOut++;
    else cost += m.penalty[u]!;
  }
  return { requiredOut, cost };
}

/** The score of routes as simulated. */
export const routesScore = (
  m: RoutingModel,
  routes: readonly { vehicle: number; nodes: readonly number[] }[],
): DayScore =>
  dayScore(
    m,
    routes.flatMap((r) => r.nodes.filter((x) => x >= 0)),
    routes.reduce((a, r) => a + simulateRoute(m, r.vehicle, r.nodes, -1, -1), 0),
  );

/** The best score vehicle 0 can reach, over every sequence of visits and every place of its break (one at most). */
export function bruteForceBestDay(m: RoutingModel): DayScore {
  if (m.vehicles[0]!.breaks.length > 1) throw new Error("one break at most");
  const withBreak = m.vehicles[0]!.breaks.length === 1;
  let best = dayScore(m, [], 0);
  const extend = (seq: number[]) => {
    for (let p = 0; p <= (withBreak ? seq.length : 0); p++) {
      const nodes = withBreak ? [...seq.slice(0, p), -1, ...seq.slice(p)] : seq;
      const travel = seq.length === 0 ? 0 : simulateRoute(m, 0, nodes, -1, -1);
      if (travel === Infinity) continue;
      const s = dayScore(m, seq, travel);
      if (s.requiredOut < best.requiredOut || (s.requiredOut === best.requiredOut && s.cost < best.cost - 1e-9))
        best = s;
    }
    for (let u = 0; u < m.nVisits; u++) if (!seq.includes(u)) extend([...seq, u]);
  };
  extend([]);
  return best;
}
