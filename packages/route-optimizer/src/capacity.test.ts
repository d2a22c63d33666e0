import { describe, expect, it } from "vitest";
import { checkFeasibility } from "./check-feasibility";
import { capacityDimensions, crewSchema, visitSchema, type RoutingProblemInput } from "./contract";
import { bestPositionInRoute } from "./insertion";
import { optimizeRoutes } from "./optimize-routes";
import { Rng } from "./rng";
import { Route, simulateRoute } from "./route";
import { gridMatrix } from "./testing/grid-matrix";
import { gridPlanViolations } from "./testing/plan-invariants";
import { bruteForceInsertion } from "./testing/brute-force";
import { randomModel } from "./testing/random-model";

const at = (lat: number, lon: number) => ({ lat, lon });
const quick = { maxIterations: 300, timeLimitMs: 20_000 };

describe("capacity dimensions: the contract", () => {
  it("takes a number or amounts by dimension, and orders the dimensions default first, then by first mention", () => {
    expect(visitSchema.parse({ id: "v", location: at(0, 0), demand: { weight: 3, volume: 1 } }).demand).toEqual({
      weight: 3,
      volume: 1,
    });
    expect(
      crewSchema.safeParse({ id: "c", start: at(0, 0), shift: { start: 0, end: 1 }, capacity: { weight: -1 } }).success,
    ).toBe(false);
    expect(capacityDimensions([{ demand: 0 }], [{}])).toEqual(["default"]);
    expect(capacityDimensions([{ demand: { volume: 1 } }, { demand: 2 }], [{ capacity: { items: 3 } }])).toEqual([
      "default",
      "volume",
      "items",
    ]);
    expect(capacityDimensions([{ demand: 0 }, { demand: { weight: 1 } }], [{ capacity: { volume: 3 } }])).toEqual([
      "weight",
      "volume",
    ]);
  });
});

describe("capacity dimensions: plans", () => {
  it("keeps every crew within every dimension it names, and leaves unnamed ones unlimited", async () => {
    const box = { weight: 10, volume: 1 };
    const input: RoutingProblemInput = {
      visits: [
        { id: "a", location: at(0, 1), demand: box },
        { id: "b", location: at(0, 2), demand: box },
        { id: "c", location: at(0, 3), demand: box },
        { id: "parts", location: at(0, 1), demand: { items: 500 } },
      ],
      crews: [
        // The van is on the spot but takes two boxes by volume; the truck comes from far away and takes two by weight.
        { id: "van", start: at(0, 0), shift: { start: 0, end: 100_000 }, capacity: { weight: 100, volume: 2 } },
        { id: "truck", start: at(0, 20), shift: { start: 0, end: 100_000 }, capacity: { weight: 25 } },
      ],
      options: { ...quick, objective: "distance" },
    };
    const plan = await optimizeRoutes(input, { matrix: gridMatrix() });
    expect(plan.unassigned).toEqual([]);
    const van = plan.routes.find((r) => r.crewId === "van")!;
    const truck = plan.routes.find((r) => r.crewId === "truck")!;
    expect(van.loads).toEqual({ weight: 20, volume: 2, items: 500 });
    expect(van.load).toBe(20);
    expect(truck.loads).toEqual({ weight: 10, volume: 1, items: 0 });
    expect(await gridPlanViolations(input, plan)).toEqual([]);
  });

  it("says capacity when every skilled crew is short in some dimension, though each dimension alone fits a crew", async () => {
    const plan = await optimizeRoutes(
      {
        visits: [{ id: "odd", location: at(0, 1), demand: { weight: 50, volume: 5 } }],
        crews: [
          { id: "heavy", start: at(0, 0), shift: { start: 0, end: 10_000 }, capacity: { weight: 100, volume: 2 } },
          { id: "roomy", start: at(0, 0), shift: { start: 0, end: 10_000 }, capacity: { weight: 20, volume: 10 } },
        ],
        options: quick,
      },
      { matrix: gridMatrix() },
    );
    expect(plan.unassigned).toEqual([{ visitId: "odd", reason: "capacity", required: false }]);
  });
});

describe("capacity dimensions: the search's checks", () => {
  it.each(Array.from({ length: 40 }, (_, i) => i + 1))(
    "agree with simulating every position and with the checker (random model %i)",
    (seed) => {
      const m = randomModel(seed, { nVisits: 10, nVehicles: 1, maxWindows: 2, dims: 3 });
      const rng = new Rng(seed);
      for (let trial = 0; trial < 10; trial++) {
        const nodes = Array.from({ length: m.nVisits }, (_, i) => i).filter(() => rng.next() < 0.4);
        const route = new Route(0, false);
        route.nodes = nodes;
        const feasible = simulateRoute(m, 0, nodes, -1, -1) < Infinity;
        expect(route.update(m)).toBe(feasible);
        expect(checkFeasibility(m, [{ vehicle: 0, nodes }]).feasible).toBe(feasible);
        if (!feasible) continue;
        const out = { delta: 0 };
        for (let u = 0; u < m.nVisits; u++) {
          if (nodes.includes(u)) continue;
          const p = bestPositionInRoute(m, route, u, null, 0, Infinity, out);
          expect(p >= 0 ? out.delta : Infinity).toBeCloseTo(bruteForceInsertion(m, nodes, u, route.cost), 9);
        }
      }
    },
  );
});
