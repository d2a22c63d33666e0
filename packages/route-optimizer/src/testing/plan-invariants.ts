import {
  byDimension,
  routingProblemSchema,
  visitWindows,
  type RoutingPlan,
  type RoutingProblem,
  type RoutingProblemInput,
} from "../contract";
import type { TravelMatrix } from "../matrix/types";
import { gridMatrix } from "./grid-matrix";

/**
 * Independent plan-level check for tests: every visit accounted for once, skills, capacity in every dimension
 * (and the loads the plan reports), windows, shifts, breaks inside their windows and overlapping neither work nor
 * driving, times consistent with the matrix.
 */
export function planViolations(
  problem: RoutingProblem,
  plan: RoutingPlan,
  tm: TravelMatrix,
  locIndex: (l: { lat: number; lon: number }) => number,
): string[] {
  const errors: string[] = [];
  const visits = new Map(problem.visits.map((v) => [v.id, v]));
  const seen = new Map<string, number>();
  for (const route of plan.routes) {
    const crew = problem.crews.find((c) => c.id === route.crewId);
    if (crew === undefined) {
      errors.push(`unknown crew ${route.crewId}`);
      continue;
    }
    const skills = new Set(crew.skills);
    let loc = locIndex(crew.start);
    let free = route.startTime;
    if (route.startTime < crew.shift.start - 1e-6) errors.push(`${crew.id} leaves before its shift`);
    const load: Record<string, number> = {};
    const breaks = new Set<number>();
    // Breaks since the last visit: each is taken before the next drive or on arrival, never during one.
    let pending: { start: number; end: number }[] = [];
    const breaksFit = (departure: number, arrival: number, until: number): boolean => {
      let t = free;
      for (const b of pending) {
        if (b.start < t - 1e-6 || (b.end > departure + 1e-6 && b.start < arrival - 1e-6)) return false;
        t = b.end;
      }
      return t <= until + 1e-6;
    };
    for (const s of route.stops) {
      if (s.kind === "break") {
        const b = crew.breaks[s.breakIndex];
        if (b === undefined) errors.push(`${crew.id}: unknown break ${s.breakIndex}`);
        else {
          if (breaks.has(s.breakIndex)) errors.push(`${crew.id}: break ${s.breakIndex} twice`);
          breaks.add(s.breakIndex);
          if (s.start < b.window.start - 1e-6 || s.end > b.window.end + 1e-6)
            errors.push(`${crew.id}: break outside its window`);
          if (Math.abs(s.end - s.start - b.durationSeconds) > 1e-6) errors.push(`${crew.id}: break of wrong length`);
        }
        pending.push(s);
        continue;
      }
      const v = visits.get(s.visitId);
      if (v === undefined) {
        errors.push(`unknown visit ${s.visitId}`);
        continue;
      }
      seen.set(v.id, (seen.get(v.id) ?? 0) + 1);
      if (!v.skills.every((k) => skills.has(k))) errors.push(`${v.id}: crew ${crew.id} lacks skills`);
      const to = locIndex(v.location);
      const departure = s.arrival - tm.durations[loc * tm.size + to]!;
      if (departure < free - 1e-6) errors.push(`${v.id}: arrives before it could`);
      if (!breaksFit(departure, s.arrival, s.start))
        errors.push(`${v.id}: a break overlaps the drive there, the work before or its service`);
      if (s.start < s.arrival - 1e-6) errors.push(`${v.id}: starts before arrival`);
      const windows = visitWindows(v);
      if (windows.length > 0 && !windows.some((w) => s.start >= w.start - 1e-6 && s.start <= w.end + 1e-6))
        errors.push(`${v.id}: starts outside its windows`);
      if (Math.abs(s.end - s.start - v.serviceSeconds) > 1e-6) errors.push(`${v.id}: wrong service length`);
      for (const [d, amount] of Object.entries(byDimension(v.demand))) load[d] = (load[d] ?? 0) + amount;
      free = s.end;
      pending = [];
      loc = to;
    }
    if (route.stops.length > 0) {
      const home = tm.durations[loc * tm.size + locIndex(crew.end ?? crew.start)]!;
      // The drive home goes before, between or after the last breaks: some gap must hold it.
      const gaps = [free, ...pending.flatMap((b) => [b.start, b.end]), route.endTime];
      let fits = false;
      for (let i = 0; i + 1 < gaps.length; i += 2) fits ||= gaps[i + 1]! - gaps[i]! >= home - 1e-6;
      if (!fits || !breaksFit(route.endTime, route.endTime, route.endTime))
        errors.push(`${crew.id}: cannot be back at ${route.endTime}`);
      if (route.endTime > crew.shift.end + 1e-6)
        errors.push(`${crew.id}: back at ${route.endTime} after shift end ${crew.shift.end}`);
      if (route.stops.some((s) => s.kind === "visit") && breaks.size !== crew.breaks.length)
        errors.push(`${crew.id}: works without every break`);
    }
    // A dimension the crew does not name is unlimited for it.
    const capacity = crew.capacity === undefined ? {} : byDimension(crew.capacity);
    for (const [d, amount] of Object.entries(load)) {
      if (amount > (capacity[d] ?? Infinity) + 1e-6) errors.push(`${crew.id}: over capacity in ${d}`);
      if (Math.abs((route.loads[d] ?? 0) - amount) > 1e-6)
        errors.push(`${crew.id}: reports a load of ${route.loads[d]} in ${d}, carries ${amount}`);
    }
  }
  for (const u of plan.unassigned) seen.set(u.visitId, (seen.get(u.visitId) ?? 0) + 1);
  for (const v of problem.visits)
    if (seen.get(v.id) !== 1) errors.push(`${v.id} accounted ${seen.get(v.id) ?? 0} times`);
  return errors;
}

/** `planViolations` of a plan made with `gridMatrix()` travel. */
export async function gridPlanViolations(input: RoutingProblemInput, plan: RoutingPlan): Promise<string[]> {
  const problem = routingProblemSchema.parse(input);
  const locs = [...problem.visits.map((v) => v.location), ...problem.crews.flatMap((c) => [c.start, c.end ?? c.start])];
  const tm = await gridMatrix().matrix(locs);
  return planViolations(problem, plan, tm, (l) => locs.findIndex((x) => x.lat === l.lat && x.lon === l.lon));
}
