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

/**
 * What the proposal saves, or costs, as a sentence, each figure with its own verb: never a longer drive called a
 * saving. "Saves 1 h 05 min and 42.0 km of driving", "Adds 10 min of driving but saves 2.0 km".
 */
export function describeSaving(saved: RouteTotals): string {
  const minutes = Math.round(saved.driveSeconds / 60);
  const km = Math.round(saved.distanceMeters / 100);
  if (minutes === 0 && km === 0) return "No driving saved";
  const time = formatDriveTime(Math.abs(saved.driveSeconds));
  const distance = formatDistance(Math.abs(saved.distanceMeters));
  if (km === 0) return `${minutes > 0 ? "Saves" : "Adds"} ${time} of driving`;
  if (minutes === 0) return `${km > 0 ? "Saves" : "Adds"} ${distance} of driving, in the same time`;
  if (minutes > 0 === km > 0) return `${minutes > 0 ? "Saves" : "Adds"} ${time} and ${distance} of driving`;
  return minutes > 0
    ? `Saves ${time} of driving but adds ${distance}`
    : `Adds ${time} of driving but saves ${distance}`;
}

/** How many visits the driving serves now and proposed, when they differ: "Plans 2 more visits than now". */
export function describeVisitCount(before: RouteTotals, after: RouteTotals): string | null {
  if (before.visits === undefined || after.visits === undefined || before.visits === after.visits) return null;
  const difference = Math.abs(after.visits - before.visits);
  const visits = difference === 1 ? "visit" : "visits";
  return after.visits > before.visits
    ? `Plans ${difference} more ${visits} than now`
    : `Plans ${difference} ${visits} fewer than now (left out below)`;
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

const stopsKey = (stops: CrewRoute["current"]["stops"]) =>
  stops.map((stop) => `${stop.visitId}@${stop.start}`).join(",");

/**
 * What applying this crew's part on its own does: its part of the whole plan, or, when that part exchanges visits
 * with other crews, its day planned alone (it keeps its own visits; other crews' are untouched).
 */
export const partApplied = (crew: CrewRoute) => crew.alone ?? crew.proposed;

/** Whether `day` differs from the crew's day now: another order, other times, or other visits. */
export const dayChanges = (crew: CrewRoute, day: Pick<CrewRoute["proposed"], "stops">) =>
  stopsKey(crew.current.stops) !== stopsKey(day.stops);

/** Whether applying this crew's part, with the whole plan or alone, would change anything. */
export function crewRouteChanges(crew: CrewRoute): boolean {
  return dayChanges(crew, crew.proposed) || dayChanges(crew, partApplied(crew));
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
