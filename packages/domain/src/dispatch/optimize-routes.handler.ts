import { withTenant, type Database } from "@fieldops/db";
import { isDatabaseUnavailable } from "@fieldops/db/database-unavailable";
import { publishEvent } from "@fieldops/events/company-stream";
import type { TaskHandler } from "@fieldops/tasks/task-definition";
import { ROUTE_OPTIMIZATION_UPGRADE_MESSAGE, type RoutePlanStatus } from "@fieldops/shared/dispatch";
import type { Redis } from "ioredis";
import { DomainError } from "../errors.ts";
import { loadDayModel } from "./day-model.ts";
import type { optimizeRoutesTask } from "./optimize-routes.task.ts";
import { proposeDay } from "./propose-day.ts";
import { hasRouteOptimization } from "./route-plan-access.ts";

/** Tells the company's screens that a route plan moved on. */
export async function publishRoutePlanUpdated(
  redis: Redis,
  input: { companyId: string; planId: string; status: RoutePlanStatus; requestId?: string | null },
) {
  await publishEvent(
    redis,
    { name: "route_plan.updated", payload: { planId: input.planId, status: input.status } },
    { companyId: input.companyId, requestId: input.requestId ?? null },
  );
}

async function setStatus(
  db: Database,
  companyId: string,
  planId: string,
  data: { status: RoutePlanStatus; error?: string },
) {
  await withTenant(db, companyId, (tx) => tx.routePlan.update({ where: { id: planId }, data }));
}

/**
 * Builds the plan's day from the database, solves it within the plan's budget outside any transaction, and stores
 * the proposal (or why there is none). A company whose plan no longer includes route optimization gets a failed plan
 * saying so. Runs once per plan: a plan already computed is left as it is.
 */
export const optimizeRoutes: TaskHandler<typeof optimizeRoutesTask.schema> = async (
  payload,
  { db, redis, osrmUrl },
) => {
  const { companyId, planId, requestId } = payload;
  const publish = (status: RoutePlanStatus) => publishRoutePlanUpdated(redis, { companyId, planId, status, requestId });
  const start = await withTenant(db, companyId, async (tx) => {
    const plan = await tx.routePlan.findUnique({ where: { id: planId } });
    if (!plan || (plan.status !== "queued" && plan.status !== "running")) return null;
    if (!(await hasRouteOptimization(tx))) {
      await tx.routePlan.update({
        where: { id: planId },
        data: { status: "failed", error: ROUTE_OPTIMIZATION_UPGRADE_MESSAGE },
      });
      return "refused" as const;
    }
    await tx.routePlan.update({ where: { id: planId }, data: { status: "running" } });
    const model = await loadDayModel(tx, { date: plan.date, crewIds: plan.crewIds, from: plan.planFrom });
    if (model.crews.length === 0) {
      // Every crew is off that day or has no place to start from: say so rather than propose an empty day.
      await tx.routePlan.update({
        where: { id: planId },
        data: { status: "failed", error: `No crew can be planned that day. ${model.notes.join(" ")}`.trim() },
      });
      return "refused" as const;
    }
    return { plan, model };
  });
  if (start === null) return;
  if (start === "refused") {
    await publish("failed");
    return;
  }
  await publish("running");
  try {
    const proposal = await proposeDay(start.model, {
      budgetSeconds: start.plan.budgetSeconds,
      osrmUrl,
      requestedAt: start.plan.createdAt,
    });
    await withTenant(db, companyId, (tx) =>
      tx.routePlan.update({
        where: { id: planId },
        data: { status: "ready", result: proposal.result, snapshot: proposal.snapshot, error: null },
      }),
    );
    await publish("ready");
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    const message =
      error instanceof DomainError
        ? error.message
        : `The optimizer could not plan this day: ${error instanceof Error ? error.message : String(error)}`;
    await setStatus(db, companyId, planId, { status: "failed", error: message });
    await publish("failed");
  }
};
