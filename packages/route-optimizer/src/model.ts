/**
 * The solver's internal problem: plain typed arrays, indexed by node.
 * Nodes 0..nVisits-1 are visits; nodes from nVisits on are crew start/end locations.
 * Matrices are row-major nNodes x nNodes.
 */
export interface BreakModel {
  duration: number;
  /** Earliest and latest start of the break. */
  earliest: number;
  latest: number;
}

export interface VehicleModel {
  startNode: number;
  endNode: number;
  shiftStart: number;
  shiftEnd: number;
  /** Capacity in dimension 0 (the one-dimension fast path reads this). */
  capacity: number;
  /** Capacity per dimension, nDims entries, the first equal to `capacity`; Infinity where unlimited. */
  capacities: Float64Array;
  breaks: BreakModel[];
  /** Vehicles with the same key are interchangeable (used to skip duplicate empty routes). */
  typeKey: number;
}

export type ModelObjective = "vehicles-then-distance" | "distance" | "travel-time";

/**
 * Service windows of the nodes that have more than one, in CSR form: node x's windows are
 * [starts[k], ends[k]] for k from offsets[x] to offsets[x + 1] - 1, sorted and disjoint. A node with at most one
 * window has none here (offsets[x] === offsets[x + 1]) and is bounded by `early`/`late` alone.
 */
export interface WindowTable {
  offsets: Int32Array;
  starts: Float64Array;
  ends: Float64Array;
}

export interface RoutingModel {
  nVisits: number;
  nNodes: number;
  /** Travel time between nodes. */
  time: Float64Array;
  /** Arc cost the objective sums (distance or travel time). */
  cost: Float64Array;
  /**
   * Per node (depot nodes: 0 / unbounded). Service starts in [early, late]: a node's only window, or the envelope
   * of its windows (first start, last end) when `windows` lists several.
   */
  service: Float64Array;
  early: Float64Array;
  late: Float64Array;
  /** Null when no node has more than one window. */
  windows: WindowTable | null;
  /** Capacity dimensions; demand is dimension-major, node x's in dimension d at d * nNodes + x (depots: 0). */
  nDims: number;
  demand: Float64Array;
  /** Objective cost of leaving a visit unassigned. */
  penalty: Float64Array;
  /** 1 for a visit that must be served when any feasible plan can serve it (its penalty outweighs any travel). */
  required: Uint8Array;
  vehicles: VehicleModel[];
  /** nVisits x nVehicles, 1 when the vehicle may serve the visit (skills); null means all may. */
  compatible: Uint8Array | null;
  objective: ModelObjective;
}

export const isCompatible = (m: RoutingModel, visit: number, vehicle: number): boolean =>
  m.compatible === null || m.compatible[visit * m.vehicles.length + vehicle] === 1;

/** Adds node x's demand in every dimension to `loads`. */
export function addDemand(m: RoutingModel, loads: Float64Array, x: number): void {
  for (let d = 0; d < m.nDims; d++) loads[d] = loads[d]! + m.demand[d * m.nNodes + x]!;
}

/** Whether node x has several windows (listed in `m.windows`). */
export const hasWindows = (w: WindowTable | null, x: number): boolean =>
  w !== null && w.offsets[x] !== w.offsets[x + 1];

/**
 * Earliest service start at node x for a crew there at `ready`: `ready` itself inside a window, else the opening of
 * the next window. Past the last window it returns `ready`, which then exceeds `late[x]` (the caller's check).
 */
export function serviceStart(m: RoutingModel, x: number, ready: number): number {
  const w = m.windows;
  if (w !== null && hasWindows(w, x)) {
    const to = w.offsets[x + 1]!;
    for (let k = w.offsets[x]!; k < to; k++)
      if (ready <= w.ends[k]!) return ready > w.starts[k]! ? ready : w.starts[k]!;
    return ready;
  }
  const e = m.early[x]!;
  return ready > e ? ready : e;
}

/** Latest service start at node x no later than `bound`: the largest point of a window at or before it (-Infinity if none). */
export function latestStartBefore(w: WindowTable, x: number, bound: number): number {
  for (let k = w.offsets[x + 1]! - 1; k >= w.offsets[x]!; k--)
    if (bound >= w.starts[k]!) return bound < w.ends[k]! ? bound : w.ends[k]!;
  return -Infinity;
}
