import { describe, expect, it } from "vitest";
import { axisHours, instantAt, minuteOfDay, snapMinutes, stepDate, viewRange } from "./schedule-time";

describe("schedule time", () => {
  it("reads and writes wall-clock minutes in the company's zone, across a daylight-saving change", () => {
    // 10 March 2030: Denver moves from UTC-7 to UTC-6 at 2:00.
    expect(instantAt("2030-03-09", 9 * 60, "America/Denver")).toBe("2030-03-09T16:00:00.000Z");
    expect(instantAt("2030-03-10", 9 * 60, "America/Denver")).toBe("2030-03-10T15:00:00.000Z");
    expect(minuteOfDay("2030-03-10T15:00:00.000Z", "2030-03-10", "America/Denver")).toBe(9 * 60);
    expect(minuteOfDay("2030-03-11T07:00:00.000Z", "2030-03-10", "America/Denver")).toBe(25 * 60);
  });

  it("snaps to 15 minutes", () => {
    expect([snapMinutes(547), snapMinutes(548), snapMinutes(600)]).toEqual([540, 555, 600]);
  });

  it("gives a week from Monday and steps by the view's length", () => {
    expect(viewRange("week", "2030-03-07")).toMatchObject({ from: "2030-03-04", to: "2030-03-10" });
    expect(viewRange("board", "2030-03-07")).toEqual({ from: "2030-03-07", to: "2030-03-07", days: ["2030-03-07"] });
    expect(stepDate("week", "2030-03-07", 1)).toBe("2030-03-14");
    expect(stepDate("day", "2030-03-07", -1)).toBe("2030-03-06");
  });

  it("widens the axis to the working hours and visits", () => {
    expect(axisHours([])).toEqual({ startMinute: 360, endMinute: 1200 });
    expect(axisHours([{ startMinute: 330, endMinute: 1230 }])).toEqual({ startMinute: 300, endMinute: 1260 });
  });
});
