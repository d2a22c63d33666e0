import { describe, expect, it } from "vitest";
import type { RoutingProblemInput } from "./contract";
import { insertVisit } from "./insert-visit";
import { optimizeRoutes } from "./optimize-routes";
import { gridMatrix } from "./testing/grid-matrix";

const depot = { lat: 0, lon: 0 };
const at = (lat: number, lon: number) => ({ lat, lon });
const day: RoutingProblemInput = {
  visits: [
    { id: "east1", location: at(0, 1), serviceSeconds: 600 },
    { id: "east3", location: at(0, 3), serviceSeconds: 600 },
    { id: "west2", location: at(0, -2), serviceSeconds: 600 },
  ],
  crews: [
    { id: "east", start: depot, shift: { start: 0, end: 50_000 } },
    { id: "west", start: depot, shift: { start: 0, end: 50_000 }, skills: ["gas"] },
  ],
  options: { objective: "travel-time", timeLimitMs: 20_000, maxIterations: 300, unassignedPenaltySeconds: 1e6 },
};
const ids = (stops: { kind: string; visitId?: string }[]) =>
  stops.flatMap((s) => (s.kind === "visit" ? [s.visitId] : []));

describe("insertVisit", () => {
  it("puts the visit at the cheapest position and keeps every route's order", async () => {
    const plan = await optimizeRoutes(day, { matrix: gridMatrix() });
    const before = Object.fromEntries(plan.routes.map((r) => [r.crewId, ids(r.stops)]));
    const result = await insertVisit(
      day,
      plan,
      { id: "east2", location: at(0, 2), serviceSeconds: 600 },
      { matrix: gridMatrix() },
    );
    expect(result.inserted).toBe(true);
    if (!result.inserted) return;
    const route = result.plan.routes.find((r) => r.crewId === result.crewId)!;
    const withNew = ids(route.stops);
    expect(withNew.filter((x) => x !== "east2")).toEqual(before[result.crewId]);
    // Between 1 and 3 on the same road the visit adds no travel at all.
    expect(result.addedCost).toBeCloseTo(0);
    expect(Math.abs(withNew.indexOf("east2") - withNew.indexOf("east1"))).toBe(1);
    expect(Math.abs(withNew.indexOf("east2") - withNew.indexOf("east3"))).toBe(1);
    expect(result.position).toBe(withNew.indexOf("east2"));
    for (const r of result.plan.routes.filter((x) => x.crewId !== result.crewId)) {
      expect(ids(r.stops)).toEqual(before[r.crewId]);
    }
  });

  it("respects skills and explains why a visit cannot be added", async () => {
    const plan = await optimizeRoutes(day, { matrix: gridMatrix() });
    const gas = await insertVisit(
      day,
      plan,
      { id: "gas", location: at(0, 1), skills: ["gas"] },
      { matrix: gridMatrix() },
    );
    expect(gas.inserted && gas.crewId).toBe("west");
    const nobody = await insertVisit(
      day,
      plan,
      { id: "roof", location: at(0, 1), skills: ["roof"] },
      { matrix: gridMatrix() },
    );
    expect(nobody).toMatchObject({ inserted: false, reason: "no_crew_with_skills" });
    if (!nobody.inserted)
      expect(nobody.plan.unassigned).toContainEqual({
        visitId: "roof",
        reason: "no_crew_with_skills",
        required: false,
      });
    const tooLate = await insertVisit(
      day,
      plan,
      { id: "late", location: at(0, 1), timeWindow: { start: 60_000, end: 61_000 } },
      { matrix: gridMatrix() },
    );
    expect(tooLate).toMatchObject({ inserted: false, reason: "time_window_unreachable" });
  });

  it("refuses a position that would push a later visit out of its window", async () => {
    const tight: RoutingProblemInput = {
      visits: [{ id: "fixed", location: at(0, 2), timeWindow: { start: 200, end: 200 } }],
      crews: [{ id: "solo", start: depot, shift: { start: 0, end: 10_000 } }],
      options: { timeLimitMs: 20_000, maxIterations: 50 },
    };
    const plan = await optimizeRoutes(tight, { matrix: gridMatrix() });
    // On the way (cheapest), but its hour of service would make "fixed" late; so it goes after "fixed".
    const result = await insertVisit(
      tight,
      plan,
      { id: "slow", location: at(0, 1), serviceSeconds: 3600 },
      { matrix: gridMatrix() },
    );
    expect(result.inserted).toBe(true);
    expect(ids(result.plan.routes[0]!.stops)).toEqual(["fixed", "slow"]);
  });
});
