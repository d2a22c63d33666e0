import { createRoutesFromElements, type RouteObject } from "react-router";
import { AppRoutes } from "@fieldops/web/app/routes";

/** A value for a path parameter such as `:id`, so that a parameterised route can be visited. */
const SAMPLE_PARAM = "sample-1";
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

function collect(routes: readonly RouteObject[], parent: string, into: Set<string>): void {
  for (const route of routes) {
    const path = joinPath(parent, route.path);
    if (route.children) collect(route.children, path, into);
    if (route.path === undefined && !route.index) continue;
    into.add(path === "*" || path.endsWith("/*") ? UNKNOWN_PATH : path.replace(/:[A-Za-z0-9_]+/g, SAMPLE_PARAM));
  }
}

/**
 * Every path of the web app's route table, read from the table itself (the routes rendered by `AppRoutes`), with
 * parameters filled in: a screen added to the app is visited by the tests that use this without being listed.
 */
export function appScreenPaths(): string[] {
  const table = AppRoutes();
  const routes = createRoutesFromElements(
    (table.props as { children: Parameters<typeof createRoutesFromElements>[0] }).children,
  );
  const paths = new Set<string>();
  collect(routes, "/", paths);
  return [...paths, ...TENANT_SAMPLE_PATHS];
}
