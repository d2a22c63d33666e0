import type { RoutingModel } from "./model";
import type { Rng } from "./rng";
import { ruinAndRecreate, type SearchCounter, type SisrWorkspace } from "./sisr";
import type { Solution } from "./solution";

/**
 * SISR's fleet minimisation: drop the smallest route, then ruin and recreate with one route fewer, accepting a
 * candidate that leaves fewer visits out or whose left-out visits have been absent less often.
 */
export function eliminateRoutes(
  ws: SisrWorkspace,
  start: Solution,
  rng: Rng,
  counter: SearchCounter,
  done: (iterations: number) => boolean,
): Solution {
  const m = ws.m;
  const absences = new Int32Array(m.nVisits);
  const lowerBound = demandLowerBound(m);
  let best = start;
  const absenceSum = (s: Solution): number => {
    let t = 0;
    for (const u of s.unassigned) t += absences[u]!;
    return t;
  };
  while (!done(counter.iterations) && best.usedRoutes() > lowerBound) {
    const target = best.usedRoutes() - 1;
    let current = best.fork();
    counter.stamp++;
    let smallest = -1;
    for (let r = 0; r < current.routes.length; r++) {
      const route = current.routes[r]!;
      if (route.visitCount > 0 && (smallest < 0 || route.visitCount < current.routes[smallest]!.visitCount))
        smallest = r;
    }
    const route = current.touch(smallest, counter.stamp);
    for (const x of route.nodes) {
      if (x >= 0) {
        current.unassigned.push(x);
        current.routeOf[x] = -1;
      }
    }
    route.nodes = route.nodes.filter((x) => x < 0);
    route.update(m);
    let currentAbs = absenceSum(current);
    while (current.unassigned.length > 0 && !done(counter.iterations)) {
      const cand = ruinAndRecreate(ws, current, rng, counter, target);
      const candAbs = absenceSum(cand);
      if (cand.unassigned.length < current.unassigned.length || candAbs < currentAbs) {
        current = cand;
        currentAbs = candAbs;
      }
      for (const u of current.unassigned) absences[u] = absences[u]! + 1;
      currentAbs += current.unassigned.length;
    }
    if (current.unassigned.length > 0) break;
    best = current;
  }
  return best;
}

function demandLowerBound(m: RoutingModel): number {
  let total = 0;
  for (let i = 0; i < m.nVisits; i++) total += m.demand[i]!;
  let cap = 0;
  for (const v of m.vehicles) cap = Math.max(cap, v.capacity);
  return cap > 0 && total > 0 ? Math.ceil(total / cap) : 1;
}
