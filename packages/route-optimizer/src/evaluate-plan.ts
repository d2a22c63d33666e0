import { z } from "zod";
import { buildModel } from "./build-model";
import { checkFeasibility, type ModelRoute } from "./check-feasibility";
import { routingProblemSchema, type RoutingPlan, type RoutingProblemInput } from "./contract";
import { haversineMatrix } from "./matrix/haversine";
import type { OptimizeDeps } from "./optimize-routes";
import { planFromRoutes } from "./plan";
import { relocateBreak } from "./route";

export const crewAssignmentSchema = z.object({ crewId: z.string(), visitIds: z.array(z.string()) });
export type CrewAssignment = z.infer<typeof crewAssignmentSchema>;

export interface PlanEvaluation {
  plan: RoutingPlan;
  /** Empty when the assignment respects every window, shift, skill, capacity and break. */
  violations: string[];
}

/**
 * Schedules a day as dispatchers planned it (crew -> ordered visits), e.g. to show the current plan beside a
 * proposal. Breaks go where they fit best; visits not assigned to any crew are reported as unassigned.
 */
export async function evaluatePlan(
  problemInput: RoutingProblemInput,
  assignmentsInput: readonly CrewAssignment[],
  deps: OptimizeDeps = {},
): Promise<PlanEvaluation> {
  const problem = routingProblemSchema.parse(problemInput);
  const assignments = z.array(crewAssignmentSchema).parse(assignmentsInput);
  const built = await buildModel(problem, deps.matrix ?? haversineMatrix());
  const m = built.model;
  const visitNode = new Map(problem.visits.map((v, i) => [v.id, i]));
  const violations: string[] = [];
  const placed = new Set<number>();
  const routes: ModelRoute[] = [];
  for (const a of assignments) {
    const vehicle = problem.crews.findIndex((c) => c.id === a.crewId);
    if (vehicle < 0) {
      violations.push(`unknown crew ${a.crewId}`);
      continue;
    }
    const nodes: number[] = [];
    for (const id of a.visitIds) {
      const x = visitNode.get(id);
      if (x === undefined) violations.push(`unknown visit ${id}`);
      else {
        nodes.push(x);
        placed.add(x);
      }
    }
    // Each break goes where the route works and the day ends earliest (after the last stop if nowhere works).
    const day = { end: 0 };
    m.vehicles[vehicle]!.breaks.forEach((_, b) => {
      nodes.push(-(b + 1));
      relocateBreak(m, vehicle, nodes, nodes.length - 1, day);
    });
    routes.push({ vehicle, nodes });
  }
  violations.push(
    ...checkFeasibility(m, routes).violations.map((v) =>
      describe(
        v,
        problem.visits.map((x) => x.id),
      ),
    ),
  );
  const unassigned = problem.visits.map((_, i) => i).filter((i) => !placed.has(i));
  return { plan: planFromRoutes(built, routes, unassigned), violations };
}

/** The checker names visits by model index; dispatchers know them by id. */
const describe = (violation: string, ids: readonly string[]): string =>
  violation.replace(/visit (\d+)/g, (_, i: string) => `visit ${ids[Number(i)] ?? i}`);
