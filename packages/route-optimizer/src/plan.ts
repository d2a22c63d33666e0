import { breakOrder, type BuiltModel } from "./build-model";
import type { ModelRoute } from "./check-feasibility";
import { postponeCost, routingPlanSchema, type PlannedRoute, type RoutingPlan, type Stop } from "./contract";
import { unassignedReason } from "./diagnose";
import { addDemand, serviceStart } from "./model";

/** Turns model routes into the public plan, with the earliest schedule (leaving just in time for the first visit). */
export function planFromRoutes(built: BuiltModel, routes: readonly ModelRoute[], unassigned: readonly number[]): RoutingPlan {
  const { model: m, problem, distance, dimensions } = built;
  const loadsOf = (loads: Float64Array) => Object.fromEntries(dimensions.map((d, i) => [d, loads[i]!]));
  const N = m.nNodes;
  const byVehicle = new Map(routes.map((r) => [r.vehicle, r.nodes]));
  const planned: PlannedRoute[] = problem.crews.map((crew, k) => {
    const v = m.vehicles[k]!;
    const nodes = byVehicle.get(k) ?? [];
    if (!nodes.some((x) => x >= 0)) {
      return { crewId: crew.id, stops: [], startTime: v.shiftStart, endTime: v.shiftStart, travelSeconds: 0, distanceMeters: 0, load: 0, loads: loadsOf(new Float64Array(m.nDims)) };
    }
    const stops: Stop[] = [];
    let loc = v.startNode;
    let t = v.shiftStart;
    const first = nodes[0]!;
    if (first >= 0) t = Math.max(t, serviceStart(m, first, t + m.time[loc * N + first]!) - m.time[loc * N + first]!);
    const startTime = t;
    let svc = 0;
    let travel = 0;
    let dist = 0;
    const loads = new Float64Array(m.nDims);
    for (const x of nodes) {
      if (x < 0) {
        const b = v.breaks[-x - 1]!;
        const start = Math.max(t + svc, b.earliest);
        stops.push({ kind: "break", breakIndex: breakOrder(crew)[-x - 1]!, start, end: start + b.duration });
        t = start;
        svc = b.duration;
        continue;
      }
      const arrival = t + svc + m.time[loc * N + x]!;
      const start = serviceStart(m, x, arrival);
      stops.push({ kind: "visit", visitId: problem.visits[x]!.id, arrival, start, end: start + m.service[x]! });
      travel += m.time[loc * N + x]!;
      dist += distance[loc * N + x]!;
      addDemand(m, loads, x);
      t = start;
      svc = m.service[x]!;
      loc = x;
    }
    travel += m.time[loc * N + v.endNode]!;
    dist += distance[loc * N + v.endNode]!;
    const endTime = t + svc + m.time[loc * N + v.endNode]!;
    return { crewId: crew.id, stops, startTime, endTime, travelSeconds: travel, distanceMeters: dist, load: loads[0]!, loads: loadsOf(loads) };
  });
  const travelSeconds = planned.reduce((a, r) => a + r.travelSeconds, 0);
  const distanceMeters = planned.reduce((a, r) => a + r.distanceMeters, 0);
  const objective = problem.options.objective;
  let cost = objective === "travel-time" ? travelSeconds : distanceMeters;
  if (objective === "travel-time") for (const u of unassigned) cost += postponeCost(problem.visits[u]!, problem.options);
  return routingPlanSchema.parse({
    objective,
    routes: planned,
    unassigned: unassigned.map((u) => ({ visitId: problem.visits[u]!.id, reason: unassignedReason(m, u, routes), required: problem.visits[u]!.required })),
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
