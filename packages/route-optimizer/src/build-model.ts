import {
  byDimension,
  capacityDimensions,
  postponeCost,
  visitWindows,
  type Crew,
  type Location,
  type RoutingProblem,
  type Visit,
} from "./contract";
import type { MatrixProvider } from "./matrix/types";
import type { RoutingModel, VehicleModel, WindowTable } from "./model";

/** A problem turned into the solver's model, with what is needed to turn model routes back into a plan. */
export interface BuiltModel {
  problem: RoutingProblem;
  model: RoutingModel;
  /** Node x node metres, for reporting (the model's cost may be time). */
  distance: Float64Array;
  /** Names of the model's capacity dimensions, in order. */
  dimensions: string[];
}

/** Visits take nodes 0..n-1; crew k starts at node n+2k and ends at node n+2k+1. */
export async function buildModel(problem: RoutingProblem, provider: MatrixProvider): Promise<BuiltModel> {
  const { visits, crews } = problem;
  const nodeLocations: Location[] = [...visits.map((v) => v.location)];
  for (const c of crews) nodeLocations.push(c.start, c.end ?? c.start);
  const unique = new Map<string, number>();
  const locations: Location[] = [];
  const nodeToLoc = nodeLocations.map((l) => {
    const key = `${l.lat},${l.lon}`;
    let i = unique.get(key);
    if (i === undefined) {
      i = locations.length;
      unique.set(key, i);
      locations.push(l);
    }
    return i;
  });
  const tm = await provider.matrix(locations);
  const N = nodeLocations.length;
  const time = new Float64Array(N * N);
  const distance = new Float64Array(N * N);
  for (let i = 0; i < N; i++) {
    const li = nodeToLoc[i]! * tm.size;
    for (let j = 0; j < N; j++) {
      time[i * N + j] = tm.durations[li + nodeToLoc[j]!]!;
      distance[i * N + j] = tm.distances[li + nodeToLoc[j]!]!;
    }
  }
  const n = visits.length;
  const opts = problem.options;
  const service = new Float64Array(N);
  const early = new Float64Array(N).fill(-Infinity);
  const late = new Float64Array(N).fill(Infinity);
  const dimensions = capacityDimensions(visits, crews);
  const nDims = dimensions.length;
  const demand = new Float64Array(nDims * N);
  const penalty = new Float64Array(n);
  const required = new Uint8Array(n);
  const travelTime = opts.objective === "travel-time";
  visits.forEach((v, i) => {
    service[i] = v.serviceSeconds;
    const windows = visitWindows(v);
    early[i] = windows[0]?.start ?? -Infinity;
    late[i] = windows.at(-1)?.end ?? Infinity;
    for (const [d, amount] of Object.entries(byDimension(v.demand))) demand[dimensions.indexOf(d) * N + i] = amount;
    // The literature's objectives serve every visit that can be served: leaving one out must outweigh any distance.
    penalty[i] = travelTime ? postponeCost(v, opts) : 1e10 * v.priority;
    required[i] = v.required ? 1 : 0;
  });
  const cost = travelTime ? time : distance;
  if (required.includes(1)) {
    const outweighs = 2 * dominatingCost(cost, N, penalty, required);
    required.forEach((r, i) => {
      if (r === 1) penalty[i] = outweighs;
    });
  }
  const typeKeys = new Map<string, number>();
  const vehicles: VehicleModel[] = crews.map((c, k) => {
    const breaks = breakOrder(c).map((i) => {
      const b = c.breaks[i]!;
      return { duration: b.durationSeconds, earliest: b.window.start, latest: b.window.end - b.durationSeconds };
    });
    const startNode = n + 2 * k;
    const endNode = startNode + 1;
    const key = JSON.stringify([
      nodeToLoc[startNode],
      nodeToLoc[endNode],
      c.shift,
      c.capacity,
      [...c.skills].sort(),
      breaks,
    ]);
    let typeKey = typeKeys.get(key);
    if (typeKey === undefined) {
      typeKey = typeKeys.size;
      typeKeys.set(key, typeKey);
    }
    const capacities = new Float64Array(nDims).fill(Infinity);
    if (c.capacity !== undefined)
      for (const [d, amount] of Object.entries(byDimension(c.capacity))) capacities[dimensions.indexOf(d)] = amount;
    return {
      startNode,
      endNode,
      shiftStart: c.shift.start,
      shiftEnd: c.shift.end,
      capacity: capacities[0]!,
      capacities,
      breaks,
      typeKey,
    };
  });
  let compatible: Uint8Array | null = null;
  if (visits.some((v) => v.skills.length > 0)) {
    const crewSkills = crews.map((c) => new Set(c.skills));
    compatible = new Uint8Array(n * crews.length);
    visits.forEach((v, i) => {
      crewSkills.forEach((skills, k) => {
        compatible![i * crews.length + k] = v.skills.every((s) => skills.has(s)) ? 1 : 0;
      });
    });
  }
  const model: RoutingModel = {
    nVisits: n,
    nNodes: N,
    time,
    cost,
    service,
    early,
    late,
    windows: windowTable(visits, N),
    nDims,
    demand,
    penalty,
    required,
    vehicles,
    compatible,
    objective: opts.objective,
  };
  return { problem, model, distance, dimensions };
}

/** More than any plan's travel (each node is left once at the most) plus every optional visit's penalty. */
function dominatingCost(cost: Float64Array, N: number, penalty: Float64Array, required: Uint8Array): number {
  let total = 1;
  for (let i = 0; i < N; i++) {
    let most = 0;
    for (let j = 0; j < N; j++) most = Math.max(most, cost[i * N + j]!);
    total += most;
  }
  penalty.forEach((p, i) => {
    if (required[i] === 0) total += p;
  });
  return total;
}

/** The windows of visits with more than one; null when every visit has at most one. */
function windowTable(visits: readonly Visit[], nNodes: number): WindowTable | null {
  if (!visits.some((v) => visitWindows(v).length > 1)) return null;
  const offsets = new Int32Array(nNodes + 1);
  const starts: number[] = [];
  const ends: number[] = [];
  for (let x = 0; x < nNodes; x++) {
    offsets[x] = starts.length;
    const windows = x < visits.length ? visitWindows(visits[x]!) : [];
    if (windows.length < 2) continue;
    for (const w of windows) {
      starts.push(w.start);
      ends.push(w.end);
    }
  }
  offsets[nNodes] = starts.length;
  return { offsets, starts: Float64Array.from(starts), ends: Float64Array.from(ends) };
}

/** The model keeps a crew's breaks sorted by window start; entry k is the input index of model break k. */
export const breakOrder = (crew: Crew): number[] =>
  crew.breaks.map((_, i) => i).sort((a, b) => crew.breaks[a]!.window.start - crew.breaks[b]!.window.start);
