import { describe, expect, it } from "vitest";
import {
  BUNDLE_SIZE_THRESHOLD_BYTES,
  exceededThresholds,
  isBundleTooLarge,
  normalizeRoute,
  PERFORMANCE_THRESHOLDS,
  performanceReportSchema,
  telemetryBucket,
} from "./telemetry";

describe("performance alert thresholds", () => {
  it("are ttfb 1000 ms, lcp 2500 ms, fid 100 ms, cls 0.1 and a single bundle of 1,000,000 bytes", () => {
    expect(PERFORMANCE_THRESHOLDS).toEqual({ ttfb: 1000, lcp: 2500, fid: 100, cls: 0.1 });
    expect(BUNDLE_SIZE_THRESHOLD_BYTES).toBe(1_000_000);
  });

  it("alert only above the threshold, never at it", () => {
    expect(exceededThresholds({ ttfb: 1000, lcp: 2500, fid: 100, cls: 0.1 })).toEqual([]);
    expect(exceededThresholds({ ttfb: 1000.1, lcp: 2501, fid: 101, cls: 0.11 })).toEqual([
      { metric: "ttfb", value: 1000.1, threshold: 1000 },
      { metric: "lcp", value: 2501, threshold: 2500 },
      { metric: "fid", value: 101, threshold: 100 },
      { metric: "cls", value: 0.11, threshold: 0.1 },
    ]);
    expect(exceededThresholds({ lcp: 4000 })).toEqual([{ metric: "lcp", value: 4000, threshold: 2500 }]);
    expect(exceededThresholds({})).toEqual([]);
  });

  it("a bundle is too large above 1,000,000 bytes", () => {
    expect(isBundleTooLarge(1_000_000)).toBe(false);
    expect(isBundleTooLarge(1_000_001)).toBe(true);
  });
});

describe("the performance report", () => {
  it("needs at least one metric", () => {
    expect(performanceReportSchema.safeParse({ route: "/jobs" }).success).toBe(false);
    expect(performanceReportSchema.safeParse({ route: "/jobs", cls: 0 }).success).toBe(true);
  });
});

describe("normalizeRoute", () => {
  it("groups ids into :id and keeps words", () => {
    expect(normalizeRoute("/jobs/42")).toBe("/jobs/:id");
    expect(normalizeRoute("/crews/6f1c1e7a-2b3c-4d5e-8f90-123456789abc/load")).toBe("/crews/:id/load");
    expect(normalizeRoute("/lawn-care/green-valley/home")).toBe("/lawn-care/green-valley/home");
    expect(normalizeRoute("/")).toBe("/");
  });
});

describe("telemetryBucket", () => {
  it("is hours up to two days, days beyond", () => {
    expect(telemetryBucket(1)).toBe("hour");
    expect(telemetryBucket(2)).toBe("hour");
    expect(telemetryBucket(3)).toBe("day");
  });
});
