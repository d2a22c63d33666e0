import { describe, expect, it } from "vitest";
import { buildModel } from "./build-model";
import { routingProblemSchema, visitSchema, type RoutingProblemInput, type VisitInput } from "./contract";
import { optimizeRoutes } from "./optimize-routes";
import { Rng } from "./rng";
import { solveModel } from "./solve-model";
import { bruteForceBestDay, routesScore } from "./testing/brute-force";
import { gridMatrix } from "./testing/grid-matrix";

const at = (lat: number, lon: number) => ({ lat, lon });
const crew = { id: "x", start: at(0, 0), shift: { start: 0, end: 100_000 } };
const quick = { maxIterations: 300, timeLimitMs: 20_000 };

describe("required visits and postpone costs", () => {
  it("defaults to a visit that may wait, and refuses a negative postpone cost", () => {
    expect(visitSchema.parse({ id: "v", location: at(0, 0) })).toMatchObject({ required: false });
    expect(visitSchema.safeParse({ id: "v", location: at(0, 0), postponeCost: -1 }).success).toBe(false);
  });

  it("postpones a visit whose travel costs more than its postpone cost, but serves it when it is required", async () => {
    const remote: VisitInput = { id: "remote", location: at(0, 30) };
    const optional = await optimizeRoutes(
      { visits: [remote], crews: [crew], options: { ...quick, unassignedPenaltySeconds: 3600 } },
      { matrix: gridMatrix() },
    );
    expect(optional.unassigned).toEqual([{ visitId: "remote", reason: "cost_exceeds_penalty", required: false }]);
    expect(optional.summary.cost).toBe(3600);
    const dear = await optimizeRoutes(
      {
        visits: [{ ...remote, postponeCost: 7000 }],
        crews: [crew],
        options: { ...quick, unassignedPenaltySeconds: 3600 },
      },
      { matrix: gridMatrix() },
    );
    expect(dear.unassigned).toEqual([]);
    const cheap = await optimizeRoutes(
      { visits: [{ ...remote, priority: 5, postponeCost: 100 }], crews: [crew], options: quick },
      { matrix: gridMatrix() },
    );
    expect(cheap.summary.cost).toBe(100);
    const required = await optimizeRoutes(
      { visits: [{ ...remote, required: true }], crews: [crew], options: { ...quick, unassignedPenaltySeconds: 3600 } },
      { matrix: gridMatrix() },
    );
    expect(required.unassigned).toEqual([]);
    expect(required.summary.travelSeconds).toBe(6000);
  });

  it("drops the optional visit, however dear, when it and a required one cannot both be served, and says which left-out visits were required", async () => {
    const plan = await optimizeRoutes(
      {
        visits: [
          {
            id: "must",
            location: at(0, 1),
            serviceSeconds: 1000,
            timeWindow: { start: 100, end: 100 },
            required: true,
          },
          {
            id: "dear",
            location: at(0, -1),
            serviceSeconds: 1000,
            timeWindow: { start: 100, end: 100 },
            postponeCost: 1e9,
            priority: 100,
          },
          { id: "never", location: at(0, 90), timeWindow: { start: 0, end: 100 }, required: true },
        ],
        crews: [crew],
        options: quick,
      },
      { matrix: gridMatrix() },
    );
    expect(plan.routes[0]!.stops.map((s) => s.kind === "visit" && s.visitId)).toEqual(["must"]);
    expect(plan.unassigned).toEqual([
      { visitId: "dear", reason: "no_room_in_shifts", required: false },
      { visitId: "never", reason: "time_window_unreachable", required: true },
    ]);
  });

  it.each(Array.from({ length: 12 }, (_, i) => i + 1))(
    "leaves out the fewest required visits, then costs the least, as brute force over every sequence finds (random day %i)",
    async (seed) => {
      const rng = new Rng(seed);
      const visits: VisitInput[] = Array.from({ length: 6 }, (_, i) => {
        const start = rng.int(8) * 500;
        return {
          id: `v${i}`,
          location: at(rng.int(9) - 4, rng.int(9) - 4),
          serviceSeconds: 300 + rng.int(4) * 300,
          timeWindow: { start, end: start + rng.int(3) * 300 },
          required: rng.next() < 0.5,
          postponeCost: 200 + rng.int(1500),
        };
      });
      const input: RoutingProblemInput = {
        visits,
        crews: [{ ...crew, shift: { start: 0, end: 6000 } }],
        options: { ...quick, seed },
      };
      const built = await buildModel(routingProblemSchema.parse(input), gridMatrix());
      const m = built.model;
      const sol = solveModel(m, { seed, timeLimitMs: 20_000, maxIterations: 400 });
      const best = bruteForceBestDay(m);
      const found = routesScore(m, sol.routes);
      expect(found.requiredOut).toBe(best.requiredOut);
      expect(found.cost).toBeCloseTo(best.cost, 6);
    },
  );
});
