import { describe, expect, it } from "vitest";
import { buildModel } from "./build-model";
import { routingProblemSchema, type RoutingProblemInput, type VisitInput } from "./contract";
import { Rng } from "./rng";
import { solveModel } from "./solve-model";
import { bruteForceBestDay, routesScore } from "./testing/brute-force";
import { gridMatrix } from "./testing/grid-matrix";

const at = (lat: number, lon: number) => ({ lat, lon });

/** A tiny day for one crew with every feature: two windows, two dimensions, required visits, a lunch break. */
function tinyDay(seed: number): RoutingProblemInput {
  const rng = new Rng(seed);
  const visits: VisitInput[] = Array.from({ length: 5 }, (_, i) => {
    const start = rng.int(10) * 600;
    return {
      id: `v${i}`,
      location: at(rng.int(9) - 4, rng.int(9) - 4),
      serviceSeconds: 300 + rng.int(4) * 300,
      timeWindows:
        rng.next() < 0.5
          ? [{ start, end: start + 300 }]
          : [
              { start, end: start + 300 },
              { start: start + 2400, end: start + 3000 },
            ],
      demand: { weight: 1 + rng.int(5), volume: 1 + rng.int(2) },
      required: rng.next() < 0.3,
      postponeCost: 300 + rng.int(2000),
    };
  });
  const crew = {
    id: "x",
    start: at(0, 0),
    shift: { start: 0, end: 9000 },
    capacity: { weight: 12, volume: 5 },
    breaks: [{ durationSeconds: 900, window: { start: 2400 + rng.int(4) * 300, end: 5400 } }],
  };
  return { visits, crews: [crew], options: { seed, maxIterations: 1000, timeLimitMs: 60_000 } };
}

describe("optimizeRoutes on tiny days with every feature", () => {
  it.each(Array.from({ length: 12 }, (_, i) => i + 1))(
    "finds what brute force over every sequence and break place finds (day %i)",
    async (seed) => {
      const built = await buildModel(routingProblemSchema.parse(tinyDay(seed)), gridMatrix());
      const m = built.model;
      const best = bruteForceBestDay(m);
      const found = routesScore(m, solveModel(m, { seed, timeLimitMs: 60_000, maxIterations: 1000 }).routes);
      expect(found.requiredOut).toBe(best.requiredOut);
      expect(found.cost).toBeCloseTo(best.cost, 6);
    },
  );
});
