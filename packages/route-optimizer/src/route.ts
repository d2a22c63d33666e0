import { addDemand, hasWindows, latestStartBefore, serviceStart, type RoutingModel } from "./model";

/**
 * One vehicle's route during search. `nodes` holds visit ids; a negative entry -(k+1) is the vehicle's break k,
 * taken where it stands (no travel to or from it).
 *
 * Routes without breaks keep, per position (0 = start, len+1 = end), the earliest and latest feasible start of
 * service, so an insertion is checked in O(1) (forward/backward slack, as in Savelsbergh's and Vidal's work).
 * With several windows per visit the same holds: every start time only ever moves forward along the route, so
 * the earliest start is the first window point at or after the arrival, and the latest start the last window point
 * at or before what the rest of the route allows; any start between them that lies in a window is feasible.
 * Routes with breaks are checked by simulating the route: crews have a handful of visits, so O(length) is cheap.
 */
const NO_LOADS = new Float64Array(0);

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
      if (hasWindows(windows, x)) l = latestStartBefore(windows, x, bound);
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

/**
 * Simulates a vehicle's route with `insert` placed before index `at` (insert < 0: none).
 * Returns the route's objective cost, or Infinity when it breaks a window, the shift or capacity.
 */
export function simulateRoute(m: RoutingModel, vehicle: number, nodes: readonly number[], insert: number, at: number): number {
  const v = m.vehicles[vehicle]!;
  const n = m.nNodes;
  let t = v.shiftStart;
  let loc = v.startNode;
  let svc = 0;
  let load = 0;
  let c = 0;
  const windows = m.windows;
  const len = nodes.length;
  const total = insert >= 0 ? len + 1 : len;
  for (let k = 0; k < total; k++) {
    const x = insert >= 0 ? (k === at ? insert : k < at ? nodes[k]! : nodes[k - 1]!) : nodes[k]!;
    if (x < 0) {
      const b = v.breaks[-x - 1]!;
      const ready = t + svc;
      const start = ready > b.earliest ? ready : b.earliest;
      if (start > b.latest) return Infinity;
      t = start;
      svc = b.duration;
      continue;
    }
    const arr = t + svc + m.time[loc * n + x]!;
    if (arr > m.late[x]!) return Infinity;
    const start = hasWindows(windows, x) ? serviceStart(m, x, arr) : arr > m.early[x]! ? arr : m.early[x]!;
    c += m.cost[loc * n + x]!;
    load += m.demand[x]!;
    t = start;
    svc = m.service[x]!;
    loc = x;
  }
  if (load > v.capacity) return Infinity;
  if (m.nDims > 1 && !withinOtherDimensions(m, vehicle, nodes, insert)) return Infinity;
  if (t + svc + m.time[loc * n + v.endNode]! > v.shiftEnd) return Infinity;
  return c + m.cost[loc * n + v.endNode]!;
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
