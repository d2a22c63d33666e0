import { describe, expect, it } from "vitest";
import { parseWhen } from "./parse-when.ts";

// Thursday 26 November 2026, 10:00 in New York, 16:00 in Berlin.
const NOW = new Date("2026-11-26T15:00:00Z");

describe("parseWhen", () => {
  it("reads 'next Tuesday at 9' as 9:00 on the company's wall clock", () => {
    expect(parseWhen("next Tuesday at 9", NOW, "America/New_York")).toMatchObject({
      day: "2026-12-01",
      at: new Date("2026-12-01T14:00:00Z"),
    });
    expect(parseWhen("next Tuesday at 9", NOW, "Europe/Berlin")).toMatchObject({
      day: "2026-12-01",
      at: new Date("2026-12-01T08:00:00Z"),
    });
  });

  it("uses the offset of the day named, not of today, across a daylight-saving change", () => {
    // Friday 6 March 2026 in New York (EST); clocks go forward on Sunday 8 March.
    const beforeChange = new Date("2026-03-06T15:00:00Z");
    expect(parseWhen("next Tuesday at 9", beforeChange, "America/New_York")?.at).toEqual(
      new Date("2026-03-10T13:00:00Z"),
    );
  });

  it("counts 'tomorrow' from the company's day, not the server's", () => {
    // 22:00 on 26 November in New York is already the 27th in UTC.
    const lateEvening = new Date("2026-11-27T03:00:00Z");
    expect(parseWhen("tomorrow at 9am", lateEvening, "America/New_York")).toMatchObject({
      day: "2026-11-27",
      at: new Date("2026-11-27T14:00:00Z"),
    });
  });

  it("gives a day without a moment when no time is named, and no day when only a time is", () => {
    expect(parseWhen("friday morning", NOW, "America/New_York")).toMatchObject({ day: "2026-11-27", at: null });
    expect(parseWhen("at 9", NOW, "America/New_York")).toMatchObject({ day: null, at: null });
  });

  it("says where the date starts, so the words before it can be a name", () => {
    const text = "Acme Plumbing on Dec 3 at 9:30";
    const parsed = parseWhen(text, NOW, "America/New_York");
    expect(text.slice(0, parsed!.index).trim()).toBe("Acme Plumbing on");
    expect(parsed!.at).toEqual(new Date("2026-12-03T14:30:00Z"));
  });

  it("finds nothing in text without a date", () => {
    expect(parseWhen("Acme Plumbing", NOW, "America/New_York")).toBeNull();
  });
});
