import { describe, expect, it } from "vitest";
import { evaluatePlan } from "./evaluate-plan";
import { gridMatrix } from "./testing/grid-matrix";

describe("evaluatePlan", () => {
  it("puts a break where it fits between visits that keep their times", async () => {
    const crew = {
      id: "x",
      start: { lat: 0, lon: 0 },
      shift: { start: 0, end: 10_000 },
      breaks: [{ durationSeconds: 300, window: { start: 2000, end: 3000 } }],
    };
    const visits = [
      { id: "a", location: { lat: 0, lon: 1 }, serviceSeconds: 500, timeWindow: { start: 1000, end: 1000 } },
      { id: "b", location: { lat: 0, lon: 1 }, serviceSeconds: 500, timeWindow: { start: 4000, end: 4000 } },
    ];
    const { plan, violations } = await evaluatePlan(
      { visits, crews: [crew] },
      [{ crewId: "x", visitIds: ["a", "b"] }],
      { matrix: gridMatrix() },
    );
    expect(violations).toEqual([]);
    expect(plan.routes[0]!.stops.map((stop) => (stop.kind === "visit" ? stop.visitId : "break"))).toEqual([
      "a",
      "break",
      "b",
    ]);
  });
});
