import { describe, expect, it } from "vitest";
import { formatCompanyTime } from "./company-time";

describe("formatCompanyTime", () => {
  it("shows the moment in the company's time zone, with the zone", () => {
    expect(formatCompanyTime("2026-11-25T22:15:00.000Z", "America/Denver", "en-US")).toBe("Nov 25, 2026, 3:15 PM MST");
    expect(formatCompanyTime("2026-11-25T22:15:00.000Z", "America/Chicago", "en-US")).toBe("Nov 25, 2026, 4:15 PM CST");
  });

  it("crosses midnight into the company's own date", () => {
    expect(formatCompanyTime("2026-07-01T03:30:00.000Z", "America/Denver", "en-US")).toBe("Jun 30, 2026, 9:30 PM MDT");
  });

  it("falls back to UTC for an unknown zone and leaves a malformed time as it is", () => {
    expect(formatCompanyTime("2026-11-25T22:15:00.000Z", "Mars/Olympus", "en-US")).toBe("Nov 25, 2026, 10:15 PM UTC");
    expect(formatCompanyTime("yesterday", "America/Denver", "en-US")).toBe("yesterday");
  });
});
