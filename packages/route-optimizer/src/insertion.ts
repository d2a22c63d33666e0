import { hasWindows, serviceStart, type RoutingModel } from "./model";
import type { Rng } from "./rng";
import { simulateRoute, type Route } from "./route";

/** Receives the objective delta of the position `bestPositionInRoute` returns (no allocation per call). */
export interface InsertionOut {
  delta: number;
}

/**
 * Cheapest feasible position of `visit` in `route` cheaper than `bestSoFar`, or -1; its delta goes to `out`.
 * With `blink` > 0 each position is skipped with that probability (SISR's blinks diversify recreation).
 */
export function bestPositionInRoute(
  m: RoutingModel,
  route: Route,
  visit: number,
  rng: Rng | null,
  blink: number,
  bestSoFar: number,
  out: InsertionOut,
): number {
  const v = m.vehicles[route.vehicle]!;
  if (route.load + m.demand[visit]! > v.capacity) return -1;
  if (m.nDims > 1 && !route.fitsOtherDimensions(m, visit)) return -1;
  const nodes = route.nodes;
  const len = nodes.length;
  let bestDelta = bestSoFar;
  let bestPos = -1;
  if (route.hasBreaks) {
    for (let p = 0; p <= len; p++) {
      if (rng !== null && blink > 0 && rng.next() < blink) continue;
      const c = simulateRoute(m, route.vehicle, nodes, visit, p);
      const delta = c - route.cost;
      if (delta < bestDelta) {
        bestDelta = delta;
        bestPos = p;
      }
    }
    out.delta = bestDelta;
    return bestPos;
  }
  const n = m.nNodes;
  const time = m.time;
  const cost = m.cost;
  const service = m.service;
  const earliest = route.earliest;
  const latest = route.latest;
  const e = m.early[visit]!;
  const l = m.late[visit]!;
  const s = m.service[visit]!;
  const rowV = visit * n;
  const blinking = rng !== null && blink > 0;
  const several = hasWindows(m.windows, visit);
  // Latest starts strictly grow along a route and the visit cannot finish before e + s (e: its first window's
  // opening when it has several), so every position whose successor must start before that is infeasible:
  // binary-search past them.
  const need = e + s;
  let lo = 0;
  let hi = len;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (latest[mid + 1]! < need) lo = mid + 1;
    else hi = mid;
  }
  let prev = lo === 0 ? v.startNode : nodes[lo - 1]!;
  for (let p = lo; p <= len; p++) {
    const next = p < len ? nodes[p]! : v.endNode;
    const rowP = prev * n;
    const arr = earliest[p]! + service[prev]! + time[rowP + visit]!;
    // Earliest start times only grow along a route, so once too late (l: its last window's end), every later
    // position is too.
    if (arr > l) break;
    // An empty route costs nothing (the crew stays put), so its first visit pays both legs in full.
    const delta = cost[rowP + visit]! + cost[rowV + next]! - (len === 0 ? 0 : cost[rowP + next]!);
    if (delta < bestDelta && (!blinking || rng.next() >= blink)) {
      const start = several ? serviceStart(m, visit, arr) : arr > e ? arr : e;
      if (start + s + time[rowV + next]! <= latest[p + 1]!) {
        bestDelta = delta;
        bestPos = p;
      }
    }
    prev = next;
  }
  out.delta = bestDelta;
  return bestPos;
}
