import { describe, expect, it } from "vitest";
import type { ScheduleResponse } from "@fieldops/shared/schedule";
import { makeScheduleVisit } from "../../testing/fixtures";
import { applyMove } from "./schedule-queries";

const queued = makeScheduleVisit();

const board: ScheduleResponse = {
  timeZone: "UTC",
  from: "2030-03-04",
  to: "2030-03-04",
  rangeStart: "2030-03-04T00:00:00.000Z",
  rangeEnd: "2030-03-05T00:00:00.000Z",
  crews: [],
  visits: [],
  visitsOmitted: false,
  crewDays: [],
  unassigned: [queued],
  unassignedTotal: 3,
};

describe("applyMove", () => {
  it("takes a queued visit given a crew out of the queue and onto the day", () => {
    const moved = applyMove(board, {
      visit: queued,
      crewId: "c1",
      start: "2030-03-04T10:00:00.000Z",
      durationMinutes: 90,
      version: 1,
    });
    expect(moved.unassigned).toEqual([]);
    expect(moved.unassignedTotal).toBe(2);
    expect(moved.visits).toEqual([
      {
        ...queued,
        crewId: "c1",
        status: "scheduled",
        start: "2030-03-04T10:00:00.000Z",
        end: "2030-03-04T11:30:00.000Z",
        durationMinutes: 90,
      },
    ]);
  });

  it("leaves a visit moved to another day off this day's board, and puts one without a crew back in the queue", () => {
    const onDay = applyMove(board, {
      visit: queued,
      crewId: "c1",
      start: "2030-03-04T10:00:00.000Z",
      durationMinutes: 60,
      version: 1,
    });
    const elsewhere = applyMove(onDay, {
      visit: onDay.visits[0]!,
      crewId: "c1",
      start: "2030-03-06T10:00:00.000Z",
      durationMinutes: 60,
      version: 2,
    });
    expect(elsewhere.visits).toEqual([]);
    const unassigned = applyMove(onDay, {
      visit: onDay.visits[0]!,
      crewId: null,
      start: "2030-03-04T10:00:00.000Z",
      durationMinutes: 60,
      version: 2,
    });
    expect(unassigned.unassigned.map((visit) => visit.id)).toEqual(["v1"]);
    expect(unassigned.unassignedTotal).toBe(3);
  });
});
