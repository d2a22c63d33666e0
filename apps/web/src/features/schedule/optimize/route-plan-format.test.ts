import { describe, expect, it } from "vitest";
import type { CrewRoute, RoutePlan } from "@fieldops/shared/dispatch";
import {
  crewRouteChanges,
  crewsToApply,
  describeMove,
  describeSaving,
  describeVisitCount,
  formatClock,
  formatDistance,
  formatDriveTime,
} from "./route-plan-format";

const stop = (visitId: string, start: string) => ({ visitId, jobTitle: `Job ${visitId}`, start, end: start });
const crew = (crewId: string, current: string[], proposed: string[]): CrewRoute => ({
  crewId,
  crewName: `Crew ${crewId}`,
  startLabel: "The company's yard",
  current: {
    driveSeconds: 0,
    distanceMeters: 0,
    stops: current.map((id, i) => stop(id, `2026-12-01T1${i}:00:00.000Z`)),
  },
  proposed: {
    driveSeconds: 0,
    distanceMeters: 0,
    stops: proposed.map((id, i) => stop(id, `2026-12-01T1${i}:00:00.000Z`)),
  },
  breaks: [],
  tradesWith: [],
  alone: null,
});

describe("route plan formatting", () => {
  it("writes drive time in minutes, then hours and minutes, keeping a loss's sign", () => {
    expect(formatDriveTime(0)).toBe("0 min");
    expect(formatDriveTime(12 * 60 + 20)).toBe("12 min");
    expect(formatDriveTime(65 * 60)).toBe("1 h 05 min");
    expect(formatDriveTime(-30 * 60)).toBe("−30 min");
  });

  it("writes distances in kilometres", () => {
    expect(formatDistance(42_049)).toBe("42.0 km");
    expect(formatDistance(-1500)).toBe("−1.5 km");
  });

  it("says whether a proposal saves or adds driving", () => {
    expect(describeSaving({ driveSeconds: 3900, distanceMeters: 42_000 })).toBe(
      "Saves 1 h 05 min and 42.0 km of driving",
    );
    expect(describeSaving({ driveSeconds: -600, distanceMeters: -8000 })).toBe("Adds 10 min and 8.0 km of driving");
    expect(describeSaving({ driveSeconds: 0, distanceMeters: 0 })).toBe("No driving saved");
  });

  it("never calls a longer drive a saving: each figure says whether it is saved or added", () => {
    expect(describeSaving({ driveSeconds: 600, distanceMeters: -3000 })).toBe(
      "Saves 10 min of driving but adds 3.0 km",
    );
    expect(describeSaving({ driveSeconds: -600, distanceMeters: 3000 })).toBe(
      "Adds 10 min of driving but saves 3.0 km",
    );
    expect(describeSaving({ driveSeconds: -900, distanceMeters: 20 })).toBe("Adds 15 min of driving");
    expect(describeSaving({ driveSeconds: 20, distanceMeters: 2500 })).toBe(
      "Saves 2.5 km of driving, in the same time",
    );
  });

  it("says when the proposal serves more or fewer visits than now", () => {
    expect(
      describeVisitCount(
        { driveSeconds: 0, distanceMeters: 0, visits: 8 },
        { driveSeconds: 0, distanceMeters: 0, visits: 10 },
      ),
    ).toBe("Plans 2 more visits than now");
    expect(
      describeVisitCount(
        { driveSeconds: 0, distanceMeters: 0, visits: 8 },
        { driveSeconds: 0, distanceMeters: 0, visits: 7 },
      ),
    ).toBe("Plans 1 visit fewer than now (left out below)");
    expect(
      describeVisitCount(
        { driveSeconds: 0, distanceMeters: 0, visits: 8 },
        { driveSeconds: 0, distanceMeters: 0, visits: 8 },
      ),
    ).toBeNull();
    expect(
      describeVisitCount({ driveSeconds: 0, distanceMeters: 0 }, { driveSeconds: 0, distanceMeters: 0 }),
    ).toBeNull();
  });

  it("shows times on the company's clock", () => {
    expect(formatClock("2026-12-01T14:05:00.000Z", "America/New_York")).toBe("9:05 AM");
    expect(formatClock("2026-12-01T14:05:00.000Z", "Europe/Paris")).toBe("3:05 PM");
  });

  it("offers to apply only crews whose day changes and that are not applied yet", () => {
    const same = crew("a", ["1", "2"], ["1", "2"]);
    const reordered = crew("b", ["3", "4"], ["4", "3"]);
    const gains = crew("c", [], ["5"]);
    expect([same, reordered, gains].map(crewRouteChanges)).toEqual([false, true, true]);
    const plan = {
      status: "ready",
      appliedCrewIds: ["c"],
      result: { crews: [same, reordered, gains] },
    } as unknown as RoutePlan;
    expect(crewsToApply(plan)).toEqual(["b"]);
    // A crew whose whole-plan part is its day now but which, applied alone, would change is still to apply.
    const aloneChanges = {
      ...crew("d", ["6", "7"], ["6", "7"]),
      alone: { ...crew("d", [], ["7", "6"]).proposed, breaks: [] },
    };
    expect(crewRouteChanges(aloneChanges)).toBe(true);
  });

  it("describes moves between crews and from the unassigned queue", () => {
    expect(describeMove("Crew A", "Crew B")).toBe("Moves from Crew A to Crew B");
    expect(describeMove(null, "Crew B")).toBe("Comes from the unassigned queue to Crew B");
  });
});
