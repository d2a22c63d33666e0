import type { RoutePlan as RoutePlanRow } from "@fieldops/db";
import { routePlanResultSchema, type RoutePlan } from "@fieldops/shared/dispatch";

export function toRoutePlan(row: RoutePlanRow): RoutePlan {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    date: row.date,
    crewIds: row.crewIds,
    budgetSeconds: row.budgetSeconds,
    appliedCrewIds: row.appliedCrewIds,
    error: row.error,
    result: row.result === null ? null : routePlanResultSchema.parse(row.result),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
