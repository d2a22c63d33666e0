import type { RoutingModel } from "./model";
import { Route } from "./route";

/** A search state: one route per vehicle (possibly empty) and the visits left out. Routes are copy-on-write. */
export class Solution {
  constructor(
    public routes: Route[],
    public routeOf: Int32Array,
    public unassigned: number[],
  ) {}

  static empty(m: RoutingModel): Solution {
    const routes = m.vehicles.map((v, i) => {
      const r = new Route(i, v.breaks.length > 0);
      r.nodes = v.breaks.map((_, k) => -(k + 1));
      r.update(m);
      return r;
    });
    const unassigned = Array.from({ length: m.nVisits }, (_, i) => i);
    return new Solution(routes, new Int32Array(m.nVisits).fill(-1), unassigned);
  }

  /** Shallow copy: routes are shared until `touch` clones them. */
  fork(): Solution {
    return new Solution(this.routes.slice(), this.routeOf.slice(), this.unassigned.slice());
  }

  touch(r: number, stamp: number): Route {
    let route = this.routes[r]!;
    if (route.stamp !== stamp) {
      route = route.clone();
      route.stamp = stamp;
      this.routes[r] = route;
    }
    return route;
  }

  usedRoutes(): number {
    let k = 0;
    for (const r of this.routes) if (r.visitCount > 0) k++;
    return k;
  }

  routeCost(): number {
    let c = 0;
    for (const r of this.routes) c += r.cost;
    return c;
  }

  /** Required visits left out. */
  requiredLeftOut(m: RoutingModel): number {
    let k = 0;
    for (const u of this.unassigned) k += m.required[u]!;
    return k;
  }

  /** The cost with `soft` in place of each required visit's dominating penalty. */
  softCost(m: RoutingModel, soft: number): number {
    let c = this.routeCost();
    for (const u of this.unassigned) c += m.required[u] === 1 ? soft : m.penalty[u]!;
    return c;
  }

  cost(m: RoutingModel): number {
    let c = this.routeCost();
    for (const u of this.unassigned) c += m.penalty[u]!;
    return c;
  }
}
