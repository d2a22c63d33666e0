import { describe, expect, it } from "vitest";
import { PLANS, UNLIMITED, isWithinLimit, planHasFeature } from "./plans";
import { homePathForRole, defaultPermissions } from "./roles";
import { VERTICALS, verticalForIndustry } from "./verticals";

describe("plans (spec §9)", () => {
  it("has the spec's prices and limits", () => {
    expect(PLANS.starter).toMatchObject({ price: 1, limits: { jobsPerMonth: 50, teamMembers: 25, customers: 100, storageGb: 1 } });
    expect(PLANS.growth).toMatchObject({ price: 129, limits: { jobsPerMonth: 200, teamMembers: 25, customers: 500, storageGb: 10 } });
    expect(PLANS.pro).toMatchObject({ price: 249, limits: { jobsPerMonth: UNLIMITED, teamMembers: UNLIMITED, customers: UNLIMITED, storageGb: 100 } });
    expect(PLANS.suite).toMatchObject({ price: 0, limits: { storageGb: UNLIMITED } });
  });

  it("gates features by plan, each plan adding to the one below", () => {
    expect(planHasFeature("starter", "email_notifications")).toBe(true);
    expect(planHasFeature("starter", "invoicing")).toBe(false);
    expect(planHasFeature("growth", "quickbooks")).toBe(true);
    expect(planHasFeature("growth", "route_optimization")).toBe(false);
    expect(planHasFeature("pro", "route_optimization")).toBe(true);
    expect(planHasFeature("pro", "white_label")).toBe(false);
    expect(planHasFeature("suite", "custom_domain")).toBe(true);
    expect(PLANS.growth.features.every((f) => PLANS.pro.features.includes(f))).toBe(true);
    expect(PLANS.pro.features.every((f) => PLANS.suite.features.includes(f))).toBe(true);
  });

  it("treats -1 as unlimited", () => {
    expect(isWithinLimit(UNLIMITED, 1_000_000)).toBe(true);
    expect(isWithinLimit(50, 49)).toBe(true);
    expect(isWithinLimit(50, 50)).toBe(false);
  });
});

describe("roles (spec §4, §6)", () => {
  it("sends admin and owner to the admin dashboard, others to the user dashboard", () => {
    expect(homePathForRole("admin")).toBe("/admin-dashboard");
    expect(homePathForRole("owner")).toBe("/admin-dashboard");
    expect(homePathForRole("member")).toBe("/userdash");
    expect(homePathForRole("field_user")).toBe("/userdash");
  });

  it("gives admin permission all and everyone else view and edit", () => {
    expect(defaultPermissions("admin")).toEqual(["all"]);
    expect(defaultPermissions("member")).toEqual(["view", "edit"]);
  });
});

describe("verticals (spec §1, §9)", () => {
  it("renames terms per vertical", () => {
    expect(VERTICALS.plumbing.terminology).toMatchObject({ job: "Service Call", technician: "Plumber" });
    expect(VERTICALS.wound_care.terminology).toMatchObject({ job: "Patient Visit", technician: "Nurse" });
    expect(VERTICALS.hvac.terminology.technician).toBe("HVAC Technician");
    expect(VERTICALS.landscaping.terminology.technician).toBe("Landscaper");
    expect(VERTICALS.cleaning.terminology.technician).toBe("Cleaner");
  });

  it("wound care prohibits Zapier and requires a BAA with HIPAA and HITECH", () => {
    expect(VERTICALS.wound_care.integrations.prohibited).toContain("zapier");
    expect(VERTICALS.wound_care.settings).toEqual({ hipaaMode: true, requireBaa: true, industryRegulations: ["HIPAA", "HITECH"] });
  });

  it("maps industries to verticals, with field service as the default", () => {
    expect(verticalForIndustry("lawn-care")).toBe("landscaping");
    expect(verticalForIndustry("plumbing")).toBe("plumbing");
    expect(verticalForIndustry("roofing")).toBe("field_service");
  });
});
