import { z } from "zod";
import { buildModel } from "./build-model";
import {
  byDimension,
  DEFAULT_DIMENSION,
  locationSchema,
  postponeCost,
  routingPlanSchema,
  routingProblemSchema,
  type Crew,
  type PlannedRoute,
  type Quantities,
  type RoutingPlan,
  type RoutingProblem,
  type RoutingProblemInput,
  type Stop,
  type Visit,
} from "./contract";
import { haversineMatrix } from "./matrix/haversine";
import { solveBuilt, type OptimizeDeps } from "./optimize-routes";

export const crewPositionSchema = z.object({
  crewId: z.string(),
  location: locationSchema,
  /** When the crew can leave from there (e.g. the end of the visit in progress); `now` when omitted. */
  availableAt: z.number().optional(),
});
export type CrewPosition = z.infer<typeof crewPositionSchema>;

/**
 * Re-plans the rest of a day. Stops that started before `now` are locked (done or in progress) and stay as they
 * are; every other visit, including ones left out before, is planned again from each crew's current position
 * and time (its last locked stop when no position is given).
 */
export async function reoptimizeFromPositions(
  problemInput: RoutingProblemInput,
  planInput: RoutingPlan,
  positionsInput: readonly CrewPosition[],
  now: number,
  deps: OptimizeDeps = {},
): Promise<RoutingPlan> {
  const problem = routingProblemSchema.parse(problemInput);
  const plan = routingPlanSchema.parse(planInput);
  const positions = new Map(
    z
      .array(crewPositionSchema)
      .parse(positionsInput)
      .map((p) => [p.crewId, p]),
  );
  const provider = deps.matrix ?? haversineMatrix();
  const visitById = new Map(problem.visits.map((v) => [v.id, v]));

  const locked = problem.crews.map((crew) =>
    lockedPrefix(
      plan.routes.find((r) => r.crewId === crew.id),
      now,
    ),
  );
  const lockedVisits = new Set(
    locked.flatMap((stops) => stops.flatMap((s) => (s.kind === "visit" ? [s.visitId] : []))),
  );
  const breakMaps: number[][] = [];
  const crews: Crew[] = problem.crews.map((crew, k) => {
    const stops = locked[k]!;
    const lastVisit = [...stops].reverse().find((s) => s.kind === "visit");
    const pos = positions.get(crew.id);
    const location =
      pos?.location ?? (lastVisit?.kind === "visit" ? visitById.get(lastVisit.visitId)!.location : crew.start);
    const lastEnd = stops.length > 0 ? stops[stops.length - 1]!.end : -Infinity;
    const from = Math.max(crew.shift.start, now, pos?.availableAt ?? -Infinity, lastEnd);
    const takenBreaks = new Set(stops.flatMap((s) => (s.kind === "break" ? [s.breakIndex] : [])));
    const open = crew.breaks
      .map((b, i) => ({ b, i }))
      .filter(({ b, i }) => !takenBreaks.has(i) && b.window.end - b.durationSeconds >= from);
    breakMaps.push(open.map(({ i }) => i));
    return {
      ...crew,
      start: location,
      shift: { start: from, end: Math.max(from, crew.shift.end) },
      capacity: remaining(crew.capacity, loadsOf(stops, visitById)),
      breaks: open.map(({ b }) => b),
    };
  });
  const rest: RoutingProblem = { ...problem, visits: problem.visits.filter((v) => !lockedVisits.has(v.id)), crews };
  const sub = solveBuilt(await buildModel(rest, provider));

  const full = await buildModel(problem, provider);
  const N = full.model.nNodes;
  const loads = (stops: readonly Stop[]) => {
    const byName = loadsOf(stops, visitById);
    const all = Object.fromEntries(full.dimensions.map((d) => [d, byName[d] ?? 0]));
    return { load: all[full.dimensions[0]!]!, loads: all };
  };
  const visitNode = new Map(problem.visits.map((v, i) => [v.id, i]));
  const routes: PlannedRoute[] = problem.crews.map((crew, k) => {
    const stops = locked[k]!;
    const tail = sub.routes[k]!;
    const mapped: Stop[] = tail.stops.map((s) =>
      s.kind === "break" ? { ...s, breakIndex: breakMaps[k]![s.breakIndex]! } : s,
    );
    // Driving already done: from the crew's start through its locked visits.
    let travel = 0;
    let dist = 0;
    let loc = full.model.vehicles[k]!.startNode;
    for (const s of stops) {
      if (s.kind !== "visit") continue;
      const x = visitNode.get(s.visitId)!;
      travel += full.model.time[loc * N + x]!;
      dist += full.distance[loc * N + x]!;
      loc = x;
    }
    const idleTail = tail.stops.length === 0;
    if (idleTail && stops.length > 0) {
      const end = full.model.vehicles[k]!.endNode;
      const endTime = stops[stops.length - 1]!.end + full.model.time[loc * N + end]!;
      travel += full.model.time[loc * N + end]!;
      dist += full.distance[loc * N + end]!;
      return {
        crewId: crew.id,
        stops: [...stops],
        startTime: plannedStart(plan, crew.id),
        endTime,
        travelSeconds: travel,
        distanceMeters: dist,
        ...loads(stops),
      };
    }
    return {
      crewId: crew.id,
      stops: [...stops, ...mapped],
      startTime: stops.length > 0 ? plannedStart(plan, crew.id) : tail.startTime,
      endTime: tail.endTime,
      travelSeconds: travel + tail.travelSeconds,
      distanceMeters: dist + tail.distanceMeters,
      ...loads([...stops, ...mapped]),
    };
  });
  const travelSeconds = routes.reduce((a, r) => a + r.travelSeconds, 0);
  const distanceMeters = routes.reduce((a, r) => a + r.distanceMeters, 0);
  const objective = problem.options.objective;
  const penalties = sub.unassigned.reduce((a, u) => a + postponeCost(visitById.get(u.visitId)!, problem.options), 0);
  return routingPlanSchema.parse({
    objective,
    routes,
    unassigned: sub.unassigned,
    summary: {
      crewsUsed: routes.filter((r) => r.stops.some((s) => s.kind === "visit")).length,
      travelSeconds,
      distanceMeters,
      unassignedCount: sub.unassigned.length,
      cost: objective === "travel-time" ? travelSeconds + penalties : distanceMeters,
    },
  });
}

function lockedPrefix(route: PlannedRoute | undefined, now: number): Stop[] {
  const stops = route?.stops ?? [];
  let count = 0;
  while (count < stops.length && stops[count]!.start < now) count++;
  // A break taken on arrival means the crew has already driven to the visit after it: that visit is under way too.
  const last = stops[count - 1];
  const visit = stops.findIndex((s, i) => i >= count && s.kind === "visit");
  const next = stops[visit];
  if (last?.kind === "break" && next?.kind === "visit" && next.arrival <= last.start) count = visit + 1;
  return stops.slice(0, count);
}

const plannedStart = (plan: RoutingPlan, crewId: string): number =>
  plan.routes.find((r) => r.crewId === crewId)!.startTime;

/** Demand of the visits among `stops`, by dimension. */
function loadsOf(stops: readonly Stop[], visits: ReadonlyMap<string, Visit>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of stops) {
    if (s.kind !== "visit") continue;
    for (const [d, amount] of Object.entries(byDimension(visits.get(s.visitId)!.demand)))
      out[d] = (out[d] ?? 0) + amount;
  }
  return out;
}

/** What is left of a crew's capacity once `used` is on board. */
function remaining(capacity: Quantities | undefined, used: Record<string, number>): Quantities | undefined {
  if (capacity === undefined) return undefined;
  if (typeof capacity === "number") return Math.max(0, capacity - (used[DEFAULT_DIMENSION] ?? 0));
  return Object.fromEntries(Object.entries(capacity).map(([d, c]) => [d, Math.max(0, c - (used[d] ?? 0))]));
}
