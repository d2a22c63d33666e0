import { describe, expect, it } from "vitest";
import { DomainError } from "../errors.ts";
import { normalizeRecurrenceRule, occurrencesBetween } from "./recurrence.ts";

describe("recurrence", () => {
  it("expands a weekly rule on the company's wall clock across a daylight-saving change", () => {
    const start = new Date("2026-02-23T16:00:00Z"); // Monday 9:00 in Denver (MST)
    const got = occurrencesBetween(
      "FREQ=WEEKLY;BYDAY=MO",
      start,
      "America/Denver",
      new Date(start.getTime() - 1),
      new Date("2026-03-17T00:00:00Z"),
    );
    expect(got.map((d) => d.toISOString())).toEqual([
      "2026-02-23T16:00:00.000Z",
      "2026-03-02T16:00:00.000Z",
      "2026-03-09T15:00:00.000Z", // 9:00 MDT
      "2026-03-16T15:00:00.000Z",
    ]);
  });

  it("continues after a given moment only, and ends with COUNT", () => {
    const start = new Date("2026-01-01T14:00:00Z");
    const got = occurrencesBetween(
      "FREQ=DAILY;COUNT=5",
      start,
      "UTC",
      new Date("2026-01-02T14:00:00Z"),
      new Date("2026-02-01T00:00:00Z"),
    );
    expect(got.map((d) => d.toISOString().slice(0, 10))).toEqual(["2026-01-03", "2026-01-04", "2026-01-05"]);
  });

  it("refuses rules that are not valid, finer than daily, or carry their own start", () => {
    for (const rule of ["garbage", "FREQ=HOURLY", "BYDAY=MO", "DTSTART:20260101T000000Z\nRRULE:FREQ=DAILY"]) {
      expect(() => normalizeRecurrenceRule(rule), rule).toThrow(DomainError);
    }
    expect(normalizeRecurrenceRule("RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE")).toBe(
      "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE",
    );
  });
});
