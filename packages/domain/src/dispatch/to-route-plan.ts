import type { RoutePlan as RoutePlanRow } from "@fieldops/db";
import { routePlanResultSchema, type MapTiles, type RoutePlan } from "@fieldops/shared/dispatch";

/** A stored plan as the client sees it; `map` is the tile server it may be drawn on, if any. */
export function toRoutePlan(row: RoutePlanRow, map: MapTiles | null): RoutePlan {
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
    map,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
