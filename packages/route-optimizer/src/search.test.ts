import { describe, expect, it } from "vitest";
import { checkFeasibility } from "./check-feasibility";
import { LocalSearch } from "./local-search";
import type { ModelObjective, RoutingModel } from "./model";
import { Rng } from "./rng";
import { search } from "./search";
import { defaultSisrParams, recreate, SisrWorkspace } from "./sisr";
import { Solution } from "./solution";

/** A Solomon-like random instance: depot in the middle, Euclidean travel, windows, demands, 12 vehicles. */
function randomModel(seed: number, n: number, objective: ModelObjective): RoutingModel {
  const rng = new Rng(seed);
  const pts = Array.from({ length: n }, () => [rng.next() * 100, rng.next() * 100] as const);
  pts.push([50, 50]);
  const N = n + 1;
  const d = new Float64Array(N * N);
  for (let i = 0; i < N; i++)
    for (let j = 0; j < N; j++) d[i * N + j] = Math.hypot(pts[i]![0] - pts[j]![0], pts[i]![1] - pts[j]![1]);
  const early = new Float64Array(N);
  const late = new Float64Array(N).fill(1000);
  for (let i = 0; i < n; i++) {
    early[i] = Math.floor(rng.next() * 600);
    late[i] = early[i]! + 60 + Math.floor(rng.next() * 200);
  }
  return {
    nVisits: n,
    nNodes: N,
    time: d,
    cost: d,
    service: Float64Array.from({ length: N }, (_, i) => (i < n ? 10 : 0)),
    early,
    late,
    windows: null,
    nDims: 1,
    demand: Float64Array.from({ length: N }, (_, i) => (i < n ? 1 + Math.floor(rng.next() * 20) : 0)),
    penalty: new Float64Array(n).fill(1e7),
    required: new Uint8Array(n),
    vehicles: Array.from({ length: 12 }, () => ({
      startNode: n,
      endNode: n,
      shiftStart: 0,
      shiftEnd: 1000,
      capacity: 100,
      capacities: Float64Array.of(100),
      breaks: [],
      typeKey: 0,
    })),
    compatible: null,
    objective,
  };
}

const routesOf = (s: Solution) =>
  s.routes.filter((r) => r.visitCount > 0).map((r) => ({ vehicle: r.vehicle, nodes: r.nodes.slice() }));

describe("search", () => {
  it.each([1, 2, 3])("returns feasible routes whose cost is what the checker measures (seed %i)", (seed) => {
    const m = randomModel(seed, 60, "distance");
    const res = search(m, { seed, timeLimitMs: 60_000, maxIterations: 2000 });
    const report = checkFeasibility(m, routesOf(res.solution));
    expect(report.violations).toEqual([]);
    expect(report.cost).toBeCloseTo(res.solution.routeCost(), 6);
    const served = res.solution.routes
      .flatMap((r) => r.nodes)
      .concat(res.solution.unassigned)
      .sort((a, b) => a - b);
    expect(served).toEqual(Array.from({ length: 60 }, (_, i) => i));
  });

  it("is reproducible for a seed and an iteration cap", () => {
    const m = randomModel(4, 60, "distance");
    const a = search(m, { seed: 9, timeLimitMs: 60_000, maxIterations: 1500 });
    const b = search(m, { seed: 9, timeLimitMs: 60_000, maxIterations: 1500 });
    expect(routesOf(b.solution)).toEqual(routesOf(a.solution));
    expect(b.cost).toBe(a.cost);
  });

  it("races free against fewer routes and still serves every visit feasibly, the same way for a seed", () => {
    const m = randomModel(10, 80, "distance");
    const run = () => search(m, { seed: 3, timeLimitMs: 60_000, maxIterations: 4000, fleetRaceShare: 0.1 });
    const a = run();
    const report = checkFeasibility(m, routesOf(a.solution));
    expect(report.violations).toEqual([]);
    expect(report.cost).toBeCloseTo(a.cost, 6);
    expect(a.solution.unassigned).toEqual([]);
    expect(a.iterations).toBeGreaterThanOrEqual(4000);
    expect(routesOf(run().solution)).toEqual(routesOf(a.solution));
  });

  it("beats its greedy start and uses no more vehicles for vehicles-then-distance than for distance", () => {
    const dist = randomModel(5, 60, "distance");
    const ws = new SisrWorkspace(dist, defaultSisrParams, 40);
    const greedy = Solution.empty(dist);
    const loose = greedy.unassigned;
    greedy.unassigned = [];
    recreate(ws, greedy, loose, null, 1, 12);
    const byDistance = search(dist, { seed: 1, timeLimitMs: 60_000, maxIterations: 3000 });
    expect(byDistance.solution.routeCost()).toBeLessThan(greedy.routeCost());
    const byVehicles = search(randomModel(5, 60, "vehicles-then-distance"), {
      seed: 1,
      timeLimitMs: 60_000,
      maxIterations: 3000,
    });
    expect(byVehicles.solution.usedRoutes()).toBeLessThanOrEqual(byDistance.solution.usedRoutes());
    expect(byVehicles.solution.unassigned).toEqual([]);
  });
});

describe("LocalSearch", () => {
  it.each([6, 7, 8])("never makes a solution worse or infeasible (seed %i)", (seed) => {
    const m = randomModel(seed, 80, "distance");
    const ws = new SisrWorkspace(m, defaultSisrParams, 40);
    const sol = Solution.empty(m);
    const loose = sol.unassigned;
    sol.unassigned = [];
    recreate(ws, sol, loose, new Rng(seed), 1, 12);
    const before = sol.routeCost();
    new LocalSearch(ws, 20).run(sol, new Rng(seed), 2, true);
    expect(sol.routeCost()).toBeLessThan(before);
    const report = checkFeasibility(m, routesOf(sol));
    expect(report.violations).toEqual([]);
    expect(report.cost).toBeCloseTo(sol.routeCost(), 6);
    for (let r = 0; r < sol.routes.length; r++) for (const x of sol.routes[r]!.nodes) expect(sol.routeOf[x]).toBe(r);
  });
});
