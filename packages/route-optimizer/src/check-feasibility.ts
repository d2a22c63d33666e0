import { addDemand, isCompatible, type RoutingModel } from "./model";
import { scheduleRoute } from "./schedule";

export interface ModelRoute {
  vehicle: number;
  /** Visit ids; -(k+1) is the vehicle's break k. */
  nodes: readonly number[];
}

export interface FeasibilityReport {
  feasible: boolean;
  violations: string[];
  cost: number;
}

const EPS = 1e-6;

/**
 * Checks routes against the model from scratch (no search data structures): each visit at most once, skills,
 * capacity, time windows (waiting allowed), shift end, every break taken once within its window. Times follow the
 * one schedule rule (scheduleRoute); the route's cost is summed here again.
 */
export function checkFeasibility(m: RoutingModel, routes: readonly ModelRoute[]): FeasibilityReport {
  const violations: string[] = [];
  const seen = new Uint8Array(m.nVisits);
  const vehicleUsed = new Uint8Array(m.vehicles.length);
  const n = m.nNodes;
  let total = 0;
  for (const route of routes) {
    const v = m.vehicles[route.vehicle];
    if (v === undefined) {
      violations.push(`unknown vehicle ${route.vehicle}`);
      continue;
    }
    if (vehicleUsed[route.vehicle] === 1) violations.push(`vehicle ${route.vehicle} has two routes`);
    vehicleUsed[route.vehicle] = 1;
    if (!route.nodes.some((x) => x >= 0)) continue;
    const breaksTaken = new Uint8Array(v.breaks.length);
    const load = new Float64Array(m.nDims);
    const nodes: number[] = [];
    for (const x of route.nodes) {
      if (x < 0) {
        const k = -x - 1;
        if (v.breaks[k] === undefined || breaksTaken[k] === 1)
          violations.push(`vehicle ${route.vehicle}: bad break ${k}`);
        else {
          breaksTaken[k] = 1;
          nodes.push(x);
        }
        continue;
      }
      if (x >= m.nVisits) {
        violations.push(`vehicle ${route.vehicle}: unknown visit ${x}`);
        continue;
      }
      if (seen[x] === 1) violations.push(`visit ${x} served twice`);
      seen[x] = 1;
      if (!isCompatible(m, x, route.vehicle)) violations.push(`visit ${x}: vehicle ${route.vehicle} lacks skills`);
      addDemand(m, load, x);
      nodes.push(x);
    }
    const schedule = scheduleRoute(m, route.vehicle, nodes);
    let loc = v.startNode;
    for (const { node: x, start } of schedule.stops) {
      if (x < 0) {
        if (start > v.breaks[-x - 1]!.latest + EPS)
          violations.push(`vehicle ${route.vehicle}: break ${-x - 1} starts late at ${start}`);
        continue;
      }
      if (start > m.late[x]! + EPS) violations.push(`visit ${x}: service starts at ${start} after ${m.late[x]}`);
      total += m.cost[loc * n + x]!;
      loc = x;
    }
    total += m.cost[loc * n + v.endNode]!;
    if (schedule.end > v.shiftEnd + EPS)
      violations.push(`vehicle ${route.vehicle}: back at ${schedule.end} after shift end ${v.shiftEnd}`);
    load.forEach((l, d) => {
      const dimension = d === 0 ? "" : ` in dimension ${d}`;
      if (l > v.capacities[d]! + EPS)
        violations.push(`vehicle ${route.vehicle}: load ${l} over capacity ${v.capacities[d]}${dimension}`);
    });
    breaksTaken.forEach((taken, k) => {
      if (taken === 0) violations.push(`vehicle ${route.vehicle}: break ${k} not taken`);
    });
  }
  return { feasible: violations.length === 0, violations, cost: total };
}
