import { describe, expect, it } from "vitest";
import { addDays, dayInTimeZone, mondayOf, startOfDayInTimeZone } from "./company-time";

describe("company time-zone days", () => {
  it("finds local midnight in and out of daylight-saving time", () => {
    expect(startOfDayInTimeZone("2030-01-07", "America/New_York").toISOString()).toBe("2030-01-07T05:00:00.000Z");
    expect(startOfDayInTimeZone("2030-07-01", "America/New_York").toISOString()).toBe("2030-07-01T04:00:00.000Z");
    // The day the clocks go forward starts at the winter offset.
    expect(startOfDayInTimeZone("2030-03-10", "America/New_York").toISOString()).toBe("2030-03-10T05:00:00.000Z");
    expect(startOfDayInTimeZone("2030-03-31", "Europe/Berlin").toISOString()).toBe("2030-03-30T23:00:00.000Z");
  });

  it("names the local day of a moment and the Monday of its week", () => {
    expect(dayInTimeZone(new Date("2030-01-08T03:30:00Z"), "America/New_York")).toBe("2030-01-07");
    expect(mondayOf("2030-01-13")).toBe("2030-01-07");
    expect(mondayOf("2030-01-07")).toBe("2030-01-07");
    expect(addDays("2030-12-31", 1)).toBe("2031-01-01");
  });
});
