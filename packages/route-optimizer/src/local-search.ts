import { isCompatible, type RoutingModel } from "./model";
import type { Rng } from "./rng";
import { relocateBreak, simulateRoute, type SimulationOut } from "./route";
import type { SisrWorkspace } from "./sisr";
import type { Solution } from "./solution";

const EPS = 1e-9;

/**
 * First-improvement local search on a granular neighbourhood (each visit against its nearest neighbours):
 * relocate, swap, 2-opt* (tail exchange) and 2-opt (segment reversal). A move's cost delta is O(1); only
 * improving moves pay for a feasibility check, by simulating the one or two routes it changes.
 *
 * Breaks have no travel of their own, so moves price visits against the visits around them and keep each break in
 * place among its route's stops (a tail that changes routes leaves its breaks behind, as many visits into the new
 * tail). When that is infeasible only because of where a break stands, the break moves to where the route works
 * (relocateBreak); and a break moves on its own when that ends the crew's day earlier, which leaves room to insert.
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
  private readonly day: SimulationOut = { end: 0 };
  private readonly anyBreaks: boolean;

  constructor(
    private readonly ws: SisrWorkspace,
    private readonly granularity: number,
  ) {
    this.pos = new Int32Array(ws.m.nVisits);
    this.modifiedAt = new Int32Array(ws.m.vehicles.length);
    this.testedAt = new Int32Array(ws.m.nVisits);
    this.anyBreaks = ws.m.vehicles.some((v) => v.breaks.length > 0);
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
        if (ru < 0) continue;
        const lastTested = pass === 0 ? -1 : this.testedAt[u]!;
        this.testedAt[u] = this.moves;
        const neigh = this.ws.neighbors[u]!;
        const k = Math.min(neigh.length, this.granularity);
        for (let i = 0; i < k; i++) {
          const v = neigh[i]!;
          const rv = sol.routeOf[v]!;
          if (rv < 0) continue;
          if (this.modifiedAt[sol.routeOf[u]!]! <= lastTested && this.modifiedAt[rv]! <= lastTested) continue;
          if (
            this.relocate(m, u, v) ||
            this.swap(m, u, v) ||
            (sol.routeOf[u] === rv ? this.twoOpt(m, u, v) : this.twoOptStar(m, u, v))
          ) {
            improved = true;
            break;
          }
        }
      }
      for (let r = 0; r < sol.routes.length && this.anyBreaks; r++) {
        const route = sol.routes[r]!;
        if (route.hasBreaks && route.visitCount > 0 && (all || route.stamp === stamp) && this.moveBreaks(m, r))
          improved = true;
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

  /** The nearest visit before position p of route r, past any breaks; the start location when there is none. */
  private before(r: number, p: number): number {
    const nodes = this.sol.routes[r]!.nodes;
    for (let i = p - 1; i >= 0; i--) if (nodes[i]! >= 0) return nodes[i]!;
    return this.ws.m.vehicles[this.sol.routes[r]!.vehicle]!.startNode;
  }

  /** The nearest visit after position p of route r, past any breaks; the end location when there is none. */
  private after(r: number, p: number): number {
    const nodes = this.sol.routes[r]!.nodes;
    for (let i = p + 1; i < nodes.length; i++) if (nodes[i]! >= 0) return nodes[i]!;
    return this.ws.m.vehicles[this.sol.routes[r]!.vehicle]!.endNode;
  }

  private c(a: number, b: number): number {
    return this.ws.m.cost[a * this.ws.m.nNodes + b]!;
  }

  /** Whether route r works as `nodes`, moving its breaks where that is what it takes (`nodes` may change). */
  private feasible(m: RoutingModel, r: number, nodes: number[]): boolean {
    const vehicle = this.sol.routes[r]!.vehicle;
    if (simulateRoute(m, vehicle, nodes, -1, -1) < Infinity) return true;
    if (m.vehicles[vehicle]!.breaks.length === 0) return false;
    for (const marker of nodes.filter((x) => x < 0))
      if (relocateBreak(m, vehicle, nodes, nodes.indexOf(marker), this.day) >= 0) return true;
    return false;
  }

  /** Moves each break of route r to where the day ends earliest, if earlier than now. */
  private moveBreaks(m: RoutingModel, r: number): boolean {
    const route = this.sol.routes[r]!;
    const nodes = route.nodes.slice();
    if (simulateRoute(m, route.vehicle, nodes, -1, -1, this.day) === Infinity) return false;
    const end = this.day.end;
    for (const marker of nodes.filter((x) => x < 0))
      relocateBreak(m, route.vehicle, nodes, nodes.indexOf(marker), this.day);
    simulateRoute(m, route.vehicle, nodes, -1, -1, this.day);
    if (this.day.end >= end - EPS) return false;
    this.commit(m, r, nodes);
    return true;
  }

  /**
   * A quick necessary condition before simulating a move, from the routes' slack (kept for routes without breaks): a
   * crew leaving the stop at index `p` of route `rFrom` (-1: the start), serving `via` (-1: none) and going on to the
   * stop at index `q` of route `rTo` (its length: the end) is in time for via's window and for the rest of rTo. A
   * route with breaks passes, and the simulation decides.
   */
  private link(m: RoutingModel, rFrom: number, p: number, via: number, rTo: number, q: number): boolean {
    const from = this.sol.routes[rFrom]!;
    const to = this.sol.routes[rTo]!;
    if (from.hasBreaks || to.hasBreaks) return true;
    const prev = p < 0 ? m.vehicles[from.vehicle]!.startNode : from.nodes[p]!;
    const next = q >= to.nodes.length ? m.vehicles[to.vehicle]!.endNode : to.nodes[q]!;
    let t = from.earliest[p + 1]! + m.service[prev]!;
    let at = prev;
    if (via >= 0) {
      const arrival = t + m.time[at * m.nNodes + via]!;
      if (arrival > m.late[via]!) return false;
      t = (arrival > m.early[via]! ? arrival : m.early[via]!) + m.service[via]!;
      at = via;
    }
    return t + m.time[at * m.nNodes + next]! <= to.latest[q + 1]!;
  }

  /** Whether route r can take `visit` (giving up `leaving`, -1: nothing) in its first capacity dimension. */
  private fitsLoad(m: RoutingModel, r: number, visit: number, leaving: number): boolean {
    const route = this.sol.routes[r]!;
    return (
      route.load + m.demand[visit]! - (leaving >= 0 ? m.demand[leaving]! : 0) <= m.vehicles[route.vehicle]!.capacity
    );
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
    const a = this.before(ru, pu);
    const b = this.after(ru, pu);
    const gain = this.c(a, u) + this.c(u, b) - this.c(a, b);
    for (let side = 0; side < 2; side++) {
      // Insert between x and y, where (x, y) is (pred v, v) or (v, succ v), right next to v.
      const x = side === 0 ? this.before(rv, pv) : v;
      const y = side === 0 ? v : this.after(rv, pv);
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
      if (
        !this.fitsLoad(m, rv, u, -1) ||
        !this.link(m, rv, target - 1, u, rv, target) ||
        !this.link(m, ru, pu - 1, -1, ru, pu + 1)
      )
        continue;
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
    if (ru !== rv && (!this.accepts(m, rv, u) || !this.accepts(m, ru, v))) return false;
    const a = this.before(ru, pu);
    const b = this.after(ru, pu);
    const x = this.before(rv, pv);
    const y = this.after(rv, pv);
    // Neighbouring visits (breaks between them aside): the formula below would count their arc twice.
    if (a === v || b === v) return false;
    const delta =
      this.c(a, v) +
      this.c(v, b) -
      this.c(a, u) -
      this.c(u, b) +
      this.c(x, u) +
      this.c(u, y) -
      this.c(x, v) -
      this.c(v, y);
    if (delta > -EPS) return false;
    if (ru === rv) {
      const nodes = sol.routes[ru]!.nodes.slice();
      nodes[pu] = v;
      nodes[pv] = u;
      if (!this.feasible(m, ru, nodes)) return false;
      this.commit(m, ru, nodes);
      return true;
    }
    if (
      !this.fitsLoad(m, ru, v, u) ||
      !this.fitsLoad(m, rv, u, v) ||
      !this.link(m, ru, pu - 1, v, ru, pu + 1) ||
      !this.link(m, rv, pv - 1, u, rv, pv + 1)
    )
      return false;
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
    const x = this.after(ru, pu);
    const w = this.before(rv, pv);
    const delta = this.c(u, v) + this.c(w, x) - this.c(u, x) - this.c(w, v);
    if (delta > -EPS) return false;
    if (vu.shiftEnd === vv.shiftEnd && (!this.link(m, ru, pu, -1, rv, pv) || !this.link(m, rv, pv - 1, -1, ru, pu + 1)))
      return false;
    const a = sol.routes[ru]!.nodes;
    const b = sol.routes[rv]!.nodes;
    if (m.compatible !== null) {
      for (let i = pv; i < b.length; i++) if (b[i]! >= 0 && !this.accepts(m, ru, b[i]!)) return false;
      for (let i = pu + 1; i < a.length; i++) if (a[i]! >= 0 && !this.accepts(m, rv, a[i]!)) return false;
    }
    const na = joinTail(a, pu + 1, b, pv);
    const nb = joinTail(b, pv, a, pu + 1);
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
    const x = this.after(r, pu);
    const y = this.after(r, pv);
    // Reversal changes the direction of every inner arc, which matters for asymmetric matrices. Breaks keep their
    // places: only the visits of the stretch are reversed.
    let inner = 0;
    if (!this.ws.symmetric) {
      let prev = -1;
      for (let i = pu + 1; i <= pv; i++) {
        const z = nodes[i]!;
        if (z < 0) continue;
        if (prev >= 0) inner += this.c(z, prev) - this.c(prev, z);
        prev = z;
      }
    }
    const delta = this.c(u, v) + this.c(x, y) - this.c(u, x) - this.c(v, y) + inner;
    if (delta > -EPS) return false;
    const next = nodes.slice();
    for (let i = pu + 1, j = pv; i <= pv; i++) {
      if (nodes[i]! < 0) continue;
      while (nodes[j]! < 0) j--;
      next[i] = nodes[j--]!;
    }
    if (!this.feasible(m, r, next)) return false;
    this.commit(m, r, next);
    return true;
  }
}

/**
 * `own` up to index `cut`, then the visits of `other` from index `from` on; the breaks of `own`'s old tail stay, each
 * after as many visits of the new tail as it stood after in the old one (the rest go at the end).
 */
function joinTail(own: readonly number[], cut: number, other: readonly number[], from: number): number[] {
  const out = own.slice(0, cut);
  const visits: number[] = [];
  for (let i = from; i < other.length; i++) if (other[i]! >= 0) visits.push(other[i]!);
  let next = 0;
  let seen = 0;
  for (let i = cut; i < own.length; i++) {
    const x = own[i]!;
    if (x >= 0) seen++;
    else {
      while (next < seen && next < visits.length) out.push(visits[next++]!);
      out.push(x);
    }
  }
  while (next < visits.length) out.push(visits[next++]!);
  return out;
}
