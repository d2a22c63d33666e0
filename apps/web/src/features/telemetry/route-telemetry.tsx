import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useUser } from "../../lib/session";
import { routeEvents, routerMode, tenantOfPath, type RouteState } from "./route-events";
import { trackEvent } from "./track-event";
import { webVitals } from "./web-vitals";

/**
 * Follows the router: sends the routing events (router mode, tenant access and navigation) and, on each route change,
 * the web vitals measured on the route being left. Renders nothing; failures of its calls are ignored.
 */
export function RouteTelemetry({ hostTenant }: { hostTenant: string | null }) {
  const { pathname } = useLocation();
  const user = useUser();
  const previous = useRef<RouteState | null>(null);
  const signedInUser = user.data ?? null;

  useEffect(() => {
    if (user.isPending) return;
    const tenant = tenantOfPath(pathname, hostTenant);
    const after: RouteState = { path: pathname, tenant, mode: routerMode(signedInUser !== null, tenant) };
    const before = previous.current;
    if (before && before.path === after.path && before.mode === after.mode) return;
    const vitals = webVitals();
    if (before && before.path !== after.path) vitals.flush({ route: before.path, tenant: before.tenant });
    vitals.context = { route: after.path, tenant: after.tenant };
    for (const event of routeEvents(before, after, signedInUser, Date.now())) trackEvent(event);
    previous.current = after;
  }, [pathname, hostTenant, user.isPending, signedInUser]);

  return null;
}
