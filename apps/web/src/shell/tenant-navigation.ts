import {
  Briefcase,
  Calculator,
  CalendarDays,
  ChartColumn,
  Contact,
  CreditCard,
  House,
  LayoutDashboard,
  LifeBuoy,
  Lock,
  MessageSquare,
  Plug,
  Receipt,
  Settings,
  ShieldCheck,
  UserPlus,
} from "lucide-react";
import type { NavGroup, NavLink } from "./navigation";

/** A tenant sidebar link; `feature` names the tenant feature without which it is not shown. */
type TenantLink = Omit<NavLink, "url"> & { sub: string; feature?: string };

const TENANT_GROUPS: readonly { label: string; links: readonly TenantLink[]; adminOnly?: boolean }[] = [
  {
    label: "Overview",
    links: [
      { title: "Home", sub: "home", icon: House },
      { title: "Dashboard", sub: "dashboard", icon: LayoutDashboard },
    ],
  },
  {
    label: "Sales & Operations",
    links: [
      { title: "Leads", sub: "leads", icon: UserPlus, feature: "leads" },
      { title: "Estimator", sub: "estimator", icon: Calculator, feature: "estimator" },
      { title: "Jobs", sub: "jobs", icon: Briefcase, feature: "jobs", term: "jobs" },
      { title: "Schedule", sub: "schedule", icon: CalendarDays, feature: "scheduling" },
      { title: "Customers", sub: "customers", icon: Contact, term: "customers" },
    ],
  },
  {
    label: "Business",
    links: [
      { title: "Billing", sub: "billing", icon: Receipt, feature: "billing" },
      { title: "Payments", sub: "payments", icon: CreditCard, feature: "payments" },
      { title: "Reports", sub: "reports", icon: ChartColumn, feature: "reporting" },
      { title: "Integrations", sub: "integrations", icon: Plug },
    ],
  },
  {
    label: "Support & Settings",
    links: [
      { title: "Chat Assistant", sub: "chat", icon: MessageSquare, feature: "ai_chat" },
      { title: "Support", sub: "support", icon: LifeBuoy },
      { title: "Settings", sub: "settings", icon: Settings },
    ],
  },
  {
    label: "Administration",
    adminOnly: true,
    links: [
      { title: "Admin Console", sub: "admin", icon: ShieldCheck },
      { title: "Security", sub: "security", icon: Lock },
    ],
  },
];

/**
 * A tenant's sidebar under its path `base`: the links of the features the tenant has that the user may open
 * (`mayOpen`, by the screen's own guard), and the Administration group only for an administrator (a platform admin,
 * or one impersonating the tenant).
 */
export function tenantNavigation(
  base: string,
  features: readonly string[],
  { administration, mayOpen }: { administration: boolean; mayOpen: (sub: string) => boolean },
): NavGroup[] {
  return TENANT_GROUPS.filter((group) => administration || !group.adminOnly)
    .map((group) => ({
      label: group.label,
      entries: group.links
        .filter((link) => (link.feature === undefined || features.includes(link.feature)) && mayOpen(link.sub))
        .map(({ sub, feature: _feature, ...link }) => ({ ...link, url: `${base}/${sub}` })),
    }))
    .filter((group) => group.entries.length > 0);
}
