import { describe, expect, it } from "vitest";
import { VERTICALS } from "@fieldops/shared/verticals";
import {
  ADMIN_PORTAL_NAVIGATION,
  USER_NAVIGATION,
  applyMenuEdits,
  applyTerms,
  customObjectsGroup,
  isCollapsible,
  isLinkActive,
  menuLinks,
  navigationFor,
  type NavGroup,
  type NavLink,
} from "./navigation";
import type { User } from "@fieldops/shared/auth";

const links: NavLink[] = USER_NAVIGATION.flatMap((group) =>
  group.entries.flatMap((entry) => (isCollapsible(entry) ? entry.items : [entry])),
);
const active = (pathname: string) => links.filter((link) => isLinkActive(link, pathname)).map((link) => link.title);

describe("the current sidebar entry", () => {
  it("is Jobs on jobs' pages, and Leads or Estimates on theirs, never two at once", () => {
    expect(active("/jobs")).toEqual(["Jobs"]);
    expect(active("/jobs/0b8c7a2e-0000-4000-8000-000000000000")).toEqual(["Jobs"]);
    expect(active("/jobs/leads")).toEqual(["Leads"]);
    expect(active("/jobs/estimates")).toEqual(["Estimates"]);
    expect(active("/jobs/estimates/0b8c7a2e-0000-4000-8000-000000000000")).toEqual(["Estimates"]);
    expect(active("/admin-dashboard")).toEqual(["Dashboard"]);
  });
});

describe("the company's custom objects in the sidebar", () => {
  it("links each object's records by its plural name, current on its records' pages, and shows no group without any", () => {
    const group = customObjectsGroup([
      { key: "equipment", pluralName: "Equipment" },
      { key: "service_log", pluralName: "Service logs" },
    ]);
    const objectLinks = (group?.entries ?? []) as NavLink[];
    expect([group?.label, objectLinks.map((link) => [link.title, link.url])]).toEqual([
      "Custom objects",
      [
        ["Equipment", "/custom/equipment"],
        ["Service logs", "/custom/service_log"],
      ],
    ]);
    expect(
      objectLinks
        .filter((link) => isLinkActive(link, "/custom/equipment/0b8c7a2e-0000-4000-8000-000000000000"))
        .map((link) => link.title),
    ).toEqual(["Equipment"]);
    expect(customObjectsGroup([])).toBeNull();
  });
});

describe("the menus", () => {
  const user = (role: User["role"]): User => ({
    id: "u",
    email: "u@x.test",
    name: "U",
    role,
    permissions: [],
    companyId: null,
    impersonating: false,
  });
  const titles = (groups: ReturnType<typeof navigationFor>) => menuLinks(groups).map((link) => link.title);

  it("are the admin portal's four items for the admin role on /admin paths only", () => {
    expect(titles(navigationFor(user("admin"), "/admin/resources"))).toEqual([
      "Admin Dashboard",
      "SaaS Factory Pricing",
      "Resources",
      "Build Monitor",
    ]);
    expect(titles(navigationFor(user("admin"), "/admin-dashboard"))).toEqual(titles(ADMIN_PORTAL_NAVIGATION));
    expect(navigationFor(user("owner"), "/admin-dashboard")).toEqual(USER_NAVIGATION);
  });

  it("show owners and members every link of the company's work, Customers and Schedule among them", () => {
    const groups = navigationFor(user("member"), "/userdash");
    expect(groups).toEqual(USER_NAVIGATION);
    expect(groups.map((group) => group.label)).toEqual(["Business", "IQ", "Platform"]);
    expect(titles(groups)).toEqual([
      "Dashboard",
      "Jobs",
      "Schedule",
      "Customers",
      "Leads",
      "Estimates",
      "Crews",
      "Payments",
      "Messages",
      "Reports",
      "Automations",
      "Settings",
      "Support",
    ]);
    expect(menuLinks(groups).find((link) => link.title === "Schedule")?.url).toBe("/schedule");
    expect(menuLinks(groups).find((link) => link.title === "Customers")?.url).toBe("/customers");
  });

  it("show a field user only the pages they may open, and no group left empty", () => {
    const groups = navigationFor(user("field_user"), "/userdash");
    expect(titles(groups)).toEqual(["Dashboard", "Customers", "Crews", "Settings", "Support"]);
    expect(groups.map((group) => group.label)).toEqual(["Business", "Platform"]);
  });

  it("show a platform admin outside a company the pages their role opens, and an impersonating one everything", () => {
    expect(titles(navigationFor(user("admin"), "/userdash"))).toEqual([
      "Dashboard",
      "Customers",
      "Crews",
      "Reports",
      "Automations",
      "Settings",
      "Support",
    ]);
    const impersonating = { ...user("admin"), permissions: ["platform_admin" as const], impersonating: true };
    expect(navigationFor(impersonating, "/userdash")).toEqual(USER_NAVIGATION);
  });

  it("name Jobs and Customers in the company's words, unless an administrator renamed them", () => {
    const plumbing = titles(applyTerms(USER_NAVIGATION, VERTICALS.plumbing.terminology));
    expect(plumbing.slice(0, 4)).toEqual(["Dashboard", "Service Calls", "Schedule", "Customers"]);
    const woundCare = titles(applyTerms(USER_NAVIGATION, VERTICALS.wound_care.terminology));
    expect(woundCare.slice(0, 4)).toEqual(["Dashboard", "Patient Visits", "Schedule", "Patients"]);
    expect(titles(applyTerms(USER_NAVIGATION, VERTICALS.field_service.terminology))).toEqual(titles(USER_NAVIGATION));

    const saved = (jobsTitle: string) =>
      applyMenuEdits(USER_NAVIGATION, {
        menu: "primary",
        customized: true,
        items: [{ url: "/jobs", title: jobsTitle, hidden: false }],
      });
    const jobsLink = (groups: NavGroup[]) => menuLinks(groups).find((link) => link.url === "/jobs")?.title;
    expect(jobsLink(applyTerms(saved("Jobs"), VERTICALS.plumbing.terminology))).toBe("Service Calls");
    expect(jobsLink(applyTerms(saved("Work orders"), VERTICALS.plumbing.terminology))).toBe("Work orders");
  });

  it("are the built-in ones without edits, and take the edits' labels, hidden items and order within a group", () => {
    expect(applyMenuEdits(USER_NAVIGATION, undefined)).toEqual(USER_NAVIGATION);
    const edited = applyMenuEdits(USER_NAVIGATION, {
      menu: "primary",
      customized: true,
      items: [
        { url: "/payments", title: "Money", hidden: false },
        { url: "/jobs/leads", title: "Leads", hidden: true },
        { url: "/support", title: "Help", hidden: false },
      ],
    });
    expect(titles(edited)).toEqual([
      "Dashboard",
      "Money",
      "Jobs",
      "Schedule",
      "Customers",
      "Estimates",
      "Crews",
      "Messages",
      "Reports",
      "Help",
      "Automations",
      "Settings",
    ]);
  });
});
