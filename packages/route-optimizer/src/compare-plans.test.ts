import { describe, expect, it } from "vitest";
import type { RoutingProblemInput } from "./contract";
import { comparePlans } from "./compare-plans";
import { evaluatePlan } from "./evaluate-plan";
import { optimizeRoutes } from "./optimize-routes";
import { gridMatrix } from "./testing/grid-matrix";

const depot = { lat: 0, lon: 0 };
const at = (lat: number, lon: number) => ({ lat, lon });
const day: RoutingProblemInput = {
  visits: [
    { id: "e1", location: at(0, 1) },
    { id: "e2", location: at(0, 2) },
    { id: "w1", location: at(0, -1), timeWindow: { start: 0, end: 150 } },
    { id: "w2", location: at(0, -2) },
  ],
  crews: [
    {
      id: "x",
      start: depot,
      shift: { start: 0, end: 10_000 },
      breaks: [{ durationSeconds: 600, window: { start: 0, end: 5000 } }],
    },
    { id: "y", start: depot, shift: { start: 0, end: 10_000 } },
  ],
  options: { objective: "travel-time", timeLimitMs: 20_000, maxIterations: 300 },
};

describe("evaluatePlan and comparePlans", () => {
  it("schedules a dispatcher's plan, places breaks and reports what it breaks", async () => {
    const current = await evaluatePlan(
      day,
      [
        { crewId: "x", visitIds: ["e2", "w1", "e1"] },
        { crewId: "y", visitIds: ["w2"] },
      ],
      { matrix: gridMatrix() },
    );
    // x reaches w1 at 200 + 300 = 500, after its window closes at 150.
    expect(current.violations).toEqual(["visit w1: service starts at 500 after 150"]);
    expect(current.plan.routes[0]!.stops.filter((s) => s.kind === "break")).toHaveLength(1);
    expect(current.plan.summary.travelSeconds).toBe(200 + 300 + 200 + 100 + 400);
  });

  it("lists what a proposal changes against the current plan", async () => {
    const current = await evaluatePlan(
      day,
      [
        { crewId: "x", visitIds: ["e2", "e1"] },
        { crewId: "y", visitIds: ["w1"] },
      ],
      { matrix: gridMatrix() },
    );
    expect(current.violations).toEqual([]);
    expect(current.plan.unassigned.map((u) => u.visitId)).toEqual(["w2"]);
    const proposed = await optimizeRoutes(day, { matrix: gridMatrix() });
    const diff = comparePlans(current.plan, proposed);
    expect(diff.newlyAssigned).toEqual(["w2"]);
    expect(diff.newlyUnassigned).toEqual([]);
    expect(diff.travelSecondsDelta).toBe(proposed.summary.travelSeconds - current.plan.summary.travelSeconds);
    expect(diff.unchanged).toBe(false);
    const self = comparePlans(proposed, proposed);
    expect(self.unchanged).toBe(true);
    expect(self.costDelta).toBe(0);
  });

  it("notices a reorder even when no visit changes crew", async () => {
    const a = await evaluatePlan(day, [{ crewId: "x", visitIds: ["e1", "e2", "w1", "w2"] }], { matrix: gridMatrix() });
    const b = await evaluatePlan(day, [{ crewId: "x", visitIds: ["e2", "e1", "w1", "w2"] }], { matrix: gridMatrix() });
    const diff = comparePlans(a.plan, b.plan);
    expect(diff.crews.find((c) => c.crewId === "x")).toMatchObject({ added: [], removed: [], reordered: true });
    expect(diff.unchanged).toBe(false);
  });
});
