import { arcLength, euclidean, truncateArc, type ArcConvention, type SolomonInstance } from "./solomon-parser";

/**
 * Independent VRPTW checker (shares nothing with the solver but the parsed file): literature conventions,
 * Euclidean distance = travel time, waiting allowed, service starts within [ready, due], routes back at the
 * depot by its due date, capacity per vehicle, every customer exactly once, at most the given vehicle count.
 * Times follow the arc convention the plan was made under (full precision unless told otherwise).
 */
export interface CheckResult {
  feasible: boolean;
  errors: string[];
  /** The routes' distance under the convention checked. */
  distance: number;
  /** The same routes' distance with each arc truncated to one decimal (the DIMACS 2021 convention). */
  truncatedDistance: number;
  vehicles: number;
}

export function checkSolution(
  inst: SolomonInstance,
  routes: readonly (readonly number[])[],
  arcs: ArcConvention = "full",
): CheckResult {
  const errors: string[] = [];
  const byId = new Map(inst.nodes.map((n) => [n.id, n]));
  const depot = inst.nodes[0]!;
  const count = new Map<number, number>();
  let distance = 0;
  let truncatedDistance = 0;
  const used = routes.filter((r) => r.length > 0);
  if (used.length > inst.vehicles) errors.push(`${used.length} routes for ${inst.vehicles} vehicles`);
  used.forEach((route, ri) => {
    let prev = depot;
    let time = depot.ready;
    let load = 0;
    for (const id of route) {
      const node = byId.get(id);
      if (node === undefined || id === 0) {
        errors.push(`route ${ri}: unknown customer ${id}`);
        continue;
      }
      count.set(id, (count.get(id) ?? 0) + 1);
      const d = arcLength(prev, node, arcs);
      distance += d;
      truncatedDistance += truncateArc(euclidean(prev, node));
      time = Math.max(time + prev.service + d, node.ready);
      if (time > node.due + 1e-6)
        errors.push(`route ${ri}: customer ${id} served at ${time.toFixed(3)} > due ${node.due}`);
      load += node.demand;
      prev = node;
    }
    const back = arcLength(prev, depot, arcs);
    distance += back;
    truncatedDistance += truncateArc(euclidean(prev, depot));
    const end = time + prev.service + back;
    if (end > depot.due + 1e-6) errors.push(`route ${ri}: back at depot at ${end.toFixed(3)} > ${depot.due}`);
    if (load > inst.capacity) errors.push(`route ${ri}: load ${load} > capacity ${inst.capacity}`);
  });
  for (const node of inst.nodes.slice(1)) {
    const c = count.get(node.id) ?? 0;
    if (c !== 1) errors.push(`customer ${node.id} served ${c} times`);
  }
  return { feasible: errors.length === 0, errors, distance, truncatedDistance, vehicles: used.length };
}
