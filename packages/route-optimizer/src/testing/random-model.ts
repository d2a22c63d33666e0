import type { RoutingModel, WindowTable } from "../model";
import { Rng } from "../rng";

export interface RandomModelOptions {
  nVisits: number;
  nVehicles: number;
  /** Most windows a visit gets (1: the single-window model; visits get one to this many). */
  maxWindows: number;
  /** Capacity dimensions (1 when omitted). */
  dims?: number;
  /** Breaks per vehicle (none when omitted), each of 30 to 90 within a random part of the day. */
  breaks?: number;
}

/**
 * A small random model for brute-force comparisons: points in a 100 x 100 square, travel time Euclidean, arc cost
 * unrelated to time (so the cheapest position is rarely the first feasible one), one depot where every vehicle
 * starts and ends.
 */
export function randomModel(seed: number, o: RandomModelOptions): RoutingModel {
  const rng = new Rng(seed);
  const n = o.nVisits;
  const N = n + 2 * o.nVehicles;
  const pts = Array.from({ length: N }, (_, i) => (i < n ? [rng.next() * 100, rng.next() * 100] : [50, 50]));
  const time = new Float64Array(N * N);
  const cost = new Float64Array(N * N);
  for (let i = 0; i < N; i++) {
    for (let j = 0; j < N; j++) {
      time[i * N + j] = Math.hypot(pts[i]![0]! - pts[j]![0]!, pts[i]![1]! - pts[j]![1]!);
      cost[i * N + j] = i === j || (i >= n && j >= n) ? 0 : Math.floor(rng.next() * 1000);
    }
  }
  const early = new Float64Array(N).fill(-Infinity);
  const late = new Float64Array(N).fill(Infinity);
  const offsets = new Int32Array(N + 1);
  const starts: number[] = [];
  const ends: number[] = [];
  for (let x = 0; x < N; x++) {
    offsets[x] = starts.length;
    if (x >= n) continue;
    const k = 1 + rng.int(o.maxWindows);
    let t = rng.next() * 300;
    const ws: [number, number][] = [];
    for (let i = 0; i < k; i++) {
      const start = t;
      const end = start + rng.next() * 120;
      ws.push([start, end]);
      t = end + 20 + rng.next() * 200;
    }
    early[x] = ws[0]![0];
    late[x] = ws.at(-1)![1];
    if (k > 1) {
      for (const [a, b] of ws) {
        starts.push(a);
        ends.push(b);
      }
    }
  }
  offsets[N] = starts.length;
  const nDims = o.dims ?? 1;
  const demand = new Float64Array(nDims * N);
  for (let d = 0; d < nDims; d++) for (let x = 0; x < n; x++) demand[d * N + x] = 1 + rng.int(5);
  const windows: WindowTable | null =
    starts.length > 0 ? { offsets, starts: Float64Array.from(starts), ends: Float64Array.from(ends) } : null;
  return {
    nVisits: n,
    nNodes: N,
    time,
    cost,
    service: Float64Array.from({ length: N }, (_, i) => (i < n ? 5 + Math.floor(rng.next() * 30) : 0)),
    early,
    late,
    windows,
    nDims,
    demand,
    penalty: new Float64Array(n).fill(1e7),
    required: new Uint8Array(n),
    vehicles: Array.from({ length: o.nVehicles }, (_, k) => {
      const capacities = Float64Array.from({ length: nDims }, () => 8 + rng.int(10));
      const breaks = Array.from({ length: o.breaks ?? 0 }, (_, b) => {
        const earliest = b * 500 + rng.next() * 300;
        return { duration: 30 + rng.int(60), earliest, latest: earliest + rng.next() * 300 };
      });
      return {
        startNode: n + 2 * k,
        endNode: n + 2 * k + 1,
        shiftStart: 0,
        shiftEnd: 1500,
        capacity: capacities[0]!,
        capacities,
        breaks,
        typeKey: k,
      };
    }),
    compatible: null,
    objective: "distance",
  };
}
