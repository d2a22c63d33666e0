import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FieldVisit, FieldVisitsResponse } from "@fieldops/shared/field-app";
import { startOsrmStandIn, standInMetres, type OsrmStandIn } from "../../../../tests/stand-ins/osrm-api.ts";
import { RECENT_TABLE_MS, recentDayMatrix } from "../dispatch/travel-matrix.ts";
import { withDriveLegs } from "./list-field-visits.ts";

let osrm: OsrmStandIn;
beforeAll(async () => {
  osrm = await startOsrmStandIn();
});
afterAll(() => osrm.close());

function visit(id: string, crewId: string, start: string, at: [number, number] | null): FieldVisit {
  return {
    id,
    jobId: `job-${id}`,
    jobNumber: 1,
    jobTitle: "Mow",
    customerName: "Customer",
    status: "dispatched",
    crewId,
    crewName: crewId,
    scheduledStart: start,
    scheduledEnd: null,
    arrivalWindowMinutes: null,
    startedAt: null,
    completedAt: null,
    version: 1,
    instructions: null,
    property: at && {
      label: "Home",
      address: "1 Main St",
      accessNotes: null,
      gateCode: null,
      latitude: at[0],
      longitude: at[1],
    },
    checklist: [],
    lineItems: [],
    notes: [],
    files: [],
  };
}

// Two crews' stops on one day (and crew A's first of the next day), in the order the field app lists them.
const days: FieldVisitsResponse = {
  date: "2026-11-30",
  timeZone: "America/Denver",
  drive: [],
  legs: [],
  visits: [
    visit("a1", "A", "2026-11-30T15:00:00.000Z", [39.7, -105.0]),
    visit("b1", "B", "2026-11-30T15:30:00.000Z", [39.8, -104.9]),
    visit("a2", "A", "2026-11-30T17:00:00.000Z", [39.71, -105.02]),
    visit("a3", "A", "2026-11-30T19:00:00.000Z", null),
    visit("a4", "A", "2026-11-30T20:00:00.000Z", [39.72, -105.0]),
    visit("a5", "A", "2026-12-01T15:00:00.000Z", [39.7, -105.0]),
  ],
};

describe("the drive between a crew's stops", () => {
  it("comes from the road distance server when one is set, in one request for all the stops", async () => {
    osrm.requests.length = 0;
    const { legs } = await withDriveLegs(days, osrm.url);
    expect(osrm.requests).toHaveLength(1);
    const metres = standInMetres([-105.0, 39.7], [-105.02, 39.71]);
    // a1 → a2 by road; a3 has no address, so neither a3 nor a4 (whose stop before is a3) has a leg; each crew's and
    // each day's first stop has none either.
    expect(legs).toEqual([{ toVisitId: "a2", driveSeconds: metres / 10, distanceMeters: metres, source: "osrm" }]);
  });

  it("is estimated from the addresses without one, or when it fails, and says so", async () => {
    const estimated = await withDriveLegs(days, undefined);
    expect(estimated.legs).toEqual([
      {
        toVisitId: "a2",
        driveSeconds: expect.any(Number),
        distanceMeters: expect.any(Number),
        source: "straight_line",
      },
    ]);
    osrm.mode = "error";
    // Other stops than the first test's: that answer is kept for a while (below).
    const fallback = await withDriveLegs(elsewhere(days), osrm.url);
    osrm.mode = "ok";
    expect(fallback.legs.map((leg) => leg.source)).toEqual(["straight_line"]);
    expect(fallback.legs).toEqual((await withDriveLegs(elsewhere(days), undefined)).legs);
  });

  it("is asked of the road server once for the same stops, again once they change or ten minutes have passed", async () => {
    const moved = elsewhere(days, 0.2);
    osrm.requests.length = 0;
    const first = await withDriveLegs(moved, osrm.url);
    expect(await withDriveLegs(moved, osrm.url)).toEqual(first);
    expect(osrm.requests).toHaveLength(1);

    await withDriveLegs(elsewhere(days, 0.3), osrm.url);
    expect(osrm.requests).toHaveLength(2);

    const stops = [
      { lat: 40.1, lon: -105.1 },
      { lat: 40.2, lon: -105.2 },
    ];
    const now = Date.now();
    await recentDayMatrix(stops, osrm.url, now);
    await recentDayMatrix([...stops].reverse(), osrm.url, now + RECENT_TABLE_MS - 1);
    expect(osrm.requests).toHaveLength(3);
    await recentDayMatrix(stops, osrm.url, now + RECENT_TABLE_MS);
    expect(osrm.requests).toHaveLength(4);
  });

  it("is asked again after the road server failed, not estimated from the failure's answer", async () => {
    const moved = elsewhere(days, 0.4);
    osrm.mode = "error";
    expect((await withDriveLegs(moved, osrm.url)).legs[0]?.source).toBe("straight_line");
    osrm.mode = "ok";
    expect((await withDriveLegs(moved, osrm.url)).legs[0]?.source).toBe("osrm");
  });
});

/** The same day with every stop moved north by `degrees`. */
function elsewhere(day: FieldVisitsResponse, degrees = 0.1): FieldVisitsResponse {
  return {
    ...day,
    visits: day.visits.map((v) =>
      v.property?.latitude == null ? v : { ...v, property: { ...v.property, latitude: v.property.latitude + degrees } },
    ),
  };
}
