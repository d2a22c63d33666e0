import { LocalSearch } from "./local-search";
import type { RoutingModel } from "./model";
import { Rng } from "./rng";
import { defaultSisrParams, recreate, ruin, SisrWorkspace, sortForRecreate, type SisrParams } from "./sisr";
import { Solution } from "./solution";

export interface SearchOptions {
  seed: number;
  /** Wall-clock budget; the best solution found so far is returned when it ends. */
  timeLimitMs: number;
  /** Iteration cap; with it (and a generous time limit) a run is reproducible to the bit. */
  maxIterations?: number;
  /** Share of the budget spent removing routes for the vehicles-then-distance objective. */
  fleetShare?: number;
  /** Start from this solution (e.g. the current plan) instead of constructing one. */
  initial?: Solution;
  params?: Partial<SisrParams>;
  /** Simulated annealing temperatures, as multiples of the mean arc cost of the first solution. */
  startTemperature?: number;
  endTemperature?: number;
  now?: () => number;
}

export interface SearchResult {
  solution: Solution;
  cost: number;
  iterations: number;
  elapsedMs: number;
}

class Clock {
  private readonly t0: number;
  constructor(
    private readonly now: () => number,
    private readonly budgetMs: number,
    private readonly maxIterations: number,
  ) {
    this.t0 = now();
  }
  elapsed(): number {
    return this.now() - this.t0;
  }
  /** Fraction of the budget used, by time or iterations, whichever is further along. */
  progress(iterations: number): number {
    return Math.max(this.elapsed() / this.budgetMs, iterations / this.maxIterations);
  }
}

/** Runs SISR ruin-and-recreate under simulated annealing, after route elimination when vehicles come first. */
export function search(m: RoutingModel, opts: SearchOptions): SearchResult {
  const rng = new Rng(opts.seed);
  const params = { ...defaultSisrParams, ...opts.params };
  const ws = new SisrWorkspace(m, params, 40);
  const clock = new Clock(opts.now ?? (() => performance.now()), Math.max(1, opts.timeLimitMs), opts.maxIterations ?? Infinity);
  const counter = { stamp: 0, iterations: 0 };
  const maxVehicles = m.vehicles.length;
  if (m.nVisits === 0 || maxVehicles === 0) {
    const sol = Solution.empty(m);
    return { solution: sol, cost: sol.cost(m), iterations: 0, elapsedMs: clock.elapsed() };
  }

  let current = opts.initial ?? construct(ws, rng, counter, maxVehicles);
  let maxRoutes = maxVehicles;
  if (m.objective === "vehicles-then-distance" && current.unassigned.length === 0) {
    const share = opts.fleetShare ?? 0.5;
    current = eliminateRoutes(ws, current, rng, counter, (it) => clock.progress(it) >= share);
    maxRoutes = current.usedRoutes();
  }

  const used = Math.max(1, m.nVisits - current.unassigned.length + current.usedRoutes());
  const scale = Math.max(1e-9, current.routeCost() / used);
  const t0 = (opts.startTemperature ?? 0.5) * scale;
  const tf = (opts.endTemperature ?? 0.005) * scale;
  const ls = new LocalSearch(ws, 20);
  let currentCost = current.cost(m);
  let best = current;
  let bestCost = currentCost;
  for (;;) {
    const progress = clock.progress(counter.iterations);
    if (progress >= 1) break;
    const temperature = t0 * Math.pow(tf / t0, progress);
    const cand = current.fork();
    counter.stamp++;
    counter.iterations++;
    const loose = ruin(ws, cand, rng, counter.stamp);
    for (const u of cand.unassigned) loose.push(u);
    cand.unassigned = [];
    sortForRecreate(ws, loose, rng);
    recreate(ws, cand, loose, rng, counter.stamp, maxRoutes);
    let c = cand.cost(m);
    if (c < bestCost - 1e-9) {
      ls.run(cand, rng, counter.stamp);
      c = cand.cost(m);
    }
    if (c < currentCost - temperature * Math.log(rng.next())) {
      current = cand;
      currentCost = c;
      if (c < bestCost - 1e-9) {
        best = cand;
        bestCost = c;
      }
    }
  }
  return { solution: best, cost: bestCost, iterations: counter.iterations, elapsedMs: clock.elapsed() };
}

interface Counter {
  stamp: number;
  iterations: number;
}

function construct(ws: SisrWorkspace, rng: Rng, counter: Counter, maxRoutes: number): Solution {
  const sol = Solution.empty(ws.m);
  const loose = sol.unassigned;
  sol.unassigned = [];
  loose.sort((a, b) => ws.depotDistance[b]! - ws.depotDistance[a]!);
  counter.stamp++;
  recreate(ws, sol, loose, null, counter.stamp, maxRoutes);
  void rng;
  return sol;
}

/**
 * SISR's fleet minimisation: drop the smallest route, then ruin and recreate with one route fewer, accepting a
 * candidate that leaves fewer visits out or whose left-out visits have been absent less often.
 */
function eliminateRoutes(ws: SisrWorkspace, start: Solution, rng: Rng, counter: Counter, done: (iterations: number) => boolean): Solution {
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
      if (route.visitCount > 0 && (smallest < 0 || route.visitCount < current.routes[smallest]!.visitCount)) smallest = r;
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
      const cand = current.fork();
      counter.stamp++;
      counter.iterations++;
      const loose = ruin(ws, cand, rng, counter.stamp);
      for (const u of cand.unassigned) loose.push(u);
      cand.unassigned = [];
      sortForRecreate(ws, loose, rng);
      recreate(ws, cand, loose, rng, counter.stamp, target);
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
