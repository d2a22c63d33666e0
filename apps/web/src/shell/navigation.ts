import { MESSAGES_PATH } from "@fieldops/shared/app-paths";
import {
  Boxes,
  Briefcase,
  CalendarClock,
  CalendarDays,
  ChartColumn,
  Contact,
  CreditCard,
  Factory,
  FileText,
  Hammer,
  LayoutDashboard,
  LifeBuoy,
  MessagesSquare,
  Server,
  Settings,
  UserPlus,
  Users,
  Workflow,
  type LucideIcon,
} from "lucide-react";
import type { Menu, MenuId } from "@fieldops/shared/admin";
import type { User } from "@fieldops/shared/auth";
import { can, type Capability, type PermissionActor } from "@fieldops/shared/permissions";
import type { Terminology } from "@fieldops/shared/verticals";

/**
 * A link in the sidebar. `alsoActiveOn` lists other paths on which it shows as the current page. `capability` is what
 * its page's guard asks (the link shows only to those who have it); `term` the company's word that names it (a
 * plumbing company's Jobs are its Service Calls).
 */
export type NavLink = {
  title: string;
  url: string;
  icon: LucideIcon;
  alsoActiveOn?: readonly string[];
  notActiveOn?: readonly string[];
  capability?: Capability;
  term?: "jobs" | "customers";
  /** A count shown beside the link: the unread messages of the inbox. */
  badge?: "unreadMessages";
};
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
          {
            title: "Jobs",
            url: "/jobs",
            icon: Briefcase,
            notActiveOn: ["/jobs/leads", "/jobs/estimates"],
            capability: "jobs.manage",
            term: "jobs",
          },
          { title: "Schedule", url: "/schedule", icon: CalendarClock, capability: "schedule.manage" },
          { title: "Customers", url: "/customers", icon: Contact, term: "customers" },
          { title: "Leads", url: "/jobs/leads", icon: UserPlus, capability: "sales.manage" },
          { title: "Estimates", url: "/jobs/estimates", icon: FileText, capability: "sales.manage" },
          { title: "Crews", url: "/crews", icon: Users },
          { title: "Payments", url: "/payments", icon: CreditCard, capability: "invoices.manage" },
        ],
      },
      // The spec's Messages route (/app/messages): the office's inbox of conversations with customers.
      {
        title: "Messages",
        url: MESSAGES_PATH,
        icon: MessagesSquare,
        capability: "messages.manage",
        badge: "unreadMessages",
      },
    ],
  },
  { label: "IQ", entries: [{ title: "Reports", url: "/reports", icon: ChartColumn, capability: "reports.read" }] },
  {
    label: "Platform",
    entries: [
      { title: "Automations", url: "/automations", icon: Workflow, capability: "settings.read" },
      { title: "Settings", url: "/settings", icon: Settings },
      { title: "Support", url: "/support", icon: LifeBuoy },
    ],
  },
];

/** The admin portal's menu: its four items. */
export const ADMIN_PORTAL_NAVIGATION: readonly NavGroup[] = [
  {
    label: "Admin Portal",
    entries: [
      { title: "Admin Dashboard", url: "/admin-dashboard", icon: LayoutDashboard },
      { title: "SaaS Factory Pricing", url: "/admin/saas-factory/pricing", icon: Factory },
      { title: "Resources", url: "/admin/resources", icon: Server },
      { title: "Build Monitor", url: "/admin/build-monitor", icon: Hammer },
    ],
  },
];

/** The built-in menu each editable menu starts from: primary is the company user's sidebar, secondary the admin portal's. */
export const BUILT_IN_MENUS: Record<MenuId, readonly NavGroup[]> = {
  primary: USER_NAVIGATION,
  secondary: ADMIN_PORTAL_NAVIGATION,
};

/** Whether this user on this path sees the admin portal's menu: a user with `platform.manage` (the admin role) on a path that starts with /admin. */
export function showsAdminPortalMenu(user: PermissionActor, pathname: string): boolean {
  return can(user, "platform.manage") && pathname.startsWith("/admin");
}

/** Every link of a menu, in order (a collapsible's links in their place). */
export function menuLinks(groups: readonly NavGroup[]): NavLink[] {
  return groups.flatMap((group) =>
    group.entries.flatMap((entry) => (isCollapsible(entry) ? [...entry.items] : [entry])),
  );
}

/**
 * A built-in menu with an administrator's edits: each link keyed by its url takes the stored label, is left out when
 * hidden, and takes its place in the stored order within its group. Links the edits do not name stay as built.
 */
export function applyMenuEdits(groups: readonly NavGroup[], edits: Menu | undefined): NavGroup[] {
  const items = edits?.customized ? edits.items : [];
  const position = new Map(items.map((item, index) => [item.url, index]));
  const edited = new Map(items.map((item) => [item.url, item]));
  const arrange = <T extends NavEntry>(entries: readonly T[], keyOf: (entry: T) => string): T[] =>
    entries
      .map((entry, index) => ({ entry, order: position.get(keyOf(entry)) ?? items.length + index }))
      .sort((a, b) => a.order - b.order)
      .map(({ entry }) => entry);
  const link = (entry: NavLink): NavLink[] => {
    const edit = edited.get(entry.url);
    if (edit?.hidden) return [];
    // A label saved as built keeps the company's word for it; a label changed by an administrator is theirs.
    if (!edit || edit.title === entry.title) return [entry];
    return [{ ...entry, title: edit.title, term: undefined }];
  };
  const firstUrl = (entry: NavEntry) => (isCollapsible(entry) ? (entry.items[0]?.url ?? "") : entry.url);
  return groups.map((group) => ({
    label: group.label,
    entries: arrange(group.entries, firstUrl).flatMap((entry): NavEntry[] => {
      if (!isCollapsible(entry)) return link(entry);
      return [{ ...entry, items: arrange(entry.items, (item) => item.url).flatMap(link) }];
    }),
  }));
}

/** The menu with only the links `mayOpen` allows; a collapsible or group left without links goes too. */
function onlyOpenable(groups: readonly NavGroup[], mayOpen: (link: NavLink) => boolean): NavGroup[] {
  return groups
    .map((group) => ({
      label: group.label,
      entries: group.entries.flatMap((entry): NavEntry[] => {
        if (!isCollapsible(entry)) return mayOpen(entry) ? [entry] : [];
        const items = entry.items.filter(mayOpen);
        return items.length > 0 ? [{ ...entry, items }] : [];
      }),
    }))
    .filter((group) => group.entries.length > 0);
}

/** The menu with each link that has a `term` named by the company's word for it. */
export function applyTerms(groups: readonly NavGroup[], terms: Terminology): NavGroup[] {
  const name = (link: NavLink): NavLink => (link.term ? { ...link, title: terms[link.term] } : link);
  return groups.map((group) => ({
    label: group.label,
    entries: group.entries.map((entry) =>
      isCollapsible(entry) ? { ...entry, items: entry.items.map(name) } : name(entry),
    ),
  }));
}

/**
 * The menu for this user on this path, with the administrators' edits of it: the admin portal's menu for the admin
 * role on /admin paths, the Business, IQ and Platform menus for everyone else, each with only the links whose page
 * the user may open (the pages' guards and the server ask the same capabilities).
 */
export function navigationFor(
  user: User,
  pathname: string,
  edits: Partial<Record<MenuId, Menu>> = {},
): readonly NavGroup[] {
  const menu = showsAdminPortalMenu(user, pathname)
    ? applyMenuEdits(ADMIN_PORTAL_NAVIGATION, edits.secondary)
    : applyMenuEdits(USER_NAVIGATION, edits.primary);
  return onlyOpenable(menu, (link) => link.capability === undefined || can(user, link.capability));
}

/** The company's custom objects (what feature builds installed), each a link to its records; none, no group. */
export function customObjectsGroup(objects: readonly { key: string; pluralName: string }[]): NavGroup | null {
  if (objects.length === 0) return null;
  return {
    label: "Custom objects",
    entries: objects.map((object) => ({ title: object.pluralName, url: `/custom/${object.key}`, icon: Boxes })),
  };
}

/** A link is current on its own path and the paths below it (e.g. /crews/42 under Crews), except those of another entry. */
export function isLinkActive(link: NavLink, pathname: string): boolean {
  const under = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  if (link.notActiveOn?.some(under)) return false;
  return [link.url, ...(link.alsoActiveOn ?? [])].some(under);
}
