import { buildModel } from "./build-model";
import { checkFeasibility } from "./check-feasibility";
import {
  routingPlanSchema,
  routingProblemSchema,
  visitSchema,
  type RoutingPlan,
  type RoutingProblemInput,
  type UnassignedReason,
  type VisitInput,
} from "./contract";
import { unassignedReason } from "./diagnose";
import { haversineMatrix } from "./matrix/haversine";
import { isCompatible } from "./model";
import type { OptimizeDeps } from "./optimize-routes";
import { planFromRoutes, routesFromPlan } from "./plan";
import { simulateRoute } from "./route";

export type InsertVisitResult =
  | {
      inserted: true;
      plan: RoutingPlan;
      crewId: string;
      /** Index among the crew's stops. */ position: number;
      addedCost: number;
    }
  | { inserted: false; plan: RoutingPlan; reason: UnassignedReason };

/**
 * Adds a visit to an already planned day with the least disruption: every route keeps its order and the visit
 * goes where it adds the least to the objective while every route stays feasible. `problem` is the day the plan
 * was made for (without the new visit).
 */
export async function insertVisit(
  problemInput: RoutingProblemInput,
  planInput: RoutingPlan,
  visitInput: VisitInput,
  deps: OptimizeDeps = {},
): Promise<InsertVisitResult> {
  const base = routingProblemSchema.parse(problemInput);
  const visit = visitSchema.parse(visitInput);
  const plan = routingPlanSchema.parse(planInput);
  if (base.visits.some((v) => v.id === visit.id)) throw new Error(`visit ${visit.id} is already in the problem`);
  const problem = { ...base, visits: [...base.visits, visit] };
  const built = await buildModel(problem, deps.matrix ?? haversineMatrix());
  const m = built.model;
  const routes = routesFromPlan(built, plan);
  const report = checkFeasibility(m, routes);
  if (!report.feasible)
    throw new Error(`the plan is not feasible for this problem: ${report.violations.slice(0, 3).join("; ")}`);
  const visitNode = problem.visits.length - 1;
  const visitIndex = new Map(problem.visits.map((v, i) => [v.id, i]));
  const unassigned = plan.unassigned.map((u) => visitIndex.get(u.visitId)!);
  let best: { route: number; at: number; delta: number } | null = null;
  routes.forEach((route, r) => {
    if (!isCompatible(m, visitNode, route.vehicle)) return;
    const before = simulateRoute(m, route.vehicle, route.nodes, -1, -1);
    const empty = !route.nodes.some((x) => x >= 0);
    for (let at = 0; at <= route.nodes.length; at++) {
      const after = simulateRoute(m, route.vehicle, route.nodes, visitNode, at);
      const delta = after - (empty ? 0 : before);
      if (after < Infinity && (best === null || delta < best.delta)) best = { route: r, at, delta };
    }
  });
  const chosen = best as { route: number; at: number; delta: number } | null;
  if (chosen === null) {
    return {
      inserted: false,
      plan: planFromRoutes(built, routes, [...unassigned, visitNode]),
      reason: unassignedReason(m, visitNode, routes),
    };
  }
  const target = routes[chosen.route]!;
  const nodes = [...target.nodes.slice(0, chosen.at), visitNode, ...target.nodes.slice(chosen.at)];
  const next = routes.map((r, i) => (i === chosen.route ? { vehicle: r.vehicle, nodes } : r));
  const after = checkFeasibility(m, next);
  if (!after.feasible) throw new Error(`insertion produced an infeasible plan: ${after.violations.join("; ")}`);
  const newPlan = planFromRoutes(built, next, unassigned);
  const crewId = problem.crews[target.vehicle]!.id;
  const position = newPlan.routes
    .find((r) => r.crewId === crewId)!
    .stops.findIndex((s) => s.kind === "visit" && s.visitId === visit.id);
  return { inserted: true, plan: newPlan, crewId, position, addedCost: chosen.delta };
}
