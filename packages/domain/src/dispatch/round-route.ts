import type { CrewBreak, Location, PlannedRoute, TimeWindow } from "@fieldops/route-optimizer";

/** What rounding a route's times needs to know of the crew (model seconds, as the solver's). */
export interface RoundingCrew {
  start: Location;
  shift: TimeWindow;
  breaks: readonly CrewBreak[];
  /** `breaks` from this index on hold the time of visits left where they are: they must start exactly then. */
  breakCount: number;
}

export interface RoundingVisit {
  location: Location;
  serviceSeconds: number;
  timeWindow?: TimeWindow | undefined;
}

export interface RoundedRoute {
  visits: { visitId: string; start: number; end: number }[];
  /** The crew's own breaks (not the time held for visits left where they are). */
  breaks: { start: number; end: number }[];
}

/** `seconds` rounded up to the next multiple of `slotSeconds` (a hair's float error is not a slot late). */
export const ceilToSlot = (seconds: number, slotSeconds: number) =>
  Math.ceil((seconds - 1e-6) / slotSeconds) * slotSeconds;

/**
 * The route's stops at times a dispatcher hands out, in the solver's order: each visit starts at a multiple of
 * `slotSeconds` (after the day's start), as soon as the crew can be there after the stop before has ended (rounded)
 * and it has driven, and not before its promised window opens. Rounding up makes the day later, so a break is taken
 * before a visit that would leave it no room in its window (where the crew stands), else where the solver put it.
 * Null when the later times no longer fit: a visit past its promised window or the crew's hours, a break past its
 * window, time held for another visit overrun.
 */
export function roundRoute(
  route: Pick<PlannedRoute, "stops" | "startTime">,
  crew: RoundingCrew,
  visitOf: (visitId: string) => RoundingVisit,
  travel: (from: Location, to: Location) => number,
  slotSeconds: number,
): RoundedRoute | null {
  const rounded: RoundedRoute = { visits: [], breaks: [] };
  const taken = new Set<number>();
  let clock = route.startTime;
  let at = crew.start;
  /** Takes break `index` now (at its window's opening at the earliest); false when it no longer fits. */
  const takeBreak = (index: number) => {
    const rule = crew.breaks[index]!;
    const start = Math.max(clock, rule.window.start);
    const held = index >= crew.breakCount;
    if (held ? start > rule.window.start + EPSILON : start + rule.durationSeconds > rule.window.end + EPSILON)
      return false;
    clock = start + rule.durationSeconds;
    taken.add(index);
    if (!held) rounded.breaks.push({ start, end: clock });
    return true;
  };
  const pending = route.stops.flatMap((stop) =>
    stop.kind === "break" && stop.breakIndex < crew.breakCount ? [stop.breakIndex] : [],
  );
  for (const stop of route.stops) {
    if (stop.kind === "break") {
      if (!taken.has(stop.breakIndex) && !takeBreak(stop.breakIndex)) return null;
      continue;
    }
    const visit = visitOf(stop.visitId);
    const startAfter = () =>
      ceilToSlot(Math.max(clock + travel(at, visit.location), visit.timeWindow?.start ?? -Infinity), slotSeconds);
    // A break still to come that this visit, started late, would leave no room for is taken first.
    for (const index of pending) {
      if (taken.has(index)) continue;
      const rule = crew.breaks[index]!;
      const end = startAfter() + visit.serviceSeconds;
      if (end + rule.durationSeconds > rule.window.end + EPSILON && !takeBreak(index)) return null;
    }
    const start = startAfter();
    const end = start + visit.serviceSeconds;
    if ((visit.timeWindow && start > visit.timeWindow.end + EPSILON) || end > crew.shift.end + EPSILON) return null;
    rounded.visits.push({ visitId: stop.visitId, start, end });
    clock = end;
    at = visit.location;
  }
  return rounded;
}

const EPSILON = 1e-6;
