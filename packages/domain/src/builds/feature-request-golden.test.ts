import { describe, expect, it } from "vitest";
import { FEATURE_REQUEST_GOLDEN, GOLDEN_TRADES, goldenProblems } from "./feature-request-golden.ts";
import { parseFeatureRequest } from "./parse-feature-request.ts";

describe("the golden feature requests across trades", () => {
  it("holds 30 requests covering every trade", () => {
    expect(FEATURE_REQUEST_GOLDEN).toHaveLength(30);
    expect(new Set(FEATURE_REQUEST_GOLDEN.map((golden) => golden.trade))).toEqual(new Set(GOLDEN_TRADES));
  });

  it.each(FEATURE_REQUEST_GOLDEN.map((golden) => [golden.request, golden] as const))(
    "%s → a usable object",
    (_request, golden) => {
      expect(goldenProblems(parseFeatureRequest(golden.request), golden)).toEqual([]);
    },
  );

  it("names what is missing when a spec is not usable", () => {
    const golden = FEATURE_REQUEST_GOLDEN[0]!;
    const spec = parseFeatureRequest("track pest treatments: product, dose, target pest");
    expect(goldenProblems(spec, golden)).toEqual([
      "Dose is in no unit, not ml",
      "no field Re-Entry Interval",
      "no visit picker",
      "no section on the visit page",
    ]);
  });
});
