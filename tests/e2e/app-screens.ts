import { isValidElement } from "react";
import { createRoutesFromElements, type RouteObject } from "react-router";
import type { Capability } from "@fieldops/shared/permissions";
import { AppRoutes } from "@fieldops/web/app/routes";
import { RoleGuard } from "@fieldops/web/shell/role-guard";

/** A value for a path parameter such as `:id`, so that a parameterised route can be visited. */
export const SAMPLE_PARAM = "sample-1";
/**
 * A demo tenant's pages, which the route table reaches only through its catch-all of first words: the tenant's home
 * in its sidebar (or its login, for whoever may not enter it).
 */
const TENANT_SAMPLE_PATHS = ["/lawn-care/green-valley/home"];
/** Where the catch-all route (`*`) is visited: the not-found page. */
const UNKNOWN_PATH = "/no-such-page/at-all";

function joinPath(parent: string, path: string | undefined): string {
  if (path === undefined) return parent;
  if (path.startsWith("/")) return path;
  return `${parent.replace(/\/$/, "")}/${path}`;
}

/** A screen of the route table: its path, whether it needs a session, and the capability its guard asks for. */
export interface AppScreen {
  path: string;
  signedIn: boolean;
  capability?: Capability;
}

/** The capability a route's `<RoleGuard>` asks for, if its element is one. */
function guardCapability(route: RouteObject): Capability | undefined {
  const element = route.element;
  if (!isValidElement<{ capability: Capability }>(element) || element.type !== RoleGuard) return undefined;
  return element.props.capability;
}

function collect(
  routes: readonly RouteObject[],
  parent: string,
  signedIn: boolean,
  into: Map<string, AppScreen>,
): void {
  for (const route of routes) {
    const path = joinPath(parent, route.path);
    // The one layout route without a path is the signed-in app's frame: whatever is under it needs a session.
    if (route.children) collect(route.children, path, signedIn || route.path === undefined, into);
    if (route.path === undefined && !route.index) continue;
    const screenPath =
      path === "*" || path.endsWith("/*") ? UNKNOWN_PATH : path.replace(/:[A-Za-z0-9_]+/g, SAMPLE_PARAM);
    const capability = guardCapability(route);
    if (!into.has(screenPath))
      into.set(screenPath, { path: screenPath, signedIn, ...(capability ? { capability } : {}) });
  }
}

/**
 * Every screen of the web app's route table, read from the table itself (the routes rendered by `AppRoutes`), with
 * parameters filled in: a screen added to the app is visited by the tests that use this without being listed.
 */
export function appScreens(): AppScreen[] {
  const table = AppRoutes();
  const routes = createRoutesFromElements(
    (table.props as { children: Parameters<typeof createRoutesFromElements>[0] }).children,
  );
  const screens = new Map<string, AppScreen>();
  collect(routes, "/", false, screens);
  return [...screens.values(), ...TENANT_SAMPLE_PATHS.map((path) => ({ path, signedIn: false }))];
}
