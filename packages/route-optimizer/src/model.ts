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
  capacity: number;
  breaks: BreakModel[];
  /** Vehicles with the same key are interchangeable (used to skip duplicate empty routes). */
  typeKey: number;
}

export type ModelObjective = "vehicles-then-distance" | "distance" | "travel-time";

export interface RoutingModel {
  nVisits: number;
  nNodes: number;
  /** Travel time between nodes. */
  time: Float64Array;
  /** Arc cost the objective sums (distance or travel time). */
  cost: Float64Array;
  /** Per node (depot nodes: 0 / unbounded). Windows bound the start of service. */
  service: Float64Array;
  early: Float64Array;
  late: Float64Array;
  demand: Float64Array;
  /** Objective cost of leaving a visit unassigned. */
  penalty: Float64Array;
  vehicles: VehicleModel[];
  /** nVisits x nVehicles, 1 when the vehicle may serve the visit (skills); null means all may. */
  compatible: Uint8Array | null;
  objective: ModelObjective;
}

export const isCompatible = (m: RoutingModel, visit: number, vehicle: number): boolean =>
  m.compatible === null || m.compatible[visit * m.vehicles.length + vehicle] === 1;
