import { describe, expect, it } from "vitest";
import { routingProblemSchema, type RoutingProblemInput } from "./contract";
import { optimizeRoutes } from "./optimize-routes";
import { reoptimizeFromPositions } from "./reoptimize";
import { gridMatrix } from "./testing/grid-matrix";
import { planViolations } from "./testing/plan-invariants";

const depot = { lat: 0, lon: 0 };
const at = (lat: number, lon: number) => ({ lat, lon });
const ids = (stops: { kind: string; visitId?: string }[]) =>
  stops.flatMap((s) => (s.kind === "visit" ? [s.visitId] : []));

const day: RoutingProblemInput = {
  visits: [
    { id: "a", location: at(0, 1), serviceSeconds: 1000 },
    { id: "b", location: at(0, 2), serviceSeconds: 1000 },
    { id: "c", location: at(0, 3), serviceSeconds: 1000 },
    { id: "d", location: at(0, -1), serviceSeconds: 1000 },
  ],
  crews: [
    {
      id: "x",
      start: depot,
      shift: { start: 0, end: 20_000 },
      breaks: [{ durationSeconds: 600, window: { start: 1000, end: 9000 } }],
    },
    { id: "y", start: depot, shift: { start: 0, end: 20_000 } },
  ],
  options: { objective: "travel-time", timeLimitMs: 20_000, maxIterations: 300, unassignedPenaltySeconds: 1e6 },
};

describe("reoptimizeFromPositions", () => {
  it("keeps the stops already started and re-plans the rest from the crews' positions", async () => {
    const plan = await optimizeRoutes(day, { matrix: gridMatrix() });
    const firstStop = plan.routes.flatMap((r) =>
      r.stops
        .filter((s) => s.kind === "visit")
        .slice(0, 1)
        .map((s) => ({ crew: r.crewId, s })),
    );
    const now = Math.min(...firstStop.map((f) => f.s.start)) + 1;
    const started = firstStop.filter((f) => f.s.start < now);
    expect(started.length).toBeGreaterThan(0);
    // Crew y broke down and was towed far west; it can work again from there in an hour.
    const positions = [{ crewId: "y", location: at(0, -40), availableAt: now + 3600 }];
    const next = await reoptimizeFromPositions(day, plan, positions, now, { matrix: gridMatrix() });
    for (const f of started) {
      const route = next.routes.find((r) => r.crewId === f.crew)!;
      expect(route.stops[0]).toEqual(f.s);
    }
    // Everything not started is still planned, and nothing new goes to y (4000 s away) when x can do it nearby.
    expect(next.unassigned).toEqual([]);
    const all = next.routes.flatMap((r) => ids(r.stops)).sort();
    expect(all).toEqual(["a", "b", "c", "d"]);
    const y = next.routes.find((r) => r.crewId === "y")!;
    const yStarted = started.filter((f) => f.crew === "y").map((f) => (f.s.kind === "visit" ? f.s.visitId : ""));
    expect(ids(y.stops)).toEqual(yStarted);
    const x = next.routes.find((r) => r.crewId === "x")!;
    expect(x.stops.filter((s) => s.kind === "break")).toHaveLength(1);
    for (const s of x.stops.slice(1)) expect(s.start).toBeGreaterThanOrEqual(now);
  });

  it("produces a plan that is feasible from the new start times and positions", async () => {
    const plan = await optimizeRoutes(day, { matrix: gridMatrix() });
    const now = 5000;
    const next = await reoptimizeFromPositions(day, plan, [{ crewId: "x", location: at(0, 5) }], now, {
      matrix: gridMatrix(),
    });
    const problem = routingProblemSchema.parse(day);
    // Stops after `now` must be consistent with a day that starts at the given positions; check that part alone.
    const remainder = {
      ...problem,
      crews: problem.crews.map((c) => {
        const route = next.routes.find((r) => r.crewId === c.id)!;
        const lockedCount = route.stops.filter((s) => s.start < now).length;
        const last = route.stops[lockedCount - 1];
        const lastVisit = [...route.stops.slice(0, lockedCount)].reverse().find((s) => s.kind === "visit");
        const start =
          c.id === "x"
            ? at(0, 5)
            : lastVisit?.kind === "visit"
              ? problem.visits.find((v) => v.id === lastVisit.visitId)!.location
              : c.start;
        return {
          ...c,
          start,
          end: c.end ?? c.start,
          shift: { start: Math.max(now, last?.end ?? 0), end: c.shift.end },
          breaks: c.breaks.filter(
            (_, i) => !route.stops.slice(0, lockedCount).some((s) => s.kind === "break" && s.breakIndex === i),
          ),
        };
      }),
    };
    const tail = {
      ...next,
      routes: next.routes.map((r) => {
        const rest = r.stops.filter((s) => s.start >= now);
        return {
          ...r,
          stops: rest,
          startTime: Math.max(now, ...r.stops.filter((s) => s.start < now).map((s) => s.end)),
        };
      }),
    };
    const lockedIds = new Set(next.routes.flatMap((r) => ids(r.stops.filter((s) => s.start < now))));
    const rest = { ...remainder, visits: remainder.visits.filter((v) => !lockedIds.has(v.id)) };
    const locs = [...rest.visits.map((v) => v.location), ...rest.crews.flatMap((c) => [c.start, c.end])];
    const tm = await gridMatrix().matrix(locs);
    const index = (l: { lat: number; lon: number }) => locs.findIndex((p) => p.lat === l.lat && p.lon === l.lon);
    expect(planViolations(rest, tail, tm, index)).toEqual([]);
    expect(next.summary.unassignedCount).toBe(0);
  });

  it("keeps the visit a crew has already driven to when it is on a break taken there", async () => {
    const input: RoutingProblemInput = {
      visits: [
        { id: "a", location: at(0, 1), serviceSeconds: 100, timeWindow: { start: 0, end: 100 } },
        { id: "b", location: at(0, 10), serviceSeconds: 100, timeWindow: { start: 3000, end: 3000 } },
      ],
      crews: [
        {
          id: "x",
          start: depot,
          shift: { start: 0, end: 10_000 },
          breaks: [{ durationSeconds: 1800, window: { start: 1200, end: 3500 } }],
        },
      ],
      options: { timeLimitMs: 20_000, maxIterations: 100 },
    };
    const plan = await optimizeRoutes(input, { matrix: gridMatrix() });
    // At 1500 the crew is at b (arrived at 1100) halfway through its break; b starts at 3000 as planned.
    expect(plan.routes[0]!.stops.map((s) => s.kind)).toEqual(["visit", "break", "visit"]);
    const next = await reoptimizeFromPositions(input, plan, [], 1500, { matrix: gridMatrix() });
    expect(next.routes[0]!.stops).toEqual(plan.routes[0]!.stops);
    expect(next.unassigned).toEqual([]);
  });

  it("keeps what the locked stops carry off what is left of each capacity dimension", async () => {
    const input: RoutingProblemInput = {
      visits: [
        { id: "done", location: at(0, 1), serviceSeconds: 600, demand: { weight: 6, volume: 1 } },
        { id: "heavy", location: at(0, 2), serviceSeconds: 600, demand: { weight: 5 } },
        { id: "light", location: at(0, 3), serviceSeconds: 600, demand: { weight: 3, volume: 9 } },
      ],
      crews: [
        { id: "x", start: depot, shift: { start: 0, end: 20_000 }, capacity: { weight: 10 } },
        { id: "far", start: at(0, 40), shift: { start: 0, end: 20_000 }, capacity: { weight: 5 } },
      ],
      options: { timeLimitMs: 20_000, maxIterations: 200, unassignedPenaltySeconds: 1e6 },
    };
    const plan = await reoptimizeFromPositions(
      input,
      {
        objective: "travel-time",
        routes: [
          {
            crewId: "x",
            stops: [{ kind: "visit", visitId: "done", arrival: 100, start: 100, end: 700 }],
            startTime: 0,
            endTime: 800,
            travelSeconds: 200,
            distanceMeters: 200,
            load: 6,
            loads: { weight: 6, volume: 1 },
          },
          {
            crewId: "far",
            stops: [],
            startTime: 0,
            endTime: 0,
            travelSeconds: 0,
            distanceMeters: 0,
            load: 0,
            loads: { weight: 0, volume: 0 },
          },
        ],
        unassigned: [
          { visitId: "heavy", reason: "no_room_in_shifts", required: false },
          { visitId: "light", reason: "no_room_in_shifts", required: false },
        ],
        summary: { crewsUsed: 1, travelSeconds: 200, distanceMeters: 200, unassignedCount: 2, cost: 0 },
      },
      [],
      200,
      { matrix: gridMatrix() },
    );
    // 6 of x's 10 are on board: "light" (3) still fits but "heavy" (5) does not, and the far crew takes only one of
    // them; volume is unlimited for x.
    const x = plan.routes.find((r) => r.crewId === "x")!;
    expect(ids(x.stops)).toEqual(["done", "light"]);
    expect(x.loads).toEqual({ weight: 9, volume: 10 });
    expect(ids(plan.routes.find((r) => r.crewId === "far")!.stops)).toEqual(["heavy"]);
  });
});
