import type { ModelObjective, RoutingModel } from "@fieldops/route-optimizer";
import { arcLength, type ArcConvention, type SolomonInstance } from "./solomon-parser";

/** Literature conventions as a solver model: node n is the depot, travel time = distance = Euclidean (under `arcs`). */
export function modelFromInstance(
  inst: SolomonInstance,
  objective: ModelObjective,
  arcs: ArcConvention = "full",
): RoutingModel {
  const customers = inst.nodes.slice(1);
  const n = customers.length;
  const all = [...customers, inst.nodes[0]!];
  const N = all.length;
  const dist = new Float64Array(N * N);
  for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) dist[i * N + j] = arcLength(all[i]!, all[j]!, arcs);
  const depot = inst.nodes[0]!;
  const vehicles = Array.from({ length: inst.vehicles }, () => ({
    startNode: n,
    endNode: n,
    shiftStart: depot.ready,
    shiftEnd: depot.due,
    capacity: inst.capacity,
    capacities: Float64Array.of(inst.capacity),
    breaks: [],
    typeKey: 0,
  }));
  return {
    nVisits: n,
    nNodes: N,
    time: dist,
    cost: dist,
    service: Float64Array.from(all, (c) => (c.id === 0 ? 0 : c.service)),
    early: Float64Array.from(all, (c) => c.ready),
    late: Float64Array.from(all, (c) => c.due),
    windows: null,
    nDims: 1,
    demand: Float64Array.from(all, (c) => (c.id === 0 ? 0 : c.demand)),
    penalty: new Float64Array(n).fill(1e7),
    required: new Uint8Array(n),
    vehicles,
    compatible: null,
    objective,
  };
}
