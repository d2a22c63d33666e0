import { describe, expect, it } from "vitest";
import { routingProblemSchema, type RoutingPlan, type RoutingProblemInput, type VisitInput } from "./contract";
import { optimizeRoutes } from "./optimize-routes";
import { gridMatrix } from "./testing/grid-matrix";
import { planViolations } from "./testing/plan-invariants";
import { Rng } from "./rng";

const depot = { lat: 0, lon: 0 };
const at = (lat: number, lon: number) => ({ lat, lon });
const quick = { timeLimitMs: 20_000, maxIterations: 300 };
const crew = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  start: depot,
  shift: { start: 0, end: 100_000 },
  ...extra,
});

async function solveChecked(input: RoutingProblemInput): Promise<RoutingPlan> {
  const problem = routingProblemSchema.parse(input);
  const plan = await optimizeRoutes(problem, { matrix: gridMatrix() });
  const locs = [...problem.visits.map((v) => v.location), ...problem.crews.flatMap((c) => [c.start, c.end ?? c.start])];
  const tm = await gridMatrix().matrix(locs);
  const index = (l: { lat: number; lon: number }) => locs.findIndex((x) => x.lat === l.lat && x.lon === l.lon);
  expect(planViolations(problem, plan, tm, index)).toEqual([]);
  return plan;
}

const visitIds = (plan: RoutingPlan, crewId: string) =>
  plan.routes.find((r) => r.crewId === crewId)!.stops.flatMap((s) => (s.kind === "visit" ? [s.visitId] : []));

describe("optimizeRoutes on small cases with known optima", () => {
  it("finds the shortest tour of a square", async () => {
    const plan = await solveChecked({
      visits: [
        { id: "a", location: at(0, 1) },
        { id: "b", location: at(1, 1) },
        { id: "c", location: at(1, 0) },
      ],
      crews: [crew("x")],
      options: { ...quick, objective: "travel-time" },
    });
    expect(plan.summary.travelSeconds).toBeCloseTo(400);
    expect(plan.unassigned).toEqual([]);
  });

  it("orders visits by their time windows and waits for a window to open", async () => {
    const plan = await solveChecked({
      visits: [
        { id: "late", location: at(0, 1), timeWindow: { start: 1000, end: 1100 } },
        { id: "early", location: at(0, 2), timeWindow: { start: 0, end: 300 } },
      ],
      crews: [crew("x")],
      options: { ...quick, objective: "distance" },
    });
    expect(visitIds(plan, "x")).toEqual(["early", "late"]);
    const late = plan.routes[0]!.stops.find((s) => s.kind === "visit" && s.visitId === "late")!;
    expect(late.kind === "visit" && late.arrival).toBeCloseTo(300);
    expect(late.start).toBe(1000);
  });

  it("gives skilled visits to crews with every skill, and says when nobody has them", async () => {
    const plan = await solveChecked({
      visits: [
        { id: "wiring", location: at(0, 1), skills: ["electric"] },
        { id: "boiler", location: at(0, 1), skills: ["gas", "electric"] },
        { id: "plain", location: at(0, -1) },
      ],
      crews: [crew("generalist", { skills: [] }), crew("sparky", { start: at(0, 5), skills: ["electric"] })],
      options: { ...quick },
    });
    expect(visitIds(plan, "sparky")).toEqual(["wiring"]);
    expect(visitIds(plan, "generalist")).toEqual(["plain"]);
    expect(plan.unassigned).toEqual([{ visitId: "boiler", reason: "no_crew_with_skills", required: false }]);
  });

  it("splits the load across crews by capacity, and says when a visit is too big for any crew", async () => {
    const plan = await solveChecked({
      visits: [
        { id: "a", location: at(0, 1), demand: 6 },
        { id: "b", location: at(0, 2), demand: 6 },
        { id: "huge", location: at(0, 1), demand: 11 },
      ],
      crews: [crew("x", { capacity: 10 }), crew("y", { capacity: 10 })],
      options: { ...quick, objective: "distance" },
    });
    expect(plan.summary.crewsUsed).toBe(2);
    expect(plan.summary.distanceMeters).toBeCloseTo(600);
    expect(plan.unassigned).toEqual([{ visitId: "huge", reason: "capacity", required: false }]);
  });

  it("reports visits no crew can reach in time, and visits that do not fit in the shifts", async () => {
    const plan = await solveChecked({
      visits: [
        { id: "far", location: at(0, 50), timeWindow: { start: 0, end: 1000 } },
        { id: "nine", location: at(0, 1), serviceSeconds: 3000, timeWindow: { start: 1000, end: 1000 } },
        { id: "nine-too", location: at(0, -1), serviceSeconds: 3000, timeWindow: { start: 1000, end: 1000 } },
      ],
      crews: [crew("x", { shift: { start: 0, end: 10_000 } })],
      options: { ...quick },
    });
    expect(plan.unassigned.map((u) => u.reason).sort()).toEqual(["no_room_in_shifts", "time_window_unreachable"]);
    expect(plan.unassigned.find((u) => u.reason === "time_window_unreachable")?.visitId).toBe("far");
  });

  it("leaves out a visit whose travel costs more than its penalty, unless its priority raises the penalty", async () => {
    const base = {
      visits: [
        { id: "near", location: at(0, 1) },
        { id: "remote", location: at(0, 30) },
      ] as VisitInput[],
      crews: [crew("x")],
    };
    const cheap = await solveChecked({ ...base, options: { ...quick, unassignedPenaltySeconds: 3600 } });
    expect(cheap.unassigned).toEqual([{ visitId: "remote", reason: "cost_exceeds_penalty", required: false }]);
    expect(cheap.summary.cost).toBeCloseTo(200 + 3600);
    const urgent = await solveChecked({
      ...base,
      visits: [base.visits[0]!, { ...base.visits[1]!, priority: 3 }],
      options: { ...quick, unassignedPenaltySeconds: 3600 },
    });
    expect(urgent.unassigned).toEqual([]);
    expect(urgent.summary.travelSeconds).toBeCloseTo(6000);
  });

  it("uses fewer crews for vehicles-then-distance and less distance for distance", async () => {
    const input = (objective: "distance" | "vehicles-then-distance"): RoutingProblemInput => ({
      visits: [
        { id: "a", location: at(1, 0), timeWindow: { start: 100, end: 100 } },
        { id: "c", location: at(-1, 0), timeWindow: { start: 300, end: 300 } },
        { id: "b", location: at(2, 0), timeWindow: { start: 700, end: 700 } },
      ],
      crews: [crew("x"), crew("y")],
      options: { ...quick, objective },
    });
    const fewer = await solveChecked(input("vehicles-then-distance"));
    expect(fewer.summary.crewsUsed).toBe(1);
    expect(fewer.summary.distanceMeters).toBeCloseTo(800);
    const shorter = await solveChecked(input("distance"));
    expect(shorter.summary.crewsUsed).toBe(2);
    expect(shorter.summary.distanceMeters).toBeCloseTo(600);
  });

  it("places a lunch break inside its window without breaking the visits' windows", async () => {
    const plan = await solveChecked({
      visits: [
        { id: "am", location: at(0, 1), serviceSeconds: 3600, timeWindow: { start: 0, end: 500 } },
        { id: "pm", location: at(0, 2), serviceSeconds: 3600, timeWindow: { start: 5400, end: 6000 } },
      ],
      crews: [
        crew("x", {
          shift: { start: 0, end: 20_000 },
          breaks: [{ durationSeconds: 1800, window: { start: 3000, end: 6000 } }],
        }),
      ],
      options: { ...quick },
    });
    const stops = plan.routes[0]!.stops;
    expect(stops.map((s) => (s.kind === "visit" ? s.visitId : "break"))).toEqual(["am", "break", "pm"]);
    const lunch = stops[1]!;
    expect(lunch.start).toBeGreaterThanOrEqual(3000);
    expect(lunch.start).toBe(3700);
    expect(lunch.end).toBeLessThanOrEqual(6000);
  });

  it("leaves out work that would not leave room for a mandatory break", async () => {
    const plan = await solveChecked({
      visits: [{ id: "long", location: at(0, 1), serviceSeconds: 5000, timeWindow: { start: 1000, end: 1000 } }],
      crews: [
        crew("x", {
          shift: { start: 0, end: 7000 },
          breaks: [{ durationSeconds: 1800, window: { start: 2000, end: 5000 } }],
        }),
      ],
      options: { ...quick },
    });
    expect(plan.unassigned).toEqual([{ visitId: "long", reason: "time_window_unreachable", required: false }]);
  });
});

function randomProblem(seed: number, n: number): RoutingProblemInput {
  const rng = new Rng(seed);
  const skills = ["electric", "gas", "roof"];
  const visits: VisitInput[] = Array.from({ length: n }, (_, i) => {
    const start = Math.floor(rng.next() * 20_000);
    const visit: VisitInput = {
      id: `v${i}`,
      location: at(Math.floor(rng.next() * 40) - 20, Math.floor(rng.next() * 40) - 20),
      serviceSeconds: 300 + Math.floor(rng.next() * 1500),
      demand: Math.floor(rng.next() * 5),
      timeWindow: rng.next() < 0.7 ? { start, end: start + 1000 + Math.floor(rng.next() * 8000) } : undefined,
    };
    if (rng.next() < 0.3) visit.skills = [skills[rng.int(3)]!];
    return visit;
  });
  const crews = Array.from({ length: 4 }, (_, k) => ({
    id: `c${k}`,
    start: at(rng.int(10) - 5, rng.int(10) - 5),
    end: rng.next() < 0.5 ? depot : undefined,
    shift: { start: 0, end: 28_000 + rng.int(4000) },
    skills: skills.filter(() => rng.next() < 0.5),
    capacity: 20 + rng.int(20),
    breaks: rng.next() < 0.7 ? [{ durationSeconds: 1800, window: { start: 10_000, end: 16_000 } }] : [],
  }));
  return { visits, crews, options: { timeLimitMs: 20_000, maxIterations: 400, seed } };
}

describe("optimizeRoutes invariants", () => {
  it.each([1, 2, 3, 4, 5])("returns a feasible plan accounting for every visit (random instance %i)", async (seed) => {
    const plan = await solveChecked(randomProblem(seed, 40));
    expect(plan.routes).toHaveLength(4);
    expect(plan.summary.unassignedCount).toBe(plan.unassigned.length);
  });

  it("is deterministic for a seed", async () => {
    const input = randomProblem(7, 40);
    const a = await optimizeRoutes(input, { matrix: gridMatrix() });
    const b = await optimizeRoutes(input, { matrix: gridMatrix() });
    expect(b).toEqual(a);
  });

  it("returns the best plan so far when the time budget ends", async () => {
    const input = randomProblem(9, 150);
    const t0 = performance.now();
    const plan = await solveChecked({ ...input, options: { timeLimitMs: 300 } });
    expect(performance.now() - t0).toBeLessThan(3000);
    expect(plan.routes.some((r) => r.stops.length > 0)).toBe(true);
  });

  it("handles a day with no visits or no crews", async () => {
    const none = await solveChecked({ visits: [], crews: [crew("x")], options: quick });
    expect(none.summary.crewsUsed).toBe(0);
    const nobody = await solveChecked({ visits: [{ id: "a", location: at(0, 1) }], crews: [], options: quick });
    expect(nobody.unassigned).toEqual([{ visitId: "a", reason: "no_crew_with_skills", required: false }]);
  });
});
