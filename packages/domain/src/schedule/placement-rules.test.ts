import { describe, expect, it } from "vitest";
import { placementProblem, type CrewRules, type PlacedVisit } from "./placement-rules.ts";

const timeZone = "America/New_York";
// Tuesday 2026-12-01 in New York (UTC-5).
const at = (hhmm: string) => new Date(`2026-12-01T${hhmm}:00-05:00`);
const crew: CrewRules = {
  name: "Green Team",
  skills: ["irrigation"],
  workingHours: [{ weekday: 2, startMinute: 8 * 60, endMinute: 17 * 60 }],
  breaks: [{ windowStartMinute: 12 * 60, windowEndMinute: 13 * 60, durationMinutes: 30 }],
};
const visit = (id: string, from: string, to: string, requiredSkills: string[] = []): PlacedVisit => ({
  id,
  jobTitle: `Job ${id}`,
  start: at(from),
  end: at(to),
  requiredSkills,
});

describe("placementProblem", () => {
  it("allows a visit inside the hours with nothing else booked", () => {
    expect(
      placementProblem({ crew, timeZone, moved: [visit("a", "09:00", "10:00", ["irrigation"])], booked: [] }),
    ).toBeNull();
  });

  it("names the missing skill", () => {
    expect(
      placementProblem({ crew, timeZone, moved: [visit("a", "09:00", "10:00", ["backflow testing"])], booked: [] }),
    ).toBe("Green Team lacks the skill this visit needs: backflow testing");
  });

  it("refuses a visit before the crew starts, after it stops, or on a day it does not work", () => {
    expect(placementProblem({ crew, timeZone, moved: [visit("a", "07:30", "08:30")], booked: [] })).toBe(
      "7:30–8:30 is outside Green Team's working hours on Tuesday (8:00–17:00)",
    );
    expect(placementProblem({ crew, timeZone, moved: [visit("a", "16:30", "17:30")], booked: [] })).toContain(
      "outside Green Team's working hours",
    );
    const wednesday = {
      ...visit("a", "09:00", "10:00"),
      start: new Date("2026-12-02T09:00:00-05:00"),
      end: new Date("2026-12-02T10:00:00-05:00"),
    };
    expect(placementProblem({ crew, timeZone, moved: [wednesday], booked: [] })).toBe(
      "Green Team does not work on Wednesdays",
    );
  });

  it("refuses a double booking and says with what, but allows back-to-back visits", () => {
    const booked = [visit("b", "09:30", "10:30")];
    expect(placementProblem({ crew, timeZone, moved: [visit("a", "09:00", "10:00")], booked })).toBe(
      "Double booking: Green Team already has Job b from 9:30 to 10:30",
    );
    expect(placementProblem({ crew, timeZone, moved: [visit("a", "08:30", "09:30")], booked })).toBeNull();
  });

  it("ignores the moved visit's own old place and checks moved visits against each other", () => {
    expect(
      placementProblem({
        crew,
        timeZone,
        moved: [visit("a", "09:00", "10:00")],
        booked: [visit("a", "09:30", "10:30")],
      }),
    ).toBeNull();
    expect(
      placementProblem({
        crew,
        timeZone,
        moved: [visit("a", "09:00", "10:00"), visit("b", "09:45", "10:15")],
        booked: [],
      }),
    ).toContain("Double booking");
  });

  it("keeps room for the break somewhere in its window", () => {
    expect(placementProblem({ crew, timeZone, moved: [visit("a", "12:00", "12:30")], booked: [] })).toBeNull();
    expect(placementProblem({ crew, timeZone, moved: [visit("a", "12:15", "12:45")], booked: [] })).toBe(
      "Green Team would have no room for the 30-minute break between 12:00 and 13:00",
    );
  });
});
