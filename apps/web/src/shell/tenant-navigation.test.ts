import { describe, expect, it } from "vitest";
import { tenantNavigation } from "./tenant-navigation";

const ALL_FEATURES = ["leads", "estimator", "jobs", "scheduling", "billing", "payments", "reporting", "ai_chat"];
const titles = (groups: ReturnType<typeof tenantNavigation>) =>
  groups.map((group) => [group.label, group.entries.map((entry) => entry.title)]);

describe("tenant sidebar", () => {
  it("shows the five groups to an administrator of a tenant with every feature, under the tenant's path", () => {
    const groups = tenantNavigation("/turf/green-valley", ALL_FEATURES, { administration: true, mayOpen: () => true });
    expect(titles(groups)).toEqual([
      ["Overview", ["Home", "Dashboard"]],
      ["Sales & Operations", ["Leads", "Estimator", "Jobs", "Schedule", "Customers"]],
      ["Business", ["Billing", "Payments", "Reports", "Integrations"]],
      ["Support & Settings", ["Chat Assistant", "Support", "Settings"]],
      ["Administration", ["Admin Console", "Security"]],
    ]);
    expect(groups[1]!.entries.map((entry) => ("url" in entry ? entry.url : ""))).toEqual([
      "/turf/green-valley/leads",
      "/turf/green-valley/estimator",
      "/turf/green-valley/jobs",
      "/turf/green-valley/schedule",
      "/turf/green-valley/customers",
    ]);
  });

  it("hides each feature's item without the feature, and Administration from a non-administrator", () => {
    expect(titles(tenantNavigation("/acme", ["jobs"], { administration: false, mayOpen: () => true }))).toEqual([
      ["Overview", ["Home", "Dashboard"]],
      ["Sales & Operations", ["Jobs", "Customers"]],
      ["Business", ["Integrations"]],
      ["Support & Settings", ["Support", "Settings"]],
    ]);
  });

  it("shows only the links whose screens the user may open, and no group left empty", () => {
    const fieldUser = tenantNavigation("/acme", ALL_FEATURES, {
      administration: false,
      mayOpen: (sub) => ["home", "dashboard", "customers", "chat", "support", "settings"].includes(sub),
    });
    expect(titles(fieldUser)).toEqual([
      ["Overview", ["Home", "Dashboard"]],
      ["Sales & Operations", ["Customers"]],
      ["Support & Settings", ["Chat Assistant", "Support", "Settings"]],
    ]);
  });
});
