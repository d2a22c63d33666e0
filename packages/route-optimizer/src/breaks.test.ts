import { describe, expect, it } from "vitest";
import { buildModel } from "./build-model";
import { checkFeasibility } from "./check-feasibility";
import { routingProblemSchema, type RoutingProblemInput } from "./contract";
import { evaluatePlan } from "./evaluate-plan";
import { LocalSearch } from "./local-search";
import { serviceStart, type RoutingModel } from "./model";
import { optimizeRoutes } from "./optimize-routes";
import { routesFromPlan } from "./plan";
import { Rng } from "./rng";
import { Route, simulateRoute } from "./route";
import { defaultSisrParams, recreate, SisrWorkspace } from "./sisr";
import { Solution } from "./solution";
import { gridMatrix } from "./testing/grid-matrix";
import { gridPlanViolations } from "./testing/plan-invariants";
import { randomDay } from "./testing/random-day";
import { randomModel } from "./testing/random-model";

const at = (lat: number, lon: number) => ({ lat, lon });

/**
 * Brute force over where the crew drives within every run of breaks (before, between or after them): the earliest
 * end of the day over every choice that keeps all windows, or Infinity. Written plainly, apart from the search's rule.
 */
function bestDayEnd(m: RoutingModel, vehicle: number, nodes: readonly number[]): number {
  const v = m.vehicles[vehicle]!;
  const runs: { from: number; count: number }[] = [];
  for (let i = 0; i < nodes.length; i++) {
    if (nodes[i]! >= 0 || (i > 0 && nodes[i - 1]! < 0)) continue;
    let count = 0;
    while (i + count < nodes.length && nodes[i + count]! < 0) count++;
    runs.push({ from: i, count });
  }
  let best = Infinity;
  const choose = (choice: number[]) => {
    if (choice.length < runs.length) {
      for (let b = 0; b <= runs[choice.length]!.count; b++) choose([...choice, b]);
      return;
    }
    let t = v.shiftStart;
    let loc = v.startNode;
    let drivesAfter = 0;
    const drive = (to: number) => {
      t += m.time[loc * m.nNodes + to]!;
      loc = to;
    };
    for (let i = 0; i < nodes.length; i++) {
      const x = nodes[i]!;
      if (x < 0) {
        const run = runs.findIndex((r) => i >= r.from && i < r.from + r.count);
        const offset = i - runs[run]!.from;
        if (offset === choice[run]) {
          let k = i;
          while (k < nodes.length && nodes[k]! < 0) k++;
          drive(k < nodes.length ? nodes[k]! : v.endNode);
        }
        const b = v.breaks[-x - 1]!;
        t = Math.max(t, b.earliest);
        if (t > b.latest) return;
        t += b.duration;
        drivesAfter = offset + 1 === runs[run]!.count && choice[run] === runs[run]!.count ? 1 : 0;
        continue;
      }
      if (i === 0 || nodes[i - 1]! >= 0 || drivesAfter === 1) drive(x);
      drivesAfter = 0;
      if (t > m.late[x]!) return;
      t = serviceStart(m, x, t) + m.service[x]!;
    }
    if (nodes.length === 0 || nodes.at(-1)! >= 0 || drivesAfter === 1) drive(v.endNode);
    if (t <= v.shiftEnd) best = Math.min(best, t);
  };
  choose([]);
  return best;
}

/** A random order of some visits with vehicle 0's breaks at random places. */
function randomSequence(m: RoutingModel, rng: Rng, share: number): number[] {
  const nodes = Array.from({ length: m.nVisits }, (_, i) => i)
    .filter(() => rng.next() < share)
    .sort(() => rng.next() - 0.5);
  m.vehicles[0]!.breaks.forEach((_, b) => nodes.splice(rng.int(nodes.length + 1), 0, -(b + 1)));
  return nodes;
}

describe("breaks: the one schedule rule", () => {
  it.each(Array.from({ length: 40 }, (_, i) => i + 1))(
    "finds a schedule whenever some placement of the drives works, and the earliest end (random model %i)",
    (seed) => {
      const m = randomModel(seed, { nVisits: 6, nVehicles: 1, maxWindows: 3, dims: 2, breaks: 2 });
      const rng = new Rng(seed);
      for (let trial = 0; trial < 40; trial++) {
        const nodes = randomSequence(m, rng, 0.5);
        if (!nodes.some((x) => x >= 0)) continue;
        const day = { end: 0 };
        const cost = simulateRoute(m, 0, nodes, -1, -1, day);
        const brute = bestDayEnd(m, 0, nodes);
        const report = checkFeasibility(m, [{ vehicle: 0, nodes }]);
        const withinCapacity = !report.violations.some((v) => v.includes("capacity"));
        expect(cost < Infinity).toBe(brute < Infinity && withinCapacity);
        expect(report.feasible).toBe(cost < Infinity);
        if (cost === Infinity) continue;
        expect(day.end).toBeCloseTo(brute, 9);
        expect(report.cost).toBeCloseTo(cost, 9);
        const route = new Route(0, true);
        route.nodes = nodes;
        expect(route.update(m)).toBe(true);
        expect(route.cost).toBe(cost);
      }
    },
  );

  it("takes the break in the wait for a window, after driving, when nothing else fits", async () => {
    const input: RoutingProblemInput = {
      visits: [
        { id: "a", location: at(0, 1), serviceSeconds: 100, timeWindow: { start: 0, end: 100 } },
        // 900 s from a; open only at 3000.
        { id: "b", location: at(0, 10), serviceSeconds: 100, timeWindow: { start: 3000, end: 3000 } },
      ],
      crews: [
        {
          id: "x",
          start: at(0, 0),
          shift: { start: 0, end: 10_000 },
          breaks: [{ durationSeconds: 1800, window: { start: 1200, end: 3500 } }],
        },
      ],
      options: { maxIterations: 100, timeLimitMs: 20_000 },
    };
    const plan = await optimizeRoutes(input, { matrix: gridMatrix() });
    expect(plan.unassigned).toEqual([]);
    expect(plan.routes[0]!.stops).toEqual([
      { kind: "visit", visitId: "a", arrival: 100, start: 100, end: 200 },
      { kind: "break", breakIndex: 0, start: 1200, end: 3000 },
      { kind: "visit", visitId: "b", arrival: 1100, start: 3000, end: 3100 },
    ]);
    expect(await gridPlanViolations(input, plan)).toEqual([]);
  });
});

describe("breaks: simulation, checker and plan agree", () => {
  it.each(Array.from({ length: 10 }, (_, i) => i + 1))(
    "on changes a dispatcher could make to a plan (random day %i)",
    async (seed) => {
      const input = randomDay(seed);
      const problem = routingProblemSchema.parse(input);
      const built = await buildModel(problem, gridMatrix());
      const base = await optimizeRoutes(input, { matrix: gridMatrix() });
      const rng = new Rng(seed);
      const verdicts = new Set<boolean>();
      for (let trial = 0; trial < 12; trial++) {
        const assignments = base.routes.map((r) => ({
          crewId: r.crewId,
          visitIds: r.stops.flatMap((s) => (s.kind === "visit" ? [s.visitId] : [])),
        }));
        // Move a visit (the first trial keeps the plan as it is) to a random place, maybe on another crew.
        if (trial > 0) {
          const from = assignments[rng.int(assignments.length)]!;
          const to = assignments[rng.int(assignments.length)]!;
          const moved = from.visitIds.splice(rng.int(from.visitIds.length), 1);
          to.visitIds.splice(rng.int(to.visitIds.length + 1), 0, ...moved);
        }
        const { plan, violations } = await evaluatePlan(input, assignments, { matrix: gridMatrix() });
        const planLevel = await gridPlanViolations(input, plan);
        const simulated = routesFromPlan(built, plan).every(
          (r) => !r.nodes.some((x) => x >= 0) || simulateRoute(built.model, r.vehicle, r.nodes, -1, -1) < Infinity,
        );
        expect(planLevel.length === 0).toBe(violations.length === 0);
        expect(simulated).toBe(violations.length === 0);
        verdicts.add(violations.length === 0);
      }
      expect(verdicts.has(true)).toBe(true);
    },
  );

  it.each(Array.from({ length: 8 }, (_, i) => i + 1))("on what the optimizer plans (random day %i)", async (seed) => {
    const input = randomDay(seed);
    const plan = await optimizeRoutes(input, { matrix: gridMatrix() });
    expect(await gridPlanViolations(input, plan)).toEqual([]);
    const built = await buildModel(routingProblemSchema.parse(input), gridMatrix());
    const routes = routesFromPlan(built, plan).filter((r) => r.nodes.some((x) => x >= 0));
    const report = checkFeasibility(built.model, routes);
    expect(report.violations).toEqual([]);
    expect(routes.reduce((a, r) => a + simulateRoute(built.model, r.vehicle, r.nodes, -1, -1), 0)).toBeCloseTo(
      report.cost,
      6,
    );
  });
});

describe("breaks: the local search", () => {
  it.each([1, 2, 3, 4, 5])("improves routes with breaks and keeps them feasible (random model %i)", (seed) => {
    const m = randomModel(seed, { nVisits: 40, nVehicles: 4, maxWindows: 2, breaks: 2 });
    m.vehicles.forEach((v) => (v.capacity = v.capacities[0] = 40));
    const ws = new SisrWorkspace(m, defaultSisrParams, 40);
    const sol = Solution.empty(m);
    const loose = sol.unassigned;
    sol.unassigned = [];
    recreate(ws, sol, loose, new Rng(seed), 1, 4);
    const before = sol.routeCost();
    new LocalSearch(ws, 20).run(sol, new Rng(seed), 2, true);
    expect(sol.routeCost()).toBeLessThan(before);
    const routes = sol.routes
      .filter((r) => r.visitCount > 0)
      .map((r) => ({ vehicle: r.vehicle, nodes: r.nodes.slice() }));
    const report = checkFeasibility(m, routes);
    expect(report.violations).toEqual([]);
    expect(report.cost).toBeCloseTo(sol.routeCost(), 6);
    sol.routes.forEach((r, i) => {
      expect(r.nodes.filter((x) => x < 0).sort((a, b) => a - b)).toEqual([-2, -1]);
      for (const x of r.nodes) if (x >= 0) expect(sol.routeOf[x]).toBe(i);
    });
  });

  it("moves a break that lengthens the day into a wait", () => {
    const m = randomModel(1, { nVisits: 2, nVehicles: 1, maxWindows: 1, breaks: 1 });
    // Visit 1 opens long after visit 0 is done: the break fits in the wait instead of after the last visit.
    m.early.set([0, 600]);
    m.late.set([300, 1000]);
    m.vehicles[0]!.breaks[0] = { duration: 100, earliest: 0, latest: 1400 };
    const ws = new SisrWorkspace(m, defaultSisrParams, 40);
    const sol = Solution.empty(m);
    const route = sol.routes[0]!;
    route.nodes = [0, 1, -1];
    route.update(m);
    sol.routeOf.set([0, 0]);
    sol.unassigned = [];
    const day = { end: 0 };
    simulateRoute(m, 0, [0, 1, -1], -1, -1, day);
    const before = day.end;
    new LocalSearch(ws, 20).run(sol, new Rng(1), 2, true);
    const nodes = sol.routes[0]!.nodes;
    expect(nodes.indexOf(-1)).toBeLessThan(nodes.length - 1);
    simulateRoute(m, 0, nodes, -1, -1, day);
    expect(day.end).toBeCloseTo(before - 100, 9);
  });
});
