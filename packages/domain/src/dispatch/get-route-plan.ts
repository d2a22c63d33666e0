import type { RoutePlan as RoutePlanRow, TenantTransaction } from "@fieldops/db";
import type { MapTiles, RoutePlan } from "@fieldops/shared/dispatch";
import { notFound } from "../errors.ts";
import { assertRouteOptimization } from "./route-plan-access.ts";
import { toRoutePlan } from "./to-route-plan.ts";

export type VersionMap = Record<string, number>;

/** The version each visit of the plan should still have: the snapshot's, or the one applying a part wrote. */
export function expectedVersions(plan: Pick<RoutePlanRow, "snapshot" | "appliedVersions">): VersionMap {
  return { ...(plan.snapshot as VersionMap), ...(plan.appliedVersions as VersionMap) };
}

/** The first visit of `visitIds` changed since the plan was made, with its job's title; null when none was. */
export async function firstChangedVisit(tx: TenantTransaction, expected: VersionMap, visitIds: readonly string[]) {
  const rows = await tx.visit.findMany({
    where: { id: { in: [...visitIds] } },
    select: { id: true, version: true, job: { select: { title: true } } },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const id of visitIds) {
    const row = byId.get(id);
    if (!row) return { id, title: "A visit of this plan", deleted: true };
    if (row.version !== expected[id]) return { id, title: row.job.title, deleted: false };
  }
  return null;
}

/**
 * A route plan of the company. A ready plan whose visits have changed since it was computed is marked stale: applying
 * it would be refused, so the screen offers to optimize again instead.
 */
export async function getRoutePlan(
  tx: TenantTransaction,
  input: { planId: string; map: MapTiles | null },
): Promise<RoutePlan> {
  await assertRouteOptimization(tx);
  const plan = await tx.routePlan.findUnique({ where: { id: input.planId } });
  if (!plan) throw notFound("Route plan not found");
  if (plan.status === "ready") {
    const expected = expectedVersions(plan);
    if (await firstChangedVisit(tx, expected, Object.keys(expected))) {
      return toRoutePlan(await tx.routePlan.update({ where: { id: plan.id }, data: { status: "stale" } }), input.map);
    }
  }
  return toRoutePlan(plan, input.map);
}
