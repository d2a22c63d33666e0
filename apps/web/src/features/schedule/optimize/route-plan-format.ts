import type { CrewRoute, RoutePlan, RoutePlanStatus, RouteTotals } from "@fieldops/shared/dispatch";

/** Whether the worker is still on the plan (the screen keeps showing progress). */
export const isPlanWorking = (status: RoutePlanStatus) => status === "queued" || status === "running";

export const PLAN_STATUS_TEXT: Record<RoutePlanStatus, string> = {
  queued: "Waiting for the optimizer…",
  running: "Optimizing routes…",
  ready: "Proposal ready",
  failed: "Optimization failed",
  applied: "Applied",
  stale: "The schedule changed since this proposal was made",
};

/** Seconds of driving as "1 h 05 min" or "12 min"; a negative amount keeps its sign. */
export function formatDriveTime(seconds: number): string {
  const sign = seconds < 0 ? "−" : "";
  const minutes = Math.round(Math.abs(seconds) / 60);
  if (minutes < 60) return `${sign}${minutes} min`;
  return `${sign}${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}

/** Metres as kilometres with one decimal. */
export function formatDistance(meters: number): string {
  const sign = meters < 0 ? "−" : "";
  return `${sign}${(Math.abs(meters) / 1000).toFixed(1)} km`;
}

/** What the proposal saves, or costs, as a sentence: "Saves 1 h 05 min and 42.0 km of driving". */
export function describeSaving(saved: RouteTotals): string {
  if (saved.driveSeconds === 0 && saved.distanceMeters === 0) return "No driving saved";
  const verb = saved.driveSeconds >= 0 ? "Saves" : "Adds";
  return `${verb} ${formatDriveTime(Math.abs(saved.driveSeconds))} and ${formatDistance(Math.abs(saved.distanceMeters))} of driving`;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment as the company's wall-clock time ("9:05 AM"). */
export function formatClock(iso: string, timeZone: string): string {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone });
    clockFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/** Whether applying this crew's part would change anything: another order, other times, or other visits. */
export function crewRouteChanges(crew: CrewRoute): boolean {
  const key = (stops: CrewRoute["current"]["stops"]) => stops.map((stop) => `${stop.visitId}@${stop.start}`).join(",");
  return key(crew.current.stops) !== key(crew.proposed.stops);
}

/** The crews whose part is still to apply (changes something and is not applied yet). */
export function crewsToApply(plan: RoutePlan): string[] {
  return (plan.result?.crews ?? [])
    .filter((crew) => crewRouteChanges(crew) && !plan.appliedCrewIds.includes(crew.crewId))
    .map((crew) => crew.crewId);
}

/** "Moves from Crew A to Crew B", "Comes from the unassigned queue". */
export function describeMove(fromCrewName: string | null, toCrewName: string): string {
  return fromCrewName
    ? `Moves from ${fromCrewName} to ${toCrewName}`
    : `Comes from the unassigned queue to ${toCrewName}`;
}
