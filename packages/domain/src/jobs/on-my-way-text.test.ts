import { describe, expect, it } from "vitest";
import { onMyWayText } from "./on-my-way-text.ts";

const now = new Date("2026-06-02T13:00:00Z");

describe("onMyWayText", () => {
  it("names the company, the technician's first name and the arrival in the company's time", () => {
    expect(
      onMyWayText({
        companyName: "Greenleaf Lawns",
        userName: "Sam Rivera",
        scheduledStart: new Date("2026-06-02T13:30:00Z"),
        timeZone: "America/New_York",
        now,
      }),
    ).toBe("Greenleaf Lawns: Sam is on the way, arriving around 9:30 AM.");
  });

  it("says shortly when the visit's start has passed or it has none", () => {
    const late = { companyName: "Greenleaf Lawns", userName: "Sam", timeZone: "America/Chicago", now };
    expect(onMyWayText({ ...late, scheduledStart: new Date("2026-06-02T12:00:00Z") })).toBe(
      "Greenleaf Lawns: Sam is on the way, arriving shortly.",
    );
    expect(onMyWayText({ ...late, scheduledStart: null })).toBe(
      "Greenleaf Lawns: Sam is on the way, arriving shortly.",
    );
  });
});
