import { useQuery } from "@tanstack/react-query";
import { menuSchema, type Menu, type MenuId } from "@fieldops/shared/admin";
import { getQueryFn } from "./api";
import { QUERY_KEYS } from "./query-keys";

const fetchJson = getQueryFn<unknown>({ on401: "throw" });

/** A menu as the platform's administrators edited it; undefined while loading or when it cannot be read (built-in menu then). */
export function useNavigationMenu(menu: MenuId): Menu | undefined {
  return useQuery({
    queryKey: QUERY_KEYS.menu(menu),
    queryFn: async (context) => menuSchema.parse(await fetchJson(context)),
  }).data;
}
