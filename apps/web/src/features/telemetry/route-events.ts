import { matchTenantPath } from "@fieldops/shared/tenant-routes";
import type { TelemetryTrackRequest } from "@fieldops/shared/telemetry";

export type RouterMode = "public" | "tenant" | "app";

/** Where the router is: the path, the tenant it shows (or none), and the mode. */
export interface RouteState {
  path: string;
  tenant: string | null;
  mode: RouterMode;
}

/** The tenant a path shows: on a tenant's own domain every path is its; elsewhere a tenant path's tenant. */
export function tenantOfPath(pathname: string, hostTenant: string | null): string | null {
  if (hostTenant) return hostTenant;
  const match = matchTenantPath(pathname);
  return match.kind === "tenant" ? match.tenantId : null;
}

/** Public when signed out, tenant on a tenant's pages, otherwise the app. */
export function routerMode(signedIn: boolean, tenant: string | null): RouterMode {
  if (!signedIn) return "public";
  return tenant ? "tenant" : "app";
}

/**
 * The events a move of the router from `before` (none at the page's start) to `after` sends: the mode when it
 * changes; entering a tenant is an access, a move inside the same tenant a navigation.
 */
export function routeEvents(
  before: RouteState | null,
  after: RouteState,
  user: { id: string; impersonating: boolean } | null,
  now: number,
): TelemetryTrackRequest[] {
  const common = {
    ...(user ? { userId: user.id } : {}),
    impersonating: user?.impersonating ?? false,
    mode: after.mode,
    timestamp: now,
  };
  const events: TelemetryTrackRequest[] = [];
  if (before?.mode !== after.mode) events.push({ event: "router_mode", path: after.path, ...common });
  if (after.tenant && before?.tenant !== after.tenant) {
    events.push({ event: "tenant_access", tenantId: after.tenant, path: after.path, ...common });
  } else if (after.tenant && before && before.path !== after.path) {
    events.push({
      event: "tenant_navigation",
      tenantId: after.tenant,
      fromPath: before.path,
      toPath: after.path,
      ...common,
    });
  }
  return events;
}
