import { describe, expect, it } from "vitest";
import { checkFeasibility } from "./check-feasibility";
import { visitSchema, type RoutingProblemInput } from "./contract";
import { bestPositionInRoute } from "./insertion";
import { optimizeRoutes } from "./optimize-routes";
import { Rng } from "./rng";
import { Route, simulateRoute } from "./route";
import { gridMatrix } from "./testing/grid-matrix";
import { gridPlanViolations } from "./testing/plan-invariants";
import { bruteForceInsertion } from "./testing/brute-force";
import { randomModel } from "./testing/random-model";

const at = (lat: number, lon: number) => ({ lat, lon });

describe("several time windows per visit: the contract", () => {
  it("takes sorted, disjoint windows beside the single window, and refuses the rest with a clear message", () => {
    const base = { id: "v", location: at(0, 1) };
    expect(
      visitSchema.parse({
        ...base,
        timeWindows: [
          { start: 0, end: 10 },
          { start: 20, end: 30 },
        ],
      }).timeWindows,
    ).toHaveLength(2);
    expect(visitSchema.parse({ ...base, timeWindow: { start: 0, end: 10 } }).timeWindow).toEqual({ start: 0, end: 10 });
    const message = (input: unknown) => visitSchema.safeParse(input).error?.issues.map((i) => i.message);
    expect(
      message({
        ...base,
        timeWindows: [
          { start: 20, end: 30 },
          { start: 0, end: 10 },
        ],
      }),
    ).toEqual(["time windows must be sorted by start and must not overlap"]);
    expect(
      message({
        ...base,
        timeWindows: [
          { start: 0, end: 25 },
          { start: 20, end: 30 },
        ],
      }),
    ).toEqual(["time windows must be sorted by start and must not overlap"]);
    expect(message({ ...base, timeWindows: [] })).toHaveLength(1);
    expect(message({ ...base, timeWindow: { start: 0, end: 10 }, timeWindows: [{ start: 0, end: 10 }] })).toEqual([
      "give a visit either timeWindow or timeWindows, not both",
    ]);
  });
});

/** Builds a feasible route of vehicle 0 by brute-force cheapest insertion of visits in a random order. */
function randomRoute(m: ReturnType<typeof randomModel>, rng: Rng): number[] {
  const nodes: number[] = [];
  const order = Array.from({ length: m.nVisits }, (_, i) => i).sort(() => rng.next() - 0.5);
  for (const u of order.slice(0, Math.floor(m.nVisits / 2))) {
    let best = -1;
    let bestCost = Infinity;
    for (let p = 0; p <= nodes.length; p++) {
      const c = simulateRoute(m, 0, nodes, u, p);
      if (c < bestCost) {
        bestCost = c;
        best = p;
      }
    }
    if (best >= 0) nodes.splice(best, 0, u);
  }
  return nodes;
}

describe("several time windows per visit: the O(1) insertion check", () => {
  it.each(Array.from({ length: 60 }, (_, i) => i + 1))(
    "agrees with simulating every position (random model %i)",
    (seed) => {
      const m = randomModel(seed, { nVisits: 10, nVehicles: 1, maxWindows: 3 });
      expect(m.windows).not.toBeNull();
      const rng = new Rng(seed);
      const nodes = randomRoute(m, rng);
      const route = new Route(0, false);
      route.nodes = nodes;
      expect(route.update(m)).toBe(true);
      expect(checkFeasibility(m, [{ vehicle: 0, nodes }]).feasible).toBe(true);
      const out = { delta: 0 };
      for (let u = 0; u < m.nVisits; u++) {
        if (nodes.includes(u)) continue;
        const bruteDelta = bruteForceInsertion(m, nodes, u, route.cost);
        const p = bestPositionInRoute(m, route, u, null, 0, Infinity, out);
        if (bruteDelta === Infinity) expect(p).toBe(-1);
        else {
          expect(p).toBeGreaterThanOrEqual(0);
          expect(out.delta).toBeCloseTo(bruteDelta, 9);
          expect(simulateRoute(m, 0, nodes, u, p) - route.cost).toBeCloseTo(bruteDelta, 9);
        }
      }
    },
  );

  it.each([1, 2, 3, 4, 5])(
    "prices the first visit of an empty route whose start and end differ as the simulation does (random model %i)",
    (seed) => {
      const m = randomModel(seed, { nVisits: 8, nVehicles: 1, maxWindows: 1 });
      const { startNode, endNode } = m.vehicles[0]!;
      // An empty route costs nothing: its first visit pays both legs, not their difference with the start-to-end arc.
      m.cost[startNode * m.nNodes + endNode] = 700;
      const route = new Route(0, false);
      expect(route.update(m)).toBe(true);
      expect(route.cost).toBe(0);
      const out = { delta: 0 };
      for (let u = 0; u < m.nVisits; u++) {
        const p = bestPositionInRoute(m, route, u, null, 0, Infinity, out);
        const simulated = bruteForceInsertion(m, [], u, route.cost);
        if (simulated === Infinity) expect(p).toBe(-1);
        else expect(out.delta).toBeCloseTo(simulated, 9);
      }
    },
  );

  it.each(Array.from({ length: 30 }, (_, i) => i + 1))(
    "judges a whole route as the simulation and the checker do (random order %i)",
    (seed) => {
      const m = randomModel(seed, { nVisits: 6, nVehicles: 1, maxWindows: 3 });
      const rng = new Rng(seed);
      for (let trial = 0; trial < 20; trial++) {
        const nodes = Array.from({ length: m.nVisits }, (_, i) => i)
          .filter(() => rng.next() < 0.5)
          .sort(() => rng.next() - 0.5);
        const route = new Route(0, false);
        route.nodes = nodes;
        const feasible = simulateRoute(m, 0, nodes, -1, -1) < Infinity;
        expect(route.update(m)).toBe(feasible);
        expect(checkFeasibility(m, [{ vehicle: 0, nodes }]).feasible).toBe(feasible);
      }
    },
  );
});

describe("several time windows per visit: plans", () => {
  const crew = { id: "x", start: at(0, 0), shift: { start: 0, end: 20_000 } };

  it("waits for the next window when the crew arrives between two", async () => {
    const input: RoutingProblemInput = {
      visits: [
        { id: "first", location: at(0, 1), serviceSeconds: 600, timeWindow: { start: 0, end: 200 } },
        // Reached at 900 at the earliest: too late for 0-500, so service waits for 2000.
        {
          id: "split",
          location: at(0, 3),
          serviceSeconds: 600,
          timeWindows: [
            { start: 0, end: 500 },
            { start: 2000, end: 2500 },
          ],
        },
      ],
      crews: [crew],
      options: { maxIterations: 200, timeLimitMs: 20_000 },
    };
    const plan = await optimizeRoutes(input, { matrix: gridMatrix() });
    const stops = plan.routes[0]!.stops;
    expect(stops.map((s) => (s.kind === "visit" ? [s.visitId, s.start] : []))).toEqual([
      ["first", 100],
      ["split", 2000],
    ]);
    expect(await gridPlanViolations(input, plan)).toEqual([]);
  });

  it("serves a visit in its first window when it can, and in a later one to fit another visit's single window", async () => {
    const input: RoutingProblemInput = {
      visits: [
        { id: "fixed", location: at(0, 1), serviceSeconds: 1000, timeWindow: { start: 100, end: 150 } },
        {
          id: "flexible",
          location: at(0, 2),
          serviceSeconds: 1000,
          timeWindows: [
            { start: 0, end: 300 },
            { start: 1000, end: 1500 },
          ],
        },
      ],
      crews: [crew],
      options: { maxIterations: 200, timeLimitMs: 20_000 },
    };
    const plan = await optimizeRoutes(input, { matrix: gridMatrix() });
    expect(plan.unassigned).toEqual([]);
    const starts = Object.fromEntries(
      plan.routes[0]!.stops.flatMap((s) => (s.kind === "visit" ? [[s.visitId, s.start]] : [])),
    );
    expect(starts).toEqual({ fixed: 100, flexible: 1200 });
    expect(await gridPlanViolations(input, plan)).toEqual([]);
  });

  it("reports a visit whose every window closes before any crew can reach it", async () => {
    const input: RoutingProblemInput = {
      visits: [
        {
          id: "gone",
          location: at(0, 5),
          timeWindows: [
            { start: 0, end: 100 },
            { start: 200, end: 300 },
          ],
        },
      ],
      crews: [crew],
      options: { maxIterations: 50, timeLimitMs: 20_000 },
    };
    const plan = await optimizeRoutes(input, { matrix: gridMatrix() });
    expect(plan.unassigned.map((u) => u.reason)).toEqual(["time_window_unreachable"]);
  });
});
