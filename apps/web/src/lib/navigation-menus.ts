import { adminEndpoints, type Menu, type MenuId } from "@fieldops/shared/admin";
import { useEndpointQuery } from "./endpoints";

/** A menu as the platform's administrators edited it; undefined while loading or when it cannot be read (built-in menu then). */
export function useNavigationMenu(menu: MenuId): Menu | undefined {
  return useEndpointQuery(adminEndpoints.menu, { params: { menu } }).data;
}
