import { z } from "zod";
import { LocalSearch } from "./local-search";
import type { RoutingModel } from "./model";
import { Rng } from "./rng";
import { eliminateRoutes } from "./fleet-min";
import {
  defaultSisrParams,
  recreate,
  ruinAndRecreate,
  sisrParamsSchema,
  SisrWorkspace,
  type SearchCounter,
} from "./sisr";
import { Solution } from "./solution";

/** The search's tuning knobs, each optional (the defaults are measured on the benchmark sets). */
export const searchTuningSchema = z.strictObject({
  /** Iteration cap; with it (and a generous time limit) a run is reproducible to the bit. */
  maxIterations: z.number().int().positive().optional(),
  /** Share of the budget spent removing routes for the vehicles-then-distance objective. */
  fleetShare: z.number().min(0).max(1).optional(),
  /** Share of the budget for each leg of a race between free annealing and fewer routes (0, the default: no race; 0.06 tried). */
  fleetRaceShare: z.number().min(0).max(0.2).optional(),
  params: sisrParamsSchema.partial().optional(),
  /** Neighbours each visit is tried against by the local search on new bests; 0 turns it off. */
  localSearchGranularity: z.number().int().min(0).optional(),
  /** Share of candidates the local search improves (on the routes ruin and recreate changed) before acceptance. */
  localSearchRate: z.number().min(0).max(1).optional(),
  /** Simulated annealing temperatures, as multiples of the mean arc cost of the first solution (by size when omitted). */
  startTemperature: z.number().positive().optional(),
  endTemperature: z.number().positive().optional(),
  /** Literature objectives: annealing's cost per left-out visit, as a multiple of the mean arc cost. */
  softPenalty: z.number().min(0).optional(),
});
export type SearchTuning = z.infer<typeof searchTuningSchema>;

export interface SearchOptions extends SearchTuning {
  seed: number;
  /** Wall-clock budget; the best solution found so far is returned when it ends. */
  timeLimitMs: number;
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

const FLEET_RACE_SLACK = 3;

/** Runs SISR ruin-and-recreate under simulated annealing, after route elimination when vehicles come first. */
export function search(m: RoutingModel, opts: SearchOptions): SearchResult {
  const rng = new Rng(opts.seed);
  const params = { ...defaultSisrParams, ...opts.params };
  const ws = new SisrWorkspace(m, params, 40);
  const clock = new Clock(
    opts.now ?? (() => performance.now()),
    Math.max(1, opts.timeLimitMs),
    opts.maxIterations ?? Infinity,
  );
  const counter = { stamp: 0, iterations: 0 };
  const maxVehicles = m.vehicles.length;
  if (m.nVisits === 0 || maxVehicles === 0) {
    const sol = Solution.empty(m);
    return { solution: sol, cost: sol.cost(m), iterations: 0, elapsedMs: clock.elapsed() };
  }

  let current = construct(ws, counter, maxVehicles);
  let maxRoutes = maxVehicles;
  if (m.objective === "vehicles-then-distance" && current.unassigned.length === 0) {
    const share = opts.fleetShare ?? 0.5;
    current = eliminateRoutes(ws, current, rng, counter, (it) => clock.progress(it) >= share);
    maxRoutes = current.usedRoutes();
  }

  const used = Math.max(1, m.nVisits - current.unassigned.length + current.usedRoutes());
  const scale = Math.max(1e-9, current.routeCost() / used);
  const temperatures = defaultTemperatures(m.nVisits);
  const t0 = (opts.startTemperature ?? temperatures.start) * scale;
  const tf = (opts.endTemperature ?? temperatures.end) * scale;
  const granularity = opts.localSearchGranularity ?? 20;
  const ls = new LocalSearch(ws, granularity);
  const lsRate = opts.localSearchRate ?? 0.05;
  // The literature's objectives serve every visit they can, travel-time every required visit it can: the best
  // solution is compared on those left out first, but annealing sees only a soft penalty per such visit so it can
  // pass through tight spots.
  const literature = m.objective !== "travel-time";
  const soft = (opts.softPenalty ?? 10) * scale;
  const annealCost = (s: Solution): number =>
    literature ? s.routeCost() + soft * s.unassigned.length : s.softCost(m, soft);
  const better = (a: Solution, ac: number, b: Solution, bc: number): boolean => {
    const la = literature ? a.unassigned.length : a.requiredLeftOut(m);
    const lb = literature ? b.unassigned.length : b.requiredLeftOut(m);
    return la !== lb ? la < lb : ac < bc - 1e-9;
  };
  let currentCost = annealCost(current);
  let best = current;
  let bestCost = current.cost(m);
  /** Simulated annealing from `current` until the budget's progress reaches `until`, with at most `cap` routes. */
  const anneal = (until: number, cap: number): void => {
    for (;;) {
      const progress = clock.progress(counter.iterations);
      if (progress >= until) break;
      const temperature = t0 * Math.pow(tf / t0, progress);
      const cand = ruinAndRecreate(ws, current, rng, counter, cap);
      if (lsRate > 0 && granularity > 0 && rng.next() < lsRate) ls.run(cand, rng, counter.stamp, false);
      let c = cand.cost(m);
      if (better(cand, c, best, bestCost)) {
        if (granularity > 0) {
          ls.run(cand, rng, counter.stamp, false);
          c = cand.cost(m);
        }
        best = cand;
        bestCost = c;
      }
      const ac = annealCost(cand);
      if (ac < currentCost - temperature * Math.log(rng.next())) {
        current = cand;
        currentCost = ac;
      }
    }
  };

  // Off by default: on the 1000-customer set at 60 s it gains on clustered instances (C1 1.27% -> 0.91%) what it loses
  // on wide windows (R2 2.00% -> 2.61%), and the mean stays at 1.91% (bench/results/vrptw-2026-11-26b).
  const race = opts.fleetRaceShare ?? 0;
  if (race > 0 && maxRoutes === maxVehicles) {
    // Annealing on distance alone keeps the routes it opened early: on clustered and tight-window instances the best
    // distance often needs several routes fewer, which strings rarely empty. So a race at equal effort: anneal freely,
    // then remove routes from that best and anneal under a cap just above the routes left, while the free search goes
    // on as long from where it was. The better of the two carries on, the capped one keeping its cap (wide windows and
    // long routes usually want the free one).
    anneal(race, maxRoutes);
    if (best.unassigned.length === 0) {
      const free = { current, currentCost, best, bestCost };
      current = eliminateRoutes(ws, best, rng, counter, (it) => clock.progress(it) >= 2 * race);
      currentCost = annealCost(current);
      best = current;
      bestCost = current.cost(m);
      const cap = current.usedRoutes() + FLEET_RACE_SLACK;
      anneal(3 * race, cap);
      const capped = { current, currentCost, best, bestCost };
      ({ current, currentCost, best, bestCost } = free);
      anneal(5 * race, maxRoutes);
      if (better(capped.best, capped.bestCost, best, bestCost)) {
        ({ current, currentCost, best, bestCost } = capped);
        maxRoutes = cap;
      }
    }
  }
  anneal(1, maxRoutes);
  return { solution: best, cost: bestCost, iterations: counter.iterations, elapsedMs: clock.elapsed() };
}

/**
 * Annealing temperatures as multiples of the mean arc cost, measured on the benchmark sets: 100 visits do best
 * cooling to 0.005, 1,000 visits (at 20 to 60 s) to about 0.035 from a hotter start. Sizes between take a log-scale mix.
 */
export function defaultTemperatures(visits: number): { start: number; end: number } {
  const f = Math.min(1, Math.max(0, Math.log10(Math.max(1, visits)) - 2));
  return { start: 0.5 + 0.5 * f, end: 0.005 * Math.pow(7, f) };
}

/** Greedy cheapest insertion, farthest visits first. */
function construct(ws: SisrWorkspace, counter: SearchCounter, maxRoutes: number): Solution {
  const sol = Solution.empty(ws.m);
  const loose = sol.unassigned;
  sol.unassigned = [];
  loose.sort((a, b) => ws.depotDistance[b]! - ws.depotDistance[a]!);
  counter.stamp++;
  recreate(ws, sol, loose, null, counter.stamp, maxRoutes);
  return sol;
}
