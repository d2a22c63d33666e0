import { describe, expect, it } from "vitest";
import { DEFAULT_BUILD_PRICING } from "@fieldops/shared/builds";
import { parseFeatureRequest } from "./parse-feature-request.ts";
import { priceSpec } from "./price-spec.ts";

describe("priceSpec", () => {
  it("prices the equipment feature from its counts: medium risk, since it shows on the customer page", () => {
    const spec = parseFeatureRequest(
      "track equipment at each customer: make, model, serial number, install date, and see it on the customer page",
    );
    // 49 + 1×150 + 4×10 + 1×40 + 5×15; 5 + 4 + 4 + 5 minutes; 2 + 3 risk points.
    expect(priceSpec(spec, DEFAULT_BUILD_PRICING)).toEqual({ priceUsd: 354, etaMinutes: 18, risk: "medium" });
  });

  it("is low risk for a standalone object and high for many related ones; the price list moves the numbers", () => {
    const standalone = parseFeatureRequest("track suppliers: name, phone, email");
    expect(priceSpec(standalone, DEFAULT_BUILD_PRICING).risk).toBe("low");
    const many = parseFeatureRequest(
      "track vehicles for each crew: plate. track repairs for each job: cost, parts cost. track tools for each crew: name. track permits for each job: number",
    );
    expect(priceSpec(many, DEFAULT_BUILD_PRICING).risk).toBe("high");
    expect(
      priceSpec(standalone, {
        ...DEFAULT_BUILD_PRICING,
        baseUsd: 0,
        perEntityUsd: 1,
        perFieldUsd: 0,
        perRelationUsd: 0,
        perRouteUsd: 0,
      }).priceUsd,
    ).toBe(1);
  });
});
