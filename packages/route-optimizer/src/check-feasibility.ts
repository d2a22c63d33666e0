import { addDemand, isCompatible, serviceStart, type RoutingModel } from "./model";

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
 * capacity, time windows (waiting allowed), shift end, every break taken once within its window.
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
    let t = v.shiftStart;
    let svc = 0;
    let loc = v.startNode;
    const load = new Float64Array(m.nDims);
    for (const x of route.nodes) {
      if (x < 0) {
        const k = -x - 1;
        const b = v.breaks[k];
        if (b === undefined || breaksTaken[k] === 1) {
          violations.push(`vehicle ${route.vehicle}: bad break ${k}`);
          continue;
        }
        breaksTaken[k] = 1;
        t = Math.max(t + svc, b.earliest);
        svc = b.duration;
        if (t > b.latest + EPS) violations.push(`vehicle ${route.vehicle}: break ${k} starts late at ${t}`);
        continue;
      }
      if (x >= m.nVisits) {
        violations.push(`vehicle ${route.vehicle}: unknown visit ${x}`);
        continue;
      }
      if (seen[x] === 1) violations.push(`visit ${x} served twice`);
      seen[x] = 1;
      if (!isCompatible(m, x, route.vehicle)) violations.push(`visit ${x}: vehicle ${route.vehicle} lacks skills`);
      const arrival = t + svc + m.time[loc * n + x]!;
      t = serviceStart(m, x, arrival);
      if (t > m.late[x]! + EPS) violations.push(`visit ${x}: service starts at ${t} after ${m.late[x]}`);
      total += m.cost[loc * n + x]!;
      svc = m.service[x]!;
      addDemand(m, load, x);
      loc = x;
    }
    const end = t + svc + m.time[loc * n + v.endNode]!;
    total += m.cost[loc * n + v.endNode]!;
    if (end > v.shiftEnd + EPS) violations.push(`vehicle ${route.vehicle}: back at ${end} after shift end ${v.shiftEnd}`);
    load.forEach((l, d) => {
      const dimension = d === 0 ? "" : ` in dimension ${d}`;
      if (l > v.capacities[d]! + EPS) violations.push(`vehicle ${route.vehicle}: load ${l} over capacity ${v.capacities[d]}${dimension}`);
    });
    breaksTaken.forEach((taken, k) => {
      if (taken === 0) violations.push(`vehicle ${route.vehicle}: break ${k} not taken`);
    });
  }
  return { feasible: violations.length === 0, violations, cost: total };
}
