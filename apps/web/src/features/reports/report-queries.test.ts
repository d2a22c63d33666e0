import { describe, expect, it } from "vitest";
import { formatCell, periodLabel } from "./report-format";
import { presetRange } from "./report-queries";

describe("report ranges", () => {
  it("reads the presets on the company's calendar, up to today where the period is running", () => {
    const today = "2026-05-14";
    expect(presetRange("this-month", today)).toEqual({ from: "2026-05-01", to: "2026-05-14" });
    expect(presetRange("last-month", today)).toEqual({ from: "2026-04-01", to: "2026-04-30" });
    expect(presetRange("last-30-days", today)).toEqual({ from: "2026-04-15", to: "2026-05-14" });
    expect(presetRange("this-quarter", today)).toEqual({ from: "2026-04-01", to: "2026-05-14" });
    expect(presetRange("this-year", today)).toEqual({ from: "2026-01-01", to: "2026-05-14" });
    expect(presetRange("last-month", "2026-01-05")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    expect(presetRange("this-quarter", "2026-12-31")).toEqual({ from: "2026-10-01", to: "2026-12-31" });
  });
});

describe("report cells", () => {
  it("names periods as people do and formats each kind of figure", () => {
    expect(periodLabel("2026-03-02", "day")).toBe("Mar 2");
    expect(periodLabel("2026-03-02", "week")).toBe("Week of Mar 2");
    expect(periodLabel("2026-03-01", "month")).toBe("Mar 2026");
    expect(formatCell("cents", 1_234_567, null)).toBe("$12,345.67");
    expect(formatCell("percent", 0.4567, null)).toBe("45.7%");
    expect(formatCell("minutes", 150, null)).toBe("2 h 30 min");
    expect(formatCell("minutes", 45, null)).toBe("45 min");
    expect(formatCell("count", 12_000, null)).toBe("12,000");
    expect(formatCell("percent", null, null)).toBe("—");
  });
});
