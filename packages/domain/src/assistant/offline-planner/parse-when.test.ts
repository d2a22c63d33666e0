import { describe, expect, it } from "vitest";
import { parseWhen, readWhens } from "./parse-when.ts";

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
    expect(parseWhen("friday", NOW, "America/New_York")).toMatchObject({ day: "2026-11-27", at: null });
    expect(parseWhen("at 9", NOW, "America/New_York")).toMatchObject({ day: null, at: null });
  });

  it("reads a part of the day as when it starts for an office, and says it was a part of the day", () => {
    expect(parseWhen("friday morning", NOW, "America/New_York")).toMatchObject({
      day: "2026-11-27",
      at: new Date("2026-11-27T13:00:00Z"),
      partOfDay: "morning",
    });
    expect(parseWhen("this afternoon", NOW, "America/New_York")).toMatchObject({
      day: "2026-11-26",
      at: new Date("2026-11-26T18:00:00Z"),
      partOfDay: "afternoon",
    });
  });

  it("reads what offices say that chrono alone does not", () => {
    const at = (text: string) => parseWhen(text, NOW, "America/New_York")?.at?.toISOString();
    expect(at("thursday after next at 8:30")).toBe("2026-12-10T13:30:00.000Z");
    expect(at("the 14th at noon")).toBe("2026-12-14T17:00:00.000Z");
    expect(at("first thing monday")).toBe("2026-11-30T13:00:00.000Z");
    expect(at("tues @ 9")).toBe("2026-12-01T14:00:00.000Z");
    expect(at("the day after tomorrow at 11")).toBe("2026-11-28T16:00:00.000Z");
    // Offices do not book at 3 in the night; a Thursday 8:00 named on a Thursday at 10:00 is next week's.
    expect(at("dec 4 at 3")).toBe("2026-12-04T20:00:00.000Z");
    expect(at("thursday at 8")).toBe("2026-12-03T13:00:00.000Z");
    expect(at("thursday at 4pm")).toBe("2026-11-26T21:00:00.000Z");
    expect(parseWhen("in two weeks", NOW, "America/New_York")?.day).toBe("2026-12-10");
  });

  it("reads a range as where something is and where it goes", () => {
    const { spans } = readWhens("from tuesday to thursday at 2", NOW, "America/New_York");
    expect(spans.map((span) => [span.preposition, span.day, span.at?.toISOString() ?? null])).toEqual([
      ["from", "2026-12-01", null],
      ["to", "2026-12-03", "2026-12-03T19:00:00.000Z"],
    ]);
  });

  it("says where the date starts, so the words before it can be a name", () => {
    const text = "Acme Plumbing on Dec 3 at 9:30";
    const parsed = parseWhen(text, NOW, "America/New_York");
    expect(parsed!.text.slice(0, parsed!.index).trim()).toBe("Acme Plumbing on");
    expect(parsed!.at).toEqual(new Date("2026-12-03T14:30:00Z"));
  });

  it("finds nothing in text without a date", () => {
    expect(parseWhen("Acme Plumbing", NOW, "America/New_York")).toBeNull();
  });
});
