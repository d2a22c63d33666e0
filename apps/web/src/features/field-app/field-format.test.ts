import { describe, expect, it } from "vitest";
import type { FieldVisit } from "@fieldops/shared/field-app";
import { arrivalText, dayTitle, formatDuration, mapsLink } from "./field-format";

const visit = (overrides: Partial<FieldVisit>): FieldVisit => ({
  id: "v1",
  jobId: "j1",
  jobNumber: 1,
  jobTitle: "Mowing",
  customerName: "Ann",
  status: "dispatched",
  crewId: "c1",
  crewName: "Crew A",
  scheduledStart: "2026-06-01T15:00:00.000Z",
  scheduledEnd: "2026-06-01T16:00:00.000Z",
  arrivalWindowMinutes: null,
  startedAt: null,
  completedAt: null,
  version: 1,
  instructions: null,
  property: null,
  checklist: [],
  lineItems: [],
  notes: [],
  files: [],
  ...overrides,
});

describe("the field app's words for times and places", () => {
  it("gives the promised window around the start in the company's zone, else the start", () => {
    const zone = "America/Denver";
    expect(arrivalText(visit({ arrivalWindowMinutes: 30 }), zone)).toMatch(/^Arrive 8:30\sAM – 9:30\sAM$/);
    expect(arrivalText(visit({}), zone)).toMatch(/^Arrive 9:00\sAM$/);
    expect(arrivalText(visit({ scheduledStart: null }), zone)).toBe("No time set");
  });

  it("says durations in hours and minutes", () => {
    expect(formatDuration(25 * 60_000)).toBe("25 min");
    expect(formatDuration(65 * 60_000)).toBe("1 h 5 min");
  });

  it("names today and tomorrow, and other days in words", () => {
    expect(dayTitle("2026-06-01", "2026-06-01", "2026-06-02")).toBe("Today");
    expect(dayTitle("2026-06-02", "2026-06-01", "2026-06-02")).toBe("Tomorrow");
    expect(dayTitle("2026-06-03", "2026-06-01", "2026-06-02")).toBe("Jun 3, 2026");
  });

  it("links the located point to the maps app, else the address", () => {
    const property = { label: "Home", address: "1 Main St, Denver, CO 80202", accessNotes: null, gateCode: null };
    expect(mapsLink({ ...property, latitude: 39.7, longitude: -104.9 })).toBe(
      "https://www.google.com/maps/search/?api=1&query=39.7%2C-104.9",
    );
    expect(mapsLink({ ...property, latitude: null, longitude: null })).toBe(
      "https://www.google.com/maps/search/?api=1&query=1%20Main%20St%2C%20Denver%2C%20CO%2080202",
    );
  });
});
