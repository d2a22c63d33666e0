import {
  Boxes,
  Briefcase,
  CalendarDays,
  ChartColumn,
  CreditCard,
  FileText,
  LayoutDashboard,
  LifeBuoy,
  Settings,
  UserPlus,
  Users,
  type LucideIcon,
} from "lucide-react";
import type { User } from "@fieldops/shared/auth";

/** A link in the sidebar. `alsoActiveOn` lists other paths on which it shows as the current page. */
export type NavLink = { title: string; url: string; icon: LucideIcon; alsoActiveOn?: readonly string[]; notActiveOn?: readonly string[] };
/** A collapsible entry that holds links. */
export type NavCollapsible = { title: string; icon: LucideIcon; defaultOpen: boolean; items: readonly NavLink[] };
export type NavEntry = NavLink | NavCollapsible;
export type NavGroup = { label: string; entries: readonly NavEntry[] };

export function isCollapsible(entry: NavEntry): entry is NavCollapsible {
  return "items" in entry;
}

/** The sidebar of a signed-in user of a company: the Business, IQ and Platform menus. */
export const USER_NAVIGATION: readonly NavGroup[] = [
  {
    label: "Business",
    entries: [
      { title: "Dashboard", url: "/userdash", icon: LayoutDashboard, alsoActiveOn: ["/admin-dashboard"] },
      {
        title: "Scheduling",
        icon: CalendarDays,
        defaultOpen: true,
        items: [
          // Leads and estimates live under /jobs/ (the app's top-level words are fixed) but are their own entries.
          { title: "Jobs", url: "/jobs", icon: Briefcase, notActiveOn: ["/jobs/leads", "/jobs/estimates"] },
          { title: "Leads", url: "/jobs/leads", icon: UserPlus },
          { title: "Estimates", url: "/jobs/estimates", icon: FileText },
          { title: "Crews", url: "/crews", icon: Users },
          { title: "Payments", url: "/payments", icon: CreditCard },
        ],
      },
    ],
  },
  { label: "IQ", entries: [{ title: "Reports", url: "/reports", icon: ChartColumn }] },
  {
    label: "Platform",
    entries: [
      { title: "Settings", url: "/settings", icon: Settings },
      { title: "Support", url: "/support", icon: LifeBuoy },
    ],
  },
];

/**
 * The menu for this user on this path. The admin portal's menu (role admin, on a path under /admin) is a
 * second set of groups returned from here.
 */
export function navigationFor(_user: User, _pathname: string): readonly NavGroup[] {
  return USER_NAVIGATION;
}

/** The company's custom objects (what feature builds installed), each a link to its records; none, no group. */
export function customObjectsGroup(objects: readonly { key: string; pluralName: string }[]): NavGroup | null {
  if (objects.length === 0) return null;
  return { label: "Custom objects", entries: objects.map((object) => ({ title: object.pluralName, url: `/custom/${object.key}`, icon: Boxes })) };
}

/** A link is current on its own path and the paths below it (e.g. /crews/42 under Crews), except those of another entry. */
export function isLinkActive(link: NavLink, pathname: string): boolean {
  const under = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  if (link.notActiveOn?.some(under)) return false;
  return [link.url, ...(link.alsoActiveOn ?? [])].some(under);
}
