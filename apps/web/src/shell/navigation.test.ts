import { describe, expect, it } from "vitest";
import {
  ADMIN_PORTAL_NAVIGATION,
  USER_NAVIGATION,
  applyMenuEdits,
  customObjectsGroup,
  isCollapsible,
  isLinkActive,
  menuLinks,
  navigationFor,
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
    expect(navigationFor(user("admin"), "/userdash")).toEqual(USER_NAVIGATION);
    expect(navigationFor(user("owner"), "/admin-dashboard")).toEqual(USER_NAVIGATION);
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
    expect(titles(edited)).toEqual(["Dashboard", "Money", "Jobs", "Estimates", "Crews", "Reports", "Help", "Settings"]);
  });
});
