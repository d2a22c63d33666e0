import { describe, expect, it } from "vitest";
import {
  PLANS,
  UNLIMITED,
  downgradeRefusalMessage,
  isWithinLimit,
  planFeatureMessage,
  planHasFeature,
  planLimitMessage,
  trialState,
} from "./plans";
import { homePathForRole, defaultPermissions } from "./roles";
import { VERTICALS, verticalForIndustry } from "./verticals";

describe("plans (spec §9)", () => {
  it("has the spec's prices and limits", () => {
    expect(PLANS.starter).toMatchObject({
      price: 1,
      limits: { jobsPerMonth: 50, teamMembers: 25, customers: 100, storageGb: 1 },
    });
    expect(PLANS.growth).toMatchObject({
      price: 129,
      limits: { jobsPerMonth: 200, teamMembers: 25, customers: 500, storageGb: 10 },
    });
    expect(PLANS.pro).toMatchObject({
      price: 249,
      limits: { jobsPerMonth: UNLIMITED, teamMembers: UNLIMITED, customers: UNLIMITED, storageGb: 100 },
    });
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

describe("plan refusals", () => {
  it("name the cheapest plan that has a feature", () => {
    expect(planFeatureMessage("invoicing")).toBe("Invoicing requires the Growth plan or higher.");
    expect(planFeatureMessage("route_optimization")).toBe("Route optimization requires the Pro plan or higher.");
    expect(planFeatureMessage("quickbooks", "QuickBooks Online")).toBe(
      "QuickBooks Online requires the Growth plan or higher.",
    );
    expect(planFeatureMessage("white_label")).toBe("White label requires the Suite plan or higher.");
  });

  it("say what a limit allows, what is used and which plan allows more, in the company's words", () => {
    expect(planLimitMessage("starter", "customers", 100, "patients")).toBe(
      "Your Starter plan allows 100 patients and you have 100. The Growth plan allows 500 patients.",
    );
    expect(planLimitMessage("growth", "jobsPerMonth", 200, "service calls")).toBe(
      "Your Growth plan allows 200 service calls a month and 200 were created this month. The Pro plan allows unlimited service calls.",
    );
    // Growth allows no more team members than Starter: the next plan that does is Pro.
    expect(planLimitMessage("starter", "teamMembers", 25, "team members")).toBe(
      "Your Starter plan allows 25 team members and you have 25. The Pro plan allows unlimited team members.",
    );
    expect(downgradeRefusalMessage("starter", "customers", 101, "customers")).toBe(
      "You cannot move to the Starter plan: it allows 100 customers and you have 101 customers.",
    );
  });
});

describe("the free trial", () => {
  const now = new Date("2026-11-26T12:00:00Z");
  it("runs until its end, has ended after it, and is none once a plan was chosen", () => {
    expect(trialState("2026-11-26T12:00:01Z", now)).toBe("active");
    expect(trialState("2026-11-26T12:00:00Z", now)).toBe("ended");
    expect(trialState(null, now)).toBe("none");
  });
});

describe("roles (spec §4, §6)", () => {
  it("sends admin and owner to the admin dashboard, others to the user dashboard", () => {
    expect(homePathForRole("admin")).toBe("/admin-dashboard");
    expect(homePathForRole("owner")).toBe("/admin-dashboard");
    expect(homePathForRole("member")).toBe("/userdash");
    expect(homePathForRole("field_user")).toBe("/app");
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
    expect(VERTICALS.wound_care.settings).toEqual({
      hipaaMode: true,
      requireBaa: true,
      industryRegulations: ["HIPAA", "HITECH"],
    });
  });

  it("maps industries to verticals, with field service as the default", () => {
    expect(verticalForIndustry("lawn-care")).toBe("landscaping");
    expect(verticalForIndustry("plumbing")).toBe("plumbing");
    expect(verticalForIndustry("roofing")).toBe("field_service");
  });
});
