import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FieldVisit, FieldVisitsResponse } from "@fieldops/shared/field-app";
import { startOsrmStandIn, standInMetres, type OsrmStandIn } from "../../../../tests/stand-ins/osrm-api.ts";
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
    const fallback = await withDriveLegs(days, osrm.url);
    osrm.mode = "ok";
    expect(fallback.legs).toEqual(estimated.legs);
  });
});
