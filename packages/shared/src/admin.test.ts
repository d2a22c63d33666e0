import { describe, expect, it } from "vitest";
import { effectivePlanFeatures } from "./admin";
import { PLANS } from "./plans";

describe("effectivePlanFeatures", () => {
  it("is the plan's built-in list without switches", () => {
    expect(effectivePlanFeatures("growth", {}, {})).toEqual(PLANS.growth.features);
  });

  it("applies the plan's switches, then the company's, which win", () => {
    const features = effectivePlanFeatures(
      "growth",
      { reports: false, analytics: true },
      { reports: true, sms: false },
    );
    expect(features).toContain("reports");
    expect(features).toContain("analytics");
    expect(features).not.toContain("sms");
    expect(effectivePlanFeatures("growth", { reports: false }, {})).not.toContain("reports");
  });
});
