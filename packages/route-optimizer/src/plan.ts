import { breakOrder, type BuiltModel } from "./build-model";
import type { ModelRoute } from "./check-feasibility";
import { postponeCost, routingPlanSchema, type PlannedRoute, type RoutingPlan, type Stop } from "./contract";
import { unassignedReason } from "./diagnose";
import { addDemand } from "./model";
import { scheduleRoute } from "./schedule";

/**
 * Turns model routes into the public plan, with the earliest schedule (leaving just in time for the first stop). A
 * break stands between the stops it is taken between: where the crew stands, or on arrival at the next stop
 * before service (then its start is at or after that visit's arrival).
 */
export function planFromRoutes(
  built: BuiltModel,
  routes: readonly ModelRoute[],
  unassigned: readonly number[],
): RoutingPlan {
  const { model: m, problem, distance, dimensions } = built;
  const loadsOf = (loads: Float64Array) => Object.fromEntries(dimensions.map((d, i) => [d, loads[i]!]));
  const N = m.nNodes;
  const byVehicle = new Map(routes.map((r) => [r.vehicle, r.nodes]));
  const planned: PlannedRoute[] = problem.crews.map((crew, k) => {
    const v = m.vehicles[k]!;
    const nodes = byVehicle.get(k) ?? [];
    if (!nodes.some((x) => x >= 0)) {
      return {
        crewId: crew.id,
        stops: [],
        startTime: v.shiftStart,
        endTime: v.shiftStart,
        travelSeconds: 0,
        distanceMeters: 0,
        load: 0,
        loads: loadsOf(new Float64Array(m.nDims)),
      };
    }
    const schedule = scheduleRoute(m, k, nodes);
    const order = breakOrder(crew);
    const stops: Stop[] = [];
    let loc = v.startNode;
    let travel = 0;
    let dist = 0;
    const loads = new Float64Array(m.nDims);
    for (const { node: x, arrival, start } of schedule.stops) {
      if (x < 0) {
        stops.push({ kind: "break", breakIndex: order[-x - 1]!, start, end: start + v.breaks[-x - 1]!.duration });
        continue;
      }
      stops.push({ kind: "visit", visitId: problem.visits[x]!.id, arrival, start, end: start + m.service[x]! });
      travel += m.time[loc * N + x]!;
      dist += distance[loc * N + x]!;
      addDemand(m, loads, x);
      loc = x;
    }
    travel += m.time[loc * N + v.endNode]!;
    dist += distance[loc * N + v.endNode]!;
    const startTime = schedule.departure;
    const endTime = schedule.end;
    return {
      crewId: crew.id,
      stops,
      startTime,
      endTime,
      travelSeconds: travel,
      distanceMeters: dist,
      load: loads[0]!,
      loads: loadsOf(loads),
    };
  });
  const travelSeconds = planned.reduce((a, r) => a + r.travelSeconds, 0);
  const distanceMeters = planned.reduce((a, r) => a + r.distanceMeters, 0);
  const objective = problem.options.objective;
  let cost = objective === "travel-time" ? travelSeconds : distanceMeters;
  if (objective === "travel-time")
    for (const u of unassigned) cost += postponeCost(problem.visits[u]!, problem.options);
  return routingPlanSchema.parse({
    objective,
    routes: planned,
    unassigned: unassigned.map((u) => ({
      visitId: problem.visits[u]!.id,
      reason: unassignedReason(m, u, routes),
      required: problem.visits[u]!.required,
    })),
    summary: {
      crewsUsed: planned.filter((r) => r.stops.some((s) => s.kind === "visit")).length,
      travelSeconds,
      distanceMeters,
      unassignedCount: unassigned.length,
      cost,
    },
  });
}

/** Model routes of an existing plan (visit ids and break indexes mapped back to nodes). */
export function routesFromPlan(built: BuiltModel, plan: RoutingPlan): ModelRoute[] {
  const visitNode = new Map(built.problem.visits.map((v, i) => [v.id, i]));
  return built.problem.crews.map((crew, k) => {
    const route = plan.routes.find((r) => r.crewId === crew.id);
    const order = breakOrder(crew);
    const taken = new Set<number>();
    const nodes: number[] = [];
    for (const s of route?.stops ?? []) {
      if (s.kind === "break") {
        nodes.push(-(order.indexOf(s.breakIndex) + 1));
        taken.add(s.breakIndex);
        continue;
      }
      const x = visitNode.get(s.visitId);
      if (x === undefined) throw new Error(`plan refers to unknown visit ${s.visitId}`);
      nodes.push(x);
    }
    // A plan's idle crew has no break stops; the model keeps every break in the route.
    order.forEach((b, sorted) => {
      if (!taken.has(b)) nodes.push(-(sorted + 1));
    });
    return { vehicle: k, nodes };
  });
}
