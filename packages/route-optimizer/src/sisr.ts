import { z } from "zod";
import { bestPositionInRoute, type InsertionOut } from "./insertion";
import { isCompatible, type RoutingModel } from "./model";
import type { Rng } from "./rng";
import type { Solution } from "./solution";

/**
 * Slack Induction by String Removals (Christiaens & Vanden Berghe, 2020): ruin removes a few strings of
 * consecutive visits from routes near a seed visit; recreate puts every loose visit back at its cheapest
 * position, in a random-ish order and with "blinks" that skip positions.
 */
export const sisrParamsSchema = z.strictObject({
  /** Mean number of visits removed per ruin. */
  avgRemoved: z.number().positive(),
  /** Longest string removed from one route. */
  maxString: z.number().min(1),
  blinkRate: z.number().min(0).max(1),
  /** Probability of keeping a substring in the middle of a removed string. */
  splitRate: z.number().min(0).max(1),
  /**
   * Probability that a ruin empties a whole (smallish) route instead. Strings alone rarely empty a long route,
   * and instances with long routes (Solomon's C2, R2) often need one route fewer to reach the best distance.
   */
  routeRemovalRate: z.number().min(0).max(1),
});
export type SisrParams = z.infer<typeof sisrParamsSchema>;

export const defaultSisrParams: SisrParams = {
  avgRemoved: 10,
  maxString: 10,
  blinkRate: 0.01,
  splitRate: 0.5,
  routeRemovalRate: 0.01,
};

/**
 * Neighbours kept per visit. Ruin walks them until it has found a few routes, recreate and the local search look at
 * the first few dozen: on large instances the rest would only cost memory and an O(n² log n) start.
 */
const MAX_NEIGHBORS = 150;

/** Each visit's `k` nearest other visits (by the round trip's cost), nearest first. */
export function nearestNeighbors(m: RoutingModel, k: number): Int32Array[] {
  const n = m.nVisits;
  const N = m.nNodes;
  const key = new Float64Array(n);
  const heap = new Int32Array(Math.max(1, k));
  const result: Int32Array[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) key[j] = m.cost[i * N + j]! + m.cost[j * N + i]!;
    // A max-heap of the k nearest so far: O(n log k) per visit.
    let size = 0;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      if (size < k) {
        let at = size++;
        while (at > 0) {
          const parent = (at - 1) >> 1;
          if (key[heap[parent]!]! >= key[j]!) break;
          heap[at] = heap[parent]!;
          at = parent;
        }
        heap[at] = j;
      } else if (key[j]! < key[heap[0]!]!) {
        let at = 0;
        for (;;) {
          const left = 2 * at + 1;
          if (left >= size) break;
          const right = left + 1;
          const larger = right < size && key[heap[right]!]! > key[heap[left]!]! ? right : left;
          if (key[heap[larger]!]! <= key[j]!) break;
          heap[at] = heap[larger]!;
          at = larger;
        }
        heap[at] = j;
      }
    }
    const nearest = Array.from(heap.subarray(0, size)).sort((a, b) => key[a]! - key[b]! || a - b);
    result.push(Int32Array.from(nearest));
  }
  return result;
}

function isSymmetric(cost: Float64Array, N: number): boolean {
  for (let i = 0; i < N; i++) for (let j = i + 1; j < N; j++) if (cost[i * N + j] !== cost[j * N + i]) return false;
  return true;
}

/** Scratch buffers and precomputed data shared by every iteration. */
export class SisrWorkspace {
  readonly neighbors: Int32Array[];
  readonly depotDistance: Float64Array;
  readonly routeMark: Int32Array;
  readonly emptyOfType: Int32Array;
  readonly candidates: Int32Array;
  readonly found: InsertionOut = { delta: 0 };
  /** Whether every arc costs the same both ways (then reversing a stretch of a route keeps its inner cost). */
  readonly symmetric: boolean;
  private markCounter = 0;

  constructor(
    readonly m: RoutingModel,
    readonly params: SisrParams,
    /** Candidate routes for an insertion are those of this many nearest neighbours (all routes when small). */
    readonly routeNeighbors: number,
  ) {
    const n = m.nVisits;
    const N = m.nNodes;
    this.neighbors = nearestNeighbors(m, Math.min(n - 1, MAX_NEIGHBORS));
    this.symmetric = isSymmetric(m.cost, N);
    const depot = m.vehicles[0]?.startNode ?? 0;
    this.depotDistance = new Float64Array(n);
    for (let i = 0; i < n; i++) this.depotDistance[i] = m.cost[depot * N + i]!;
    this.routeMark = new Int32Array(m.vehicles.length);
    let maxType = 0;
    for (const v of m.vehicles) maxType = Math.max(maxType, v.typeKey);
    this.emptyOfType = new Int32Array(maxType + 1);
    this.candidates = new Int32Array(m.vehicles.length + maxType + 1);
  }

  nextMark(): number {
    this.markCounter++;
    return this.markCounter;
  }
}

/** Removes strings of visits; returns the removed visits. Touched routes are cloned into `sol` under `stamp`. */
export function ruin(ws: SisrWorkspace, sol: Solution, rng: Rng, stamp: number): number[] {
  const m = ws.m;
  const p = ws.params;
  const removed: number[] = [];
  const used = sol.usedRoutes();
  if (used === 0) return removed;
  if (used > 1 && rng.next() < p.routeRemovalRate) {
    const a = pickUsedRoute(sol, rng);
    const b = pickUsedRoute(sol, rng);
    const r = sol.routes[a]!.visitCount <= sol.routes[b]!.visitCount ? a : b;
    sol.touch(r, stamp);
    dropAll(m, sol, r, removed);
    return removed;
  }
  const assigned = m.nVisits - sol.unassigned.length;
  const avgLen = assigned / used;
  const lsMax = Math.min(p.maxString, avgLen);
  const ksMax = (4 * p.avgRemoved) / (1 + lsMax) - 1;
  const ks = Math.floor(rng.next() * Math.max(1, ksMax)) + 1;
  let seed = rng.int(m.nVisits);
  for (let tries = 0; sol.routeOf[seed]! < 0 && tries < 50; tries++) seed = rng.int(m.nVisits);
  if (sol.routeOf[seed]! < 0) return removed;
  const mark = ws.nextMark();
  const neigh = ws.neighbors[seed]!;
  let ruined = 0;
  for (let k = -1; k < neigh.length && ruined < ks; k++) {
    const c = k < 0 ? seed : neigh[k]!;
    const r = sol.routeOf[c]!;
    if (r < 0 || ws.routeMark[r] === mark) continue;
    ws.routeMark[r] = mark;
    ruined++;
    const route = sol.touch(r, stamp);
    const nodes = route.nodes;
    const len = nodes.length;
    const at = nodes.indexOf(c);
    const lMax = Math.min(route.visitCount, lsMax);
    const l = Math.floor(rng.next() * lMax) + 1;
    let keep = 0;
    if (l < len && rng.next() < p.splitRate) {
      keep = 1;
      while (l + keep < len && rng.next() > 0.5) keep++;
    }
    const window = l + keep;
    const lo = Math.max(0, at - window + 1);
    const hi = Math.min(at, len - window);
    const start = lo + rng.int(hi - lo + 1);
    const keepAt = keep > 0 ? start + rng.int(window - keep + 1) : -1;
    const kept: number[] = [];
    for (let i = 0; i < len; i++) {
      const x = nodes[i]!;
      const inWindow = i >= start && i < start + window && !(keep > 0 && i >= keepAt && i < keepAt + keep);
      if (inWindow && x >= 0) {
        removed.push(x);
        sol.routeOf[x] = -1;
      } else kept.push(x);
    }
    route.nodes = kept;
    if (!route.update(m)) dropAll(m, sol, r, removed);
  }
  return removed;
}

function pickUsedRoute(sol: Solution, rng: Rng): number {
  for (;;) {
    const r = rng.int(sol.routes.length);
    if (sol.routes[r]!.visitCount > 0) return r;
  }
}

function dropAll(m: RoutingModel, sol: Solution, r: number, removed: number[]): void {
  const route = sol.routes[r]!;
  const kept: number[] = [];
  for (const x of route.nodes) {
    if (x >= 0) {
      removed.push(x);
      sol.routeOf[x] = -1;
    } else kept.push(x);
  }
  route.nodes = kept;
  route.update(m);
}

/** Orders loose visits as SISR does: random, by demand, far from the depot first, or close first. */
export function sortForRecreate(ws: SisrWorkspace, visits: number[], rng: Rng): void {
  const w = rng.next() * 11;
  const m = ws.m;
  for (let i = visits.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = visits[i]!;
    visits[i] = visits[j]!;
    visits[j] = t;
  }
  if (w < 4) return;
  if (w < 8) visits.sort((a, b) => m.demand[b]! - m.demand[a]!);
  else if (w < 10) visits.sort((a, b) => ws.depotDistance[b]! - ws.depotDistance[a]!);
  else visits.sort((a, b) => ws.depotDistance[a]! - ws.depotDistance[b]!);
}

/**
 * Inserts each visit at its cheapest feasible position; visits that fit nowhere join `sol.unassigned`.
 * At most `maxRoutes` routes may be in use.
 */
export function recreate(
  ws: SisrWorkspace,
  sol: Solution,
  visits: number[],
  rng: Rng | null,
  stamp: number,
  maxRoutes: number,
): void {
  const m = ws.m;
  const blink = rng === null ? 0 : ws.params.blinkRate;
  let used = sol.usedRoutes();
  const routes = sol.routes;
  const nRoutes = routes.length;
  // Large instances: only routes holding one of the visit's nearest neighbours (and empty ones) are tried.
  const restrict = used > ws.routeNeighbors / 2;
  const candidates = ws.candidates;
  // One empty route per vehicle type is enough to try: recreate only ever fills routes, so keep the first
  // empty route of each type and move on to the next one of that type when it gets used.
  const emptyOfType = ws.emptyOfType;
  emptyOfType.fill(-1);
  for (let r = nRoutes - 1; r >= 0; r--) {
    const route = routes[r]!;
    if (route.visitCount === 0) emptyOfType[m.vehicles[route.vehicle]!.typeKey] = r;
  }
  for (const c of visits) {
    const mark = ws.nextMark();
    let count = 0;
    if (restrict) {
      const neigh = ws.neighbors[c]!;
      const k = Math.min(neigh.length, ws.routeNeighbors);
      for (let i = 0; i < k; i++) {
        const r = sol.routeOf[neigh[i]!]!;
        if (r >= 0 && ws.routeMark[r] !== mark) {
          ws.routeMark[r] = mark;
          candidates[count++] = r;
        }
      }
    } else {
      for (let r = 0; r < nRoutes; r++) if (routes[r]!.visitCount > 0) candidates[count++] = r;
    }
    if (used < maxRoutes)
      for (let t = 0; t < emptyOfType.length; t++) if (emptyOfType[t]! >= 0) candidates[count++] = emptyOfType[t]!;
    // Serving a visit must cost less than leaving it out.
    let bestDelta = m.penalty[c]!;
    let bestRoute = -1;
    let bestPos = -1;
    for (let i = 0; i < count; i++) {
      const r = candidates[i]!;
      const route = routes[r]!;
      if (!isCompatible(m, c, route.vehicle)) continue;
      const found = bestPositionInRoute(m, route, c, rng, blink, bestDelta, ws.found);
      if (found >= 0) {
        bestDelta = ws.found.delta;
        bestRoute = r;
        bestPos = found;
      }
    }
    if (bestRoute < 0) {
      sol.unassigned.push(c);
      continue;
    }
    const route = sol.touch(bestRoute, stamp);
    if (route.visitCount === 0) {
      used++;
      const type = m.vehicles[route.vehicle]!.typeKey;
      let next = bestRoute + 1;
      while (next < nRoutes && (routes[next]!.visitCount > 0 || m.vehicles[routes[next]!.vehicle]!.typeKey !== type))
        next++;
      emptyOfType[type] = next < nRoutes ? next : -1;
    }
    route.nodes.splice(bestPos, 0, c);
    route.update(m);
    sol.routeOf[c] = bestRoute;
  }
}

export interface SearchCounter {
  /** Copy-on-write stamp; bumped for every new candidate. */
  stamp: number;
  iterations: number;
}

/** One SISR step: a candidate forked from `current`, ruined, with every loose visit recreated. */
export function ruinAndRecreate(
  ws: SisrWorkspace,
  current: Solution,
  rng: Rng,
  counter: SearchCounter,
  maxRoutes: number,
): Solution {
  const cand = current.fork();
  counter.stamp++;
  counter.iterations++;
  const loose = ruin(ws, cand, rng, counter.stamp);
  for (const u of cand.unassigned) loose.push(u);
  cand.unassigned = [];
  sortForRecreate(ws, loose, rng);
  recreate(ws, cand, loose, rng, counter.stamp, maxRoutes);
  return cand;
}
