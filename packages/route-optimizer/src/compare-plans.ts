import type { RoutingPlan } from "./contract";

export interface CrewChange {
  crewId: string;
  added: string[];
  removed: string[];
  /** The visits the crew keeps are done in another order. */
  reordered: boolean;
  travelSecondsDelta: number;
  distanceMetersDelta: number;
}

export interface PlanComparison {
  crews: CrewChange[];
  /** Visits newly left out, and visits the proposal now serves. */
  newlyUnassigned: string[];
  newlyAssigned: string[];
  travelSecondsDelta: number;
  distanceMetersDelta: number;
  costDelta: number;
  unchanged: boolean;
}

/** What applying `proposed` would change relative to `current`: the proposed-versus-current view. */
export function comparePlans(current: RoutingPlan, proposed: RoutingPlan): PlanComparison {
  const visitsOf = (plan: RoutingPlan, crewId: string): string[] =>
    plan.routes.find((r) => r.crewId === crewId)?.stops.flatMap((s) => (s.kind === "visit" ? [s.visitId] : [])) ?? [];
  const crewIds = [...new Set([...current.routes.map((r) => r.crewId), ...proposed.routes.map((r) => r.crewId)])];
  const crews = crewIds.map((crewId): CrewChange => {
    const before = visitsOf(current, crewId);
    const after = visitsOf(proposed, crewId);
    const kept = new Set(before.filter((v) => after.includes(v)));
    const keptBefore = before.filter((v) => kept.has(v));
    const keptAfter = after.filter((v) => kept.has(v));
    const route = (p: RoutingPlan) => p.routes.find((r) => r.crewId === crewId);
    return {
      crewId,
      added: after.filter((v) => !before.includes(v)),
      removed: before.filter((v) => !after.includes(v)),
      reordered: keptBefore.some((v, i) => keptAfter[i] !== v),
      travelSecondsDelta: (route(proposed)?.travelSeconds ?? 0) - (route(current)?.travelSeconds ?? 0),
      distanceMetersDelta: (route(proposed)?.distanceMeters ?? 0) - (route(current)?.distanceMeters ?? 0),
    };
  });
  const unassignedBefore = new Set(current.unassigned.map((u) => u.visitId));
  const unassignedAfter = new Set(proposed.unassigned.map((u) => u.visitId));
  const newlyUnassigned = [...unassignedAfter].filter((v) => !unassignedBefore.has(v));
  const newlyAssigned = [...unassignedBefore].filter((v) => !unassignedAfter.has(v));
  return {
    crews,
    newlyUnassigned,
    newlyAssigned,
    travelSecondsDelta: proposed.summary.travelSeconds - current.summary.travelSeconds,
    distanceMetersDelta: proposed.summary.distanceMeters - current.summary.distanceMeters,
    costDelta: proposed.summary.cost - current.summary.cost,
    unchanged:
      newlyUnassigned.length === 0 &&
      newlyAssigned.length === 0 &&
      crews.every((c) => c.added.length === 0 && c.removed.length === 0 && !c.reordered),
  };
}
