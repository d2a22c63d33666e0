import { describe, expect, it } from "vitest";
import { USER_NAVIGATION, customObjectsGroup, isCollapsible, isLinkActive, type NavLink } from "./navigation";

const links: NavLink[] = USER_NAVIGATION.flatMap((group) => group.entries.flatMap((entry) => (isCollapsible(entry) ? entry.items : [entry])));
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
    const group = customObjectsGroup([{ key: "equipment", pluralName: "Equipment" }, { key: "service_log", pluralName: "Service logs" }]);
    const objectLinks = (group?.entries ?? []) as NavLink[];
    expect([group?.label, objectLinks.map((link) => [link.title, link.url])]).toEqual([
      "Custom objects",
      [["Equipment", "/custom/equipment"], ["Service logs", "/custom/service_log"]],
    ]);
    expect(objectLinks.filter((link) => isLinkActive(link, "/custom/equipment/0b8c7a2e-0000-4000-8000-000000000000")).map((link) => link.title)).toEqual(["Equipment"]);
    expect(customObjectsGroup([])).toBeNull();
  });
});
