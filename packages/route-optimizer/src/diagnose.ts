import type { UnassignedReason } from "./contract";
import type { ModelRoute } from "./check-feasibility";
import { isCompatible, type RoutingModel } from "./model";
import { simulateRoute } from "./route";

/** Why a visit is left out of `routes`: the first of skills, capacity, reachability and room that rules it out. */
export function unassignedReason(m: RoutingModel, visit: number, routes: readonly ModelRoute[]): UnassignedReason {
  const crews = m.vehicles.map((_, k) => k);
  const skilled = crews.filter((k) => isCompatible(m, visit, k));
  if (skilled.length === 0) return "no_crew_with_skills";
  const roomy = skilled.filter((k) =>
    m.vehicles[k]!.capacities.every((cap, d) => cap >= m.demand[d * m.nNodes + visit]!),
  );
  if (roomy.length === 0) return "capacity";
  const reachable = roomy.filter((k) => {
    const breaks = m.vehicles[k]!.breaks.map((_, b) => -(b + 1));
    for (let at = 0; at <= breaks.length; at++) if (simulateRoute(m, k, breaks, visit, at) < Infinity) return true;
    return false;
  });
  if (reachable.length === 0) return "time_window_unreachable";
  const fits = routes.some((r) => {
    if (!isCompatible(m, visit, r.vehicle)) return false;
    for (let at = 0; at <= r.nodes.length; at++)
      if (simulateRoute(m, r.vehicle, r.nodes, visit, at) < Infinity) return true;
    return false;
  });
  const idleCrew = reachable.some((k) => !routes.some((r) => r.vehicle === k && r.nodes.some((x) => x >= 0)));
  return fits || idleCrew ? "cost_exceeds_penalty" : "no_room_in_shifts";
}
