import { isCompatible, type RoutingModel } from "./model";
import type { Rng } from "./rng";
import { simulateRoute } from "./route";
import type { SisrWorkspace } from "./sisr";
import type { Solution } from "./solution";

const EPS = 1e-9;

/**
 * First-improvement local search on a granular neighbourhood (each visit against its nearest neighbours):
 * relocate, swap, 2-opt* (tail exchange) and 2-opt (segment reversal). A move's cost delta is O(1); only
 * improving moves pay for a feasibility check, by simulating the one or two routes it changes.
 * Routes with breaks are left to ruin-and-recreate.
 */
export class LocalSearch {
  private readonly pos: Int32Array;
  /** Per route, the move count when the route last changed; per visit, the move count when it was last tried. */
  private readonly modifiedAt: Int32Array;
  private readonly testedAt: Int32Array;
  private moves = 0;
  private order: number[] = [];
  private sol!: Solution;
  private stamp = 0;

  constructor(
    private readonly ws: SisrWorkspace,
    private readonly granularity: number,
  ) {
    this.pos = new Int32Array(ws.m.nVisits);
    this.modifiedAt = new Int32Array(ws.m.vehicles.length);
    this.testedAt = new Int32Array(ws.m.nVisits);
  }

  /** Improves `sol` in place, starting from the visits of the routes changed under `stamp` (all when `all`). */
  run(sol: Solution, rng: Rng, stamp: number, all: boolean): void {
    this.sol = sol;
    this.stamp = stamp;
    const order = this.order;
    order.length = 0;
    for (let r = 0; r < sol.routes.length; r++) {
      this.index(r);
      const route = sol.routes[r]!;
      if (all || route.stamp === stamp) for (const x of route.nodes) if (x >= 0) order.push(x);
    }
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      const t = order[i]!;
      order[i] = order[j]!;
      order[j] = t;
    }
    const m = this.ws.m;
    // A pair (u, v) is tried again only when one of their routes changed since u was last looked at.
    this.moves = 1;
    this.modifiedAt.fill(0);
    let improved = true;
    for (let pass = 0; improved && pass < 30; pass++) {
      improved = false;
      for (const u of order) {
        const ru = sol.routeOf[u]!;
        if (ru < 0 || sol.routes[ru]!.hasBreaks) continue;
        const lastTested = pass === 0 ? -1 : this.testedAt[u]!;
        this.testedAt[u] = this.moves;
        const neigh = this.ws.neighbors[u]!;
        const k = Math.min(neigh.length, this.granularity);
        for (let i = 0; i < k; i++) {
          const v = neigh[i]!;
          const rv = sol.routeOf[v]!;
          if (rv < 0 || sol.routes[rv]!.hasBreaks) continue;
          if (this.modifiedAt[sol.routeOf[u]!]! <= lastTested && this.modifiedAt[rv]! <= lastTested) continue;
          if (this.relocate(m, u, v) || this.swap(m, u, v) || (sol.routeOf[u] === rv ? this.twoOpt(m, u, v) : this.twoOptStar(m, u, v))) {
            improved = true;
            break;
          }
        }
      }
    }
  }

  private index(r: number): void {
    const nodes = this.sol.routes[r]!.nodes;
    for (let i = 0; i < nodes.length; i++) {
      const x = nodes[i]!;
      if (x >= 0) {
        this.pos[x] = i;
        this.sol.routeOf[x] = r;
      }
    }
  }

  /** Node at position p of route r, with -1 and len standing for the start and end locations. */
  private at(r: number, p: number): number {
    const route = this.sol.routes[r]!;
    if (p < 0) return this.ws.m.vehicles[route.vehicle]!.startNode;
    if (p >= route.nodes.length) return this.ws.m.vehicles[route.vehicle]!.endNode;
    return route.nodes[p]!;
  }

  private c(a: number, b: number): number {
    return this.ws.m.cost[a * this.ws.m.nNodes + b]!;
  }

  private feasible(m: RoutingModel, r: number, nodes: number[]): boolean {
    return simulateRoute(m, this.sol.routes[r]!.vehicle, nodes, -1, -1) < Infinity;
  }

  private accepts(m: RoutingModel, r: number, visit: number): boolean {
    return isCompatible(m, visit, this.sol.routes[r]!.vehicle);
  }

  private commit(m: RoutingModel, r: number, nodes: number[]): void {
    const route = this.sol.touch(r, this.stamp);
    route.nodes = nodes;
    route.update(m);
    this.index(r);
    this.modifiedAt[r] = ++this.moves;
  }

  /** Moves u next to v (just before or just after it). */
  private relocate(m: RoutingModel, u: number, v: number): boolean {
    const sol = this.sol;
    const ru = sol.routeOf[u]!;
    const rv = sol.routeOf[v]!;
    if (ru !== rv && !this.accepts(m, rv, u)) return false;
    const pu = this.pos[u]!;
    const pv = this.pos[v]!;
    const a = this.at(ru, pu - 1);
    const b = this.at(ru, pu + 1);
    const gain = this.c(a, u) + this.c(u, b) - this.c(a, b);
    for (let side = 0; side < 2; side++) {
      // Insert between x and y, where (x, y) is (pred v, v) or (v, succ v).
      const x = side === 0 ? this.at(rv, pv - 1) : v;
      const y = side === 0 ? v : this.at(rv, pv + 1);
      if (x === u || y === u) continue;
      const delta = this.c(x, u) + this.c(u, y) - this.c(x, y) - gain;
      if (delta > -EPS) continue;
      const target = side === 0 ? pv : pv + 1;
      if (ru === rv) {
        const nodes = sol.routes[ru]!.nodes.slice();
        nodes.splice(pu, 1);
        nodes.splice(target > pu ? target - 1 : target, 0, u);
        if (!this.feasible(m, ru, nodes)) continue;
        this.commit(m, ru, nodes);
        return true;
      }
      const from = sol.routes[ru]!.nodes.slice();
      from.splice(pu, 1);
      const to = sol.routes[rv]!.nodes.slice();
      to.splice(target, 0, u);
      if (!this.feasible(m, rv, to) || !this.feasible(m, ru, from)) continue;
      this.commit(m, ru, from);
      this.commit(m, rv, to);
      return true;
    }
    return false;
  }

  private swap(m: RoutingModel, u: number, v: number): boolean {
    const sol = this.sol;
    const ru = sol.routeOf[u]!;
    const rv = sol.routeOf[v]!;
    const pu = this.pos[u]!;
    const pv = this.pos[v]!;
    if (ru === rv && Math.abs(pu - pv) < 2) return false;
    if (ru !== rv && (!this.accepts(m, rv, u) || !this.accepts(m, ru, v))) return false;
    const a = this.at(ru, pu - 1);
    const b = this.at(ru, pu + 1);
    const x = this.at(rv, pv - 1);
    const y = this.at(rv, pv + 1);
    const delta = this.c(a, v) + this.c(v, b) - this.c(a, u) - this.c(u, b) + this.c(x, u) + this.c(u, y) - this.c(x, v) - this.c(v, y);
    if (delta > -EPS) return false;
    if (ru === rv) {
      const nodes = sol.routes[ru]!.nodes.slice();
      nodes[pu] = v;
      nodes[pv] = u;
      if (!this.feasible(m, ru, nodes)) return false;
      this.commit(m, ru, nodes);
      return true;
    }
    const nu = sol.routes[ru]!.nodes.slice();
    nu[pu] = v;
    const nv = sol.routes[rv]!.nodes.slice();
    nv[pv] = u;
    if (!this.feasible(m, ru, nu) || !this.feasible(m, rv, nv)) return false;
    this.commit(m, ru, nu);
    this.commit(m, rv, nv);
    return true;
  }

  /** Links u to v across routes: u's route keeps its head up to u, then takes v's tail from v on. */
  private twoOptStar(m: RoutingModel, u: number, v: number): boolean {
    const sol = this.sol;
    const ru = sol.routeOf[u]!;
    const rv = sol.routeOf[v]!;
    const vu = m.vehicles[sol.routes[ru]!.vehicle]!;
    const vv = m.vehicles[sol.routes[rv]!.vehicle]!;
    if (vu.endNode !== vv.endNode) return false;
    const pu = this.pos[u]!;
    const pv = this.pos[v]!;
    const x = this.at(ru, pu + 1);
    const w = this.at(rv, pv - 1);
    const delta = this.c(u, v) + this.c(w, x) - this.c(u, x) - this.c(w, v);
    if (delta > -EPS) return false;
    const a = sol.routes[ru]!.nodes;
    const b = sol.routes[rv]!.nodes;
    const na = a.slice(0, pu + 1).concat(b.slice(pv));
    const nb = b.slice(0, pv).concat(a.slice(pu + 1));
    if (m.compatible !== null) {
      for (let i = pv; i < b.length; i++) if (!this.accepts(m, ru, b[i]!)) return false;
      for (let i = pu + 1; i < a.length; i++) if (!this.accepts(m, rv, a[i]!)) return false;
    }
    if (!this.feasible(m, ru, na) || !this.feasible(m, rv, nb)) return false;
    this.commit(m, ru, na);
    this.commit(m, rv, nb);
    return true;
  }

  /** Within one route, reverses the stretch after u up to v so that u links to v. */
  private twoOpt(m: RoutingModel, u: number, v: number): boolean {
    const r = this.sol.routeOf[u]!;
    const pu = this.pos[u]!;
    const pv = this.pos[v]!;
    if (pv <= pu + 1) return false;
    const nodes = this.sol.routes[r]!.nodes;
    const x = this.at(r, pu + 1);
    const y = this.at(r, pv + 1);
    // Reversal changes the direction of every inner arc, which matters for asymmetric matrices.
    let inner = 0;
    if (!this.ws.symmetric) for (let i = pu + 1; i < pv; i++) inner += this.c(nodes[i + 1]!, nodes[i]!) - this.c(nodes[i]!, nodes[i + 1]!);
    const delta = this.c(u, v) + this.c(x, y) - this.c(u, x) - this.c(v, y) + inner;
    if (delta > -EPS) return false;
    const next = nodes.slice(0, pu + 1).concat(nodes.slice(pu + 1, pv + 1).reverse(), nodes.slice(pv + 1));
    if (!this.feasible(m, r, next)) return false;
    this.commit(m, r, next);
    return true;
  }
}
