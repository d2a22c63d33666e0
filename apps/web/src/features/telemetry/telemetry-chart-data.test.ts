import { describe, expect, it } from "vitest";
import { formatVital, pivotSeries } from "./telemetry-chart-data";

describe("pivotSeries", () => {
  it("makes one row per time with a column per key, in time order, skipping missing values", () => {
    const points = [
      { key: "/jobs", at: "2026-11-26T10:00:00.000Z", lcp: 900 },
      { key: "/crews", at: "2026-11-26T09:00:00.000Z", lcp: 1200 },
      { key: "/jobs", at: "2026-11-26T09:00:00.000Z", lcp: null },
    ];
    expect(
      pivotSeries(
        points,
        (point) => point.key,
        (point) => point.lcp,
      ),
    ).toEqual({
      keys: ["/crews", "/jobs"],
      rows: [
        { at: "2026-11-26T09:00:00.000Z", "/crews": 1200 },
        { at: "2026-11-26T10:00:00.000Z", "/jobs": 900 },
      ],
    });
  });
});

describe("formatVital", () => {
  it("rounds milliseconds and gives layout shift three decimals", () => {
    expect(formatVital("lcp", 1234.56)).toBe("1235 ms");
    expect(formatVital("cls", 0.12345)).toBe("0.123");
    expect(formatVital("fid", null)).toBe("–");
  });
});
