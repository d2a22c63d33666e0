import { describe, expect, it } from "vitest";
import { dayInTimeZone, formatCompanyTime, startOfMonthInTimeZone, zonedWallClockToUtc } from "./company-time";

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

describe("company calendar helpers", () => {
  const tz = "America/Denver";
  // 2026-11-25 20:00 in Denver (UTC-7) is 2026-11-26 03:00 UTC: "today" is the 25th there, the 26th in UTC.
  const now = new Date("2026-11-26T03:00:00Z");

  it("finds the day and the month's start in the company's zone", () => {
    expect(dayInTimeZone(now, tz)).toBe("2026-11-25");
    expect(startOfMonthInTimeZone(new Date("2026-12-01T03:00:00Z"), tz).toISOString()).toBe("2026-11-01T06:00:00.000Z");
  });

  it("turns a wall-clock time into the moment, on both sides of a daylight-saving change", () => {
    expect(zonedWallClockToUtc(Date.UTC(2026, 2, 7, 9), tz).toISOString()).toBe("2026-03-07T16:00:00.000Z");
    expect(zonedWallClockToUtc(Date.UTC(2026, 2, 9, 9), tz).toISOString()).toBe("2026-03-09T15:00:00.000Z");
  });
});
