import type { CrewRoute, RoutePlanResult } from "@fieldops/shared/dispatch";

export type RouteSide = "current" | "proposed";
export type MapPoint = [lat: number, lon: number];

/** A crew's route on the map: its start (when known), then its visits in order; empty when it has no visit. */
export function routePoints(crew: CrewRoute, side: RouteSide): MapPoint[] {
  const start: MapPoint[] = crew.start ? [[crew.start.lat, crew.start.lon]] : [];
  const stops = crew[side].stops.flatMap((stop): MapPoint[] =>
    stop.location ? [[stop.location.lat, stop.location.lon]] : [],
  );
  return stops.length === 0 ? [] : [...start, ...stops];
}

/** Whether the proposal carries the locations a map needs (plans made before they were recorded do not). */
export function hasMapPoints(result: RoutePlanResult): boolean {
  return result.crews.some(
    (crew) => routePoints(crew, "proposed").length > 0 || routePoints(crew, "current").length > 0,
  );
}
