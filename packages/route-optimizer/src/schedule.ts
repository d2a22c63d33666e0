import { serviceStart, type RoutingModel } from "./model";
import { takeBreakRun, type BreakRun } from "./route";

/** A stop of a scheduled route: `arrival` is when the crew reaches a visit (a break's equals its start). */
export interface ScheduledStop {
  node: number;
  arrival: number;
  start: number;
}

export interface RouteSchedule {
  /** One per node, in the route's order. */
  stops: ScheduledStop[];
  /**
   * When the crew's day starts: it leaves for the first stop as late as it can without delaying anything, or it
   * starts its shift with breaks at the start location.
   */
  departure: number;
  /** When the day ends at the end location, breaks taken there included. */
  end: number;
}

/**
 * The earliest schedule of a route under the search's rule (simulateRoute, breaks by takeBreakRun), kept even where
 * it breaks a window or the shift, so that the checker can say what breaks and the plan can show it. `nodes` must
 * hold known visits and the vehicle's breaks.
 */
export function scheduleRoute(m: RoutingModel, vehicle: number, nodes: readonly number[]): RouteSchedule {
  const v = m.vehicles[vehicle]!;
  const n = m.nNodes;
  const stops: ScheduledStop[] = [];
  const run: BreakRun = { before: 0, arrival: 0, ready: 0 };
  const starts = new Float64Array(nodes.length);
  let loc = v.startNode;
  let ready = v.shiftStart;
  let end = 0;
  let ended = false;
  let breaksAtStart = false;
  for (let k = 0; k < nodes.length && !ended;) {
    let count = 0;
    while (k + count < nodes.length && nodes[k + count]! < 0) count++;
    const next = k + count < nodes.length ? nodes[k + count]! : v.endNode;
    let arrival: number;
    let free: number;
    if (count > 0) {
      takeBreakRun(m, v, nodes, -1, -1, k, count, loc, ready, next, run, starts);
      for (let i = 0; i < count; i++) stops.push({ node: nodes[k + i]!, arrival: starts[i]!, start: starts[i]! });
      if (k === 0) breaksAtStart = run.before > 0;
      arrival = run.arrival;
      free = run.ready;
    } else {
      arrival = ready + m.time[loc * n + next]!;
      free = arrival;
    }
    k += count + 1;
    if (next === v.endNode) {
      end = free;
      ended = true;
    } else {
      const start = serviceStart(m, next, free);
      stops.push({ node: next, arrival, start });
      ready = start + m.service[next]!;
      loc = next;
    }
  }
  if (!ended) end = ready + m.time[loc * n + v.endNode]!;
  let departure = v.shiftStart;
  const firstVisit = stops.findIndex((s) => s.node >= 0);
  if (!breaksAtStart && firstVisit >= 0) {
    // Leave later by what the crew would wait on arrival (for the visit, or for breaks it takes there).
    const first = stops[firstVisit]!;
    const slack = stops[0]!.start - first.arrival;
    departure += slack;
    first.arrival += slack;
  }
  return { stops, departure, end };
}
