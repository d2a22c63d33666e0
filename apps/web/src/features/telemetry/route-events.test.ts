import { describe, expect, it } from "vitest";
import { routeEvents, routerMode, tenantOfPath, type RouteState } from "./route-events";

const user = { id: "u1", impersonating: false };
const at = (path: string, signedIn = true): RouteState => {
  const tenant = tenantOfPath(path, null);
  return { path, tenant, mode: routerMode(signedIn, tenant) };
};

describe("router telemetry", () => {
  it("names the mode: public signed out, tenant on a tenant's path, else the app", () => {
    expect(at("/lawn-care/green-valley/home", false).mode).toBe("public");
    expect(at("/lawn-care/green-valley/home").mode).toBe("tenant");
    expect(at("/jobs").mode).toBe("app");
    expect(tenantOfPath("/jobs", "green-valley")).toBe("green-valley");
  });

  it("sends the mode at start and on change, an access on entering a tenant and navigations inside it", () => {
    expect(routeEvents(null, at("/jobs"), user, 1)).toEqual([
      { event: "router_mode", path: "/jobs", userId: "u1", impersonating: false, mode: "app", timestamp: 1 },
    ]);
    expect(routeEvents(at("/jobs"), at("/crews"), user, 2)).toEqual([]);
    expect(routeEvents(at("/jobs"), at("/green-valley/home"), user, 3).map((event) => event.event)).toEqual([
      "router_mode",
      "tenant_access",
    ]);
    expect(routeEvents(at("/green-valley/home"), at("/green-valley/jobs"), user, 4)).toEqual([
      {
        event: "tenant_navigation",
        tenantId: "green-valley",
        fromPath: "/green-valley/home",
        toPath: "/green-valley/jobs",
        userId: "u1",
        impersonating: false,
        mode: "tenant",
        timestamp: 4,
      },
    ]);
    expect(
      routeEvents(at("/green-valley/home"), at("/acme-plumbing/home"), user, 5).map((event) => event.event),
    ).toEqual(["tenant_access"]);
    expect(
      routeEvents(at("/green-valley/home", false), at("/green-valley/home"), { id: "u2", impersonating: true }, 6),
    ).toEqual([
      {
        event: "router_mode",
        path: "/green-valley/home",
        userId: "u2",
        impersonating: true,
        mode: "tenant",
        timestamp: 6,
      },
    ]);
  });
});
