import { describe, expect, it } from "vitest";
import { routingPlanSchema } from "./contract";
import { optimizeRoutes } from "./optimize-routes";
import { gridMatrix } from "./testing/grid-matrix";
import { gridPlanViolations } from "./testing/plan-invariants";
import { randomDay } from "./testing/random-day";

describe("reproducibility", () => {
  it.each([1, 2, 3])(
    "gives the same plan to the bit for a seed and an iteration cap, on a day using every feature (day %i)",
    async (seed) => {
      const input = randomDay(seed);
      const first = await optimizeRoutes(input, { matrix: gridMatrix() });
      expect(await gridPlanViolations(input, first)).toEqual([]);
      // The features are all in play: visits with two windows, two dimensions, required visits, breaks taken.
      const problem = input.visits;
      expect(
        problem.some(
          (v) =>
            (v.timeWindows?.length ?? 0) > 1 &&
            first.routes.some((r) => r.stops.some((s) => s.kind === "visit" && s.visitId === v.id)),
        ),
      ).toBe(true);
      expect(first.routes.some((r) => r.loads["volume"]! > 0)).toBe(true);
      expect(first.routes.flatMap((r) => r.stops).filter((s) => s.kind === "break").length).toBeGreaterThan(0);
      expect(problem.some((v) => v.required)).toBe(true);
      // A second run, with other work in between, is identical down to the last bit of every number.
      await optimizeRoutes(randomDay(seed + 100), { matrix: gridMatrix() });
      const second = await optimizeRoutes(structuredClone(input), { matrix: gridMatrix() });
      expect(bits(second)).toEqual(bits(first));
      expect(routingPlanSchema.parse(second)).toEqual(first);
    },
  );
});

/** Every number of a plan as the hex of its 64 bits, in document order. */
function bits(value: unknown): string[] {
  const out: string[] = [];
  const view = new DataView(new ArrayBuffer(8));
  const walk = (v: unknown): void => {
    if (typeof v === "number") {
      view.setFloat64(0, v);
      out.push(view.getBigUint64(0).toString(16));
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === "object" && v !== null)
      for (const key of Object.keys(v).sort()) walk((v as Record<string, unknown>)[key]);
    else out.push(String(v));
  };
  walk(value);
  return out;
}
