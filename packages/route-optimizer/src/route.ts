import { addDemand, hasWindows, latestStartBefore, serviceStart, type RoutingModel, type VehicleModel } from "./model";

const NO_LOADS = new Float64Array(0);

/**
 * One vehicle's route during search. `nodes` holds visit ids; a negative entry -(k+1) is the vehicle's break k,
 * taken between the stops around it with no travel of its own: where the crew stands, or on arrival at the next
 * stop, whichever lets that stop start earlier (see takeBreakRun).
 *
 * Routes without breaks keep, per position (0 = start, len+1 = end), the earliest and latest feasible start of
 * service, so an insertion is checked in O(1) (forward/backward slack, as in Savelsbergh's and Vidal's work).
 * With several windows per visit the same holds: every start time only ever moves forward along the route, so
 * the earliest start is the first window point at or after the arrival, and the latest start the last window point
 * at or before what the rest of the route allows; any start between them that lies in a window is feasible.
 * Routes with breaks are checked by simulating the route: crews have a handful of visits, so O(length) is cheap.
 */
export class Route {
  nodes: number[] = [];
  earliest: number[] = [];
  latest: number[] = [];
  /** Load in dimension 0; with several dimensions `loads` holds every one (loads[0] === load). */
  load = 0;
  loads = NO_LOADS;
  cost = 0;
  visitCount = 0;
  /** Iteration in which this object was cloned; lets a candidate solution copy a route only once. */
  stamp = -1;

  constructor(
    readonly vehicle: number,
    readonly hasBreaks: boolean,
  ) {}

  clone(): Route {
    const r = new Route(this.vehicle, this.hasBreaks);
    r.nodes = this.nodes.slice();
    r.earliest = this.earliest.slice();
    r.latest = this.latest.slice();
    r.load = this.load;
    r.loads = this.loads.length === 0 ? NO_LOADS : this.loads.slice();
    r.cost = this.cost;
    r.visitCount = this.visitCount;
    return r;
  }

  /**
   * Recomputes cost, load and the slack arrays; returns whether the route is feasible. (Removing a visit can
   * make a route late only when travel times break the triangle inequality, as road matrices sometimes do.)
   */
  update(m: RoutingModel): boolean {
    const v = m.vehicles[this.vehicle]!;
    const nodes = this.nodes;
    const n = m.nNodes;
    const len = nodes.length;
    let load = 0;
    let visits = 0;
    for (let i = 0; i < len; i++) {
      const x = nodes[i]!;
      if (x >= 0) {
        load += m.demand[x]!;
        visits++;
      }
    }
    this.load = load;
    this.visitCount = visits;
    const withinCapacity = m.nDims === 1 ? load <= v.capacity : this.sumLoads(m);
    if (visits === 0) {
      this.cost = 0;
      this.earliest = [v.shiftStart, v.shiftStart];
      this.latest = [v.shiftEnd, v.shiftEnd];
      return true;
    }
    if (this.hasBreaks) {
      this.cost = simulateRoute(m, this.vehicle, nodes, -1, -1);
      return this.cost < Infinity;
    }
    const earliest = this.earliest;
    const latest = this.latest;
    earliest.length = len + 2;
    latest.length = len + 2;
    const time = m.time;
    const cost = m.cost;
    let prev = v.startNode;
    let t = v.shiftStart;
    let c = 0;
    let feasible = withinCapacity;
    const windows = m.windows;
    earliest[0] = t;
    for (let i = 0; i < len; i++) {
      const x = nodes[i]!;
      const arr = t + m.service[prev]! + time[prev * n + x]!;
      t = arr > m.early[x]! ? arr : m.early[x]!;
      if (hasWindows(windows, x)) t = serviceStart(m, x, arr);
      if (t > m.late[x]!) feasible = false;
      earliest[i + 1] = t;
      c += cost[prev * n + x]!;
      prev = x;
    }
    earliest[len + 1] = t + m.service[prev]! + time[prev * n + v.endNode]!;
    c += cost[prev * n + v.endNode]!;
    this.cost = c;
    let next = v.endNode;
    let l = v.shiftEnd;
    latest[len + 1] = l;
    for (let i = len - 1; i >= 0; i--) {
      const x = nodes[i]!;
      const bound = l - m.service[x]! - time[x * n + next]!;
      l = bound < m.late[x]! ? bound : m.late[x]!;
      if (hasWindows(windows, x)) l = latestStartBefore(windows!, x, bound);
      latest[i + 1] = l;
      next = x;
    }
    latest[0] = l - time[v.startNode * n + next]!;
    return feasible && earliest[len + 1]! <= v.shiftEnd;
  }

  /** Fills `loads` (several dimensions); returns whether every one is within the vehicle's capacity. */
  private sumLoads(m: RoutingModel): boolean {
    if (this.loads.length !== m.nDims) this.loads = new Float64Array(m.nDims);
    const loads = this.loads;
    loads.fill(0);
    for (const x of this.nodes) if (x >= 0) addDemand(m, loads, x);
    const caps = m.vehicles[this.vehicle]!.capacities;
    for (let d = 0; d < m.nDims; d++) if (loads[d]! > caps[d]!) return false;
    return true;
  }

  /** Whether `visit` fits in the dimensions after the first (the first is the caller's O(1) check). */
  fitsOtherDimensions(m: RoutingModel, visit: number): boolean {
    const caps = m.vehicles[this.vehicle]!.capacities;
    const N = m.nNodes;
    for (let d = 1; d < m.nDims; d++) if (this.loads[d]! + m.demand[d * N + visit]! > caps[d]!) return false;
    return true;
  }
}

/** Receives the time a simulated day ends (back at the end location, breaks there included). */
export interface SimulationOut {
  end: number;
}

/** Node at virtual index k of `nodes` with `insert` placed before index `at` (insert < 0: none). */
export const nodeAt = (nodes: readonly number[], insert: number, at: number, k: number): number =>
  insert < 0 ? nodes[k]! : k === at ? insert : k < at ? nodes[k]! : nodes[k - 1]!;

/** How a run of breaks was taken (reused: no allocation per call). */
export interface BreakRun {
  /** Breaks of the run taken before driving on; the others are taken on arrival at the next stop. */
  before: number;
  arrival: number;
  /** When the crew is free at the next stop, after the breaks taken there. */
  ready: number;
}

const RUN: BreakRun = { before: 0, arrival: 0, ready: 0 };

/**
 * Simulates a vehicle's route with `insert` placed before index `at` (insert < 0: none).
 * Returns the route's objective cost, or Infinity when it breaks a window, the shift or capacity.
 */
export function simulateRoute(
  m: RoutingModel,
  vehicle: number,
  nodes: readonly number[],
  insert: number,
  at: number,
  out: SimulationOut | null = null,
): number {
  const v = m.vehicles[vehicle]!;
  const n = m.nNodes;
  let ready = v.shiftStart;
  let loc = v.startNode;
  let load = 0;
  let c = 0;
  const windows = m.windows;
  const len = nodes.length;
  const total = insert >= 0 ? len + 1 : len;
  for (let k = 0; k < total; k++) {
    let x = insert >= 0 ? (k === at ? insert : k < at ? nodes[k]! : nodes[k - 1]!) : nodes[k]!;
    let arr: number;
    if (x < 0) {
      let count = 1;
      while (k + count < total && nodeAt(nodes, insert, at, k + count) < 0) count++;
      const last = k + count === total;
      const next = last ? v.endNode : nodeAt(nodes, insert, at, k + count);
      if (!takeBreakRun(m, v, nodes, insert, at, k, count, loc, ready, next, RUN, null)) return Infinity;
      if (last) {
        if (!withinCapacity(m, vehicle, nodes, insert, load) || RUN.ready > v.shiftEnd) return Infinity;
        if (out !== null) out.end = RUN.ready;
        return c + m.cost[loc * n + next]!;
      }
      k += count;
      x = next;
      arr = RUN.ready;
    } else {
      arr = ready + m.time[loc * n + x]!;
      if (arr > m.late[x]!) return Infinity;
    }
    const start = hasWindows(windows, x) ? serviceStart(m, x, arr) : arr > m.early[x]! ? arr : m.early[x]!;
    c += m.cost[loc * n + x]!;
    load += m.demand[x]!;
    ready = start + m.service[x]!;
    loc = x;
  }
  const end = ready + m.time[loc * n + v.endNode]!;
  if (!withinCapacity(m, vehicle, nodes, insert, load) || end > v.shiftEnd) return Infinity;
  if (out !== null) out.end = end;
  return c + m.cost[loc * n + v.endNode]!;
}

/**
 * Moves the break at index `from` of `nodes` to where the route is feasible and the day ends earliest (staying put on
 * a tie); returns its new index, or -1 (nodes unchanged) when no place works.
 */
export function relocateBreak(
  m: RoutingModel,
  vehicle: number,
  nodes: number[],
  from: number,
  out: SimulationOut,
): number {
  const marker = nodes[from]!;
  nodes.splice(from, 1);
  let best = -1;
  let bestEnd = Infinity;
  for (let at = 0; at <= nodes.length; at++) {
    nodes.splice(at, 0, marker);
    if (
      simulateRoute(m, vehicle, nodes, -1, -1, out) < Infinity &&
      (out.end < bestEnd || (out.end === bestEnd && at === from))
    ) {
      best = at;
      bestEnd = out.end;
    }
    nodes.splice(at, 1);
  }
  nodes.splice(best >= 0 ? best : from, 0, marker);
  return best;
}

const withinCapacity = (
  m: RoutingModel,
  vehicle: number,
  nodes: readonly number[],
  insert: number,
  load: number,
): boolean =>
  load <= m.vehicles[vehicle]!.capacity && (m.nDims === 1 || withinOtherDimensions(m, vehicle, nodes, insert));

/**
 * The one schedule rule for breaks: a run of `count` breaks (virtual indexes from `from` on) lies between a crew
 * free at `ready` at `loc` and the next stop `next` (a visit, or the end location). The crew may drive on before,
 * between or after the breaks, so a break can fill the wait for a window; the rule takes the choice that lets the
 * next stop start earliest (the end location: that lets the day end earliest), among equals the one with the most
 * breaks before driving. Returns false when no choice keeps every break in its window and the visit within its
 * windows; `out` then holds the all-before choice. `starts`, when given, receives each break's start.
 */
export function takeBreakRun(
  m: RoutingModel,
  v: VehicleModel,
  nodes: readonly number[],
  insert: number,
  at: number,
  from: number,
  count: number,
  loc: number,
  ready: number,
  next: number,
  out: BreakRun,
  starts: Float64Array | null,
): boolean {
  const drive = m.time[loc * m.nNodes + next]!;
  const visit = next < m.nVisits;
  if (runBreaks.length < count) runBreaks = new Int32Array(count);
  for (let i = 0; i < count; i++) runBreaks[i] = -nodeAt(nodes, insert, at, from + i) - 1;
  let best = -1;
  let bestStart = Infinity;
  for (let before = count; before >= 0; before--) {
    const free = runChoice(v, count, before, ready, drive, null, null);
    if (free === Infinity || (visit && free > m.late[next]!)) continue;
    const start = visit ? serviceStart(m, next, free) : free;
    if (start < bestStart) {
      bestStart = start;
      best = before;
    }
  }
  out.before = best >= 0 ? best : count;
  runChoice(v, count, out.before, ready, drive, out, starts);
  return best >= 0;
}

/** The breaks of the run takeBreakRun is placing (scratch, grown as needed). */
let runBreaks = new Int32Array(4);

/** The run's breaks with the drive after `before` of them; when the crew is free after all (Infinity: a break starts late). */
function runChoice(
  v: VehicleModel,
  count: number,
  before: number,
  ready: number,
  drive: number,
  out: BreakRun | null,
  starts: Float64Array | null,
): number {
  let t = ready;
  let late = false;
  for (let i = 0; i <= count; i++) {
    if (i === before) {
      t += drive;
      if (out !== null) out.arrival = t;
    }
    if (i === count) break;
    const b = v.breaks[runBreaks[i]!]!;
    const start = t > b.earliest ? t : b.earliest;
    if (start > b.latest) late = true;
    if (starts !== null) starts[i] = start;
    t = start + b.duration;
  }
  if (out !== null) out.ready = t;
  return late ? Infinity : t;
}

function withinOtherDimensions(m: RoutingModel, vehicle: number, nodes: readonly number[], insert: number): boolean {
  const caps = m.vehicles[vehicle]!.capacities;
  const N = m.nNodes;
  for (let d = 1; d < m.nDims; d++) {
    let load = insert >= 0 ? m.demand[d * N + insert]! : 0;
    for (const x of nodes) if (x >= 0) load += m.demand[d * N + x]!;
    if (load > caps[d]!) return false;
  }
  return true;
}
