import type { TaskQueues } from "@fieldops/tasks/enqueue";
import { WEEKDAY_NAMES, weekdayOf } from "@fieldops/shared/company-time";
import type { OptimizeDayInput } from "@fieldops/shared/dispatch";
import { crewStartSelect, readYard, resolveCrewStart } from "../crews/crew-start.ts";
import { conflict, invalidInput, notFound } from "../errors.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { companyToday } from "./day-model.ts";
import { optimizeRoutesTask } from "./optimize-routes.task.ts";
import { assertRouteOptimization } from "./route-plan-access.ts";

/**
 * Records a route plan to compute for a day (`optimize`) or for the rest of today from the crews' current positions
 * (`replan`), after checking the plan includes route optimization and that a crew of it has a place to start from. The caller queues it once the transaction has
 * committed (`queueRoutePlan`).
 */
export async function requestRoutePlan(
  scope: TenantScope<UserActor>,
  input: OptimizeDayInput & { kind: "optimize" | "replan"; now?: Date },
): Promise<{ planId: string }> {
  const { tx } = scope;
  await assertRouteOptimization(tx);
  const now = input.now ?? new Date();
  const today = await companyToday(tx, now);
  if (input.kind === "replan" && input.date !== today) {
    throw invalidInput("Only today can be re-planned from the crews' positions; optimize other days instead", "date");
  }
  if (input.date < today) throw invalidInput("A past day cannot be optimized", "date");
  const crews = await tx.crew.findMany({
    where: input.crewIds ? { id: { in: input.crewIds } } : {},
    select: { ...crewStartSelect, name: true, workingHours: { select: { weekday: true } } },
    orderBy: { name: "asc" },
  });
  if (input.crewIds && crews.length !== new Set(input.crewIds).size) throw notFound("Crew not found");
  if (crews.length === 0) throw invalidInput("The company has no crews to plan", "crewIds");
  const weekday = weekdayOf(input.date);
  if (!crews.some((crew) => crew.workingHours.some((hours) => hours.weekday === weekday))) {
    const day = `${WEEKDAY_NAMES[weekday]}s`;
    const who = crews.length === 1 ? `${crews[0]!.name} does not work on ${day}` : `No crew works on ${day}`;
    throw conflict(`${who}: ${input.date} has nothing to optimize.`);
  }
  // Nothing stands in for a missing start: a plan none of whose crews can start anywhere is refused now, with why.
  const yard = await readYard(tx);
  const starts = crews.map((crew) => ({ crew, start: resolveCrewStart(crew, yard, { showHomes: true }) }));
  if (starts.every(({ start }) => !start.located)) {
    throw conflict(
      `No crew has a place to start and end its day. ${starts.map(({ crew, start }) => `${crew.name}: ${start.problem}.`).join(" ")}`,
    );
  }
  const plan = await tx.routePlan.create({
    data: {
      companyId: scope.companyId,
      kind: input.kind,
      date: input.date,
      crewIds: crews.map((crew) => crew.id),
      budgetSeconds: input.budgetSeconds,
      planFrom: input.kind === "replan" ? now : null,
      createdByUserId: scope.actor.userId,
    },
  });
  scope.enqueue(
    optimizeRoutesTask,
    { companyId: scope.companyId, planId: plan.id, requestId: scope.requestId },
    plan.id,
  );
  return { planId: plan.id };
}

/** Queues the computation of a recorded plan (its id is the job's key, so queuing twice computes once). */
export async function queueRoutePlan(
  queues: TaskQueues,
  input: { companyId: string; planId: string; requestId: string | null },
): Promise<void> {
  await queues.enqueue(optimizeRoutesTask, input, input.planId);
}
