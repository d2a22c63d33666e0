import { describe, expect, it } from "vitest";
import type { CrewRoute, RoutePlan } from "@fieldops/shared/dispatch";
import {
  crewRouteChanges,
  crewsToApply,
  describeMove,
  describeSaving,
  formatClock,
  formatDistance,
  formatDriveTime,
} from "./route-plan-format";

const stop = (visitId: string, start: string) => ({ visitId, jobTitle: `Job ${visitId}`, start, end: start });
const crew = (crewId: string, current: string[], proposed: string[]): CrewRoute => ({
  crewId,
  crewName: `Crew ${crewId}`,
  startEstimated: false,
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
  });

  it("describes moves between crews and from the unassigned queue", () => {
    expect(describeMove("Crew A", "Crew B")).toBe("Moves from Crew A to Crew B");
    expect(describeMove(null, "Crew B")).toBe("Comes from the unassigned queue to Crew B");
  });
});
