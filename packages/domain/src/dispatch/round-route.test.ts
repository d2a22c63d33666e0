import { describe, expect, it } from "vitest";
import type { PlannedRoute } from "@fieldops/route-optimizer";
import { ceilToSlot, roundRoute, type RoundingCrew, type RoundingVisit } from "./round-route.ts";

const MIN = 60;
const yard = { lat: 40, lon: -105 };
const here = { lat: 40.01, lon: -105 };
const there = { lat: 40.02, lon: -105 };
/** Ten minutes between any two different places. */
const travel = (from: { lat: number }, to: { lat: number }) => (from.lat === to.lat ? 0 : 10 * MIN);

const crew = (overrides: Partial<RoundingCrew> = {}): RoundingCrew => ({
  start: yard,
  shift: { start: 8 * 60 * MIN, end: 17 * 60 * MIN },
  breaks: [],
  breakCount: 0,
  ...overrides,
});
const visits: Record<string, RoundingVisit> = {
  a: { location: here, serviceSeconds: 62 * MIN },
  b: { location: there, serviceSeconds: 45 * MIN },
};
const visitOf = (id: string) => visits[id]!;
const visitStop = (visitId: string, arrival: number, start = arrival) => ({
  kind: "visit" as const,
  visitId,
  arrival,
  start,
  end: start + visits[visitId]!.serviceSeconds,
});
const at = (hours: number, minutes = 0) => (hours * 60 + minutes) * MIN;

describe("rounding a proposed route to the company's slot", () => {
  it("rounds up to the slot", () => {
    expect(ceilToSlot(at(9, 1), 5 * MIN)).toBe(at(9, 5));
    expect(ceilToSlot(at(9, 5), 5 * MIN)).toBe(at(9, 5));
    expect(ceilToSlot(at(9, 5) + 1e-9, 5 * MIN)).toBe(at(9, 5));
  });

  it("starts each visit on the slot after the one before has ended and the crew has driven", () => {
    // 62 minutes of work starting 9:01 ends 10:03 rounded to 9:05 → 10:07; 10 minutes' drive → 10:17 → 10:20.
    const route: Pick<PlannedRoute, "stops" | "startTime"> = {
      startTime: at(8, 51),
      stops: [visitStop("a", at(9, 1)), visitStop("b", at(10, 13))],
    };
    const rounded = roundRoute(route, crew(), visitOf, travel, 5 * MIN)!;
    expect(rounded.visits).toEqual([
      { visitId: "a", start: at(9, 5), end: at(10, 7) },
      { visitId: "b", start: at(10, 20), end: at(11, 5) },
    ]);
  });

  it("refuses a rounding that would miss a promised window or run past the crew's hours", () => {
    const promised: Record<string, RoundingVisit> = {
      ...visits,
      b: { ...visits.b!, timeWindow: { start: at(10), end: at(10, 15) } },
    };
    const route = { startTime: at(8, 51), stops: [visitStop("a", at(9, 1)), visitStop("b", at(10, 13))] };
    expect(roundRoute(route, crew(), (id) => promised[id]!, travel, 5 * MIN)).toBeNull();
    expect(roundRoute(route, crew({ shift: { start: at(8), end: at(11) } }), visitOf, travel, 5 * MIN)).toBeNull();
    // To the minute, both fit.
    expect(roundRoute(route, crew(), (id) => promised[id]!, travel, MIN)).not.toBeNull();
  });

  it("keeps time held for a visit left where it is exactly, and moves breaks with the day", () => {
    const lunch = { durationSeconds: 30 * MIN, window: { start: at(11), end: at(13) } };
    const held = { durationSeconds: 60 * MIN, window: { start: at(13), end: at(14) } };
    const route = {
      startTime: at(8, 51),
      stops: [
        visitStop("a", at(9, 1)),
        { kind: "break" as const, breakIndex: 0, start: at(11), end: at(11, 30) },
        { kind: "break" as const, breakIndex: 1, start: at(13), end: at(14) },
        visitStop("b", at(14, 10)),
      ],
    };
    const rounded = roundRoute(route, crew({ breaks: [lunch, held], breakCount: 1 }), visitOf, travel, 5 * MIN)!;
    expect(rounded.breaks).toEqual([{ start: at(11), end: at(11, 30) }]);
    expect(rounded.visits.at(-1)).toEqual({ visitId: "b", start: at(14, 10), end: at(14, 55) });
    // A day that rounding would push into the held time is refused.
    const late = { startTime: at(11, 51), stops: [visitStop("a", at(12, 1)), route.stops[2]!] };
    expect(roundRoute(late, crew({ breaks: [lunch, held], breakCount: 1 }), visitOf, travel, 5 * MIN)).toBeNull();
  });

  it("takes a break before a visit that, started later by the rounding, would leave it no room", async () => {
    // The solver fits lunch (30 minutes, over by 11:00) on arrival at b at 10:13, which waits for its window at 11:00.
    // Rounded, the crew only gets to b at 10:17: lunch is taken where it stands, at 10:07, and b still starts at 11:00.
    const lunch = { durationSeconds: 30 * MIN, window: { start: at(9, 15), end: at(11) } };
    const windowed: Record<string, RoundingVisit> = {
      ...visits,
      b: { ...visits.b!, timeWindow: { start: at(11), end: at(12) } },
    };
    const route = {
      startTime: at(8, 51),
      stops: [
        visitStop("a", at(9, 1)),
        { kind: "break" as const, breakIndex: 0, start: at(10, 13), end: at(10, 43) },
        visitStop("b", at(10, 13), at(11)),
      ],
    };
    const rounded = roundRoute(
      route,
      crew({ breaks: [lunch], breakCount: 1 }),
      (id) => windowed[id]!,
      travel,
      5 * MIN,
    )!;
    expect(rounded.breaks).toEqual([{ start: at(10, 7), end: at(10, 37) }]);
    expect(rounded.visits.at(-1)).toEqual({ visitId: "b", start: at(11), end: at(11, 45) });
  });

  it("keeps a packed day on the slot by taking lunch before the visit that would push it out of its window", () => {
    // Eight 45-minute visits a minute's drive apart from 7:15, lunch (30 minutes, over by 14:00) before the last. Each
    // rounded start loses the slot's rest: lunch, after the seventh, would end at 14:30, so it comes after the sixth.
    const oneMinute = () => MIN;
    const places = Array.from({ length: 8 }, (_, i) => ({ lat: 40 + i / 100, lon: -105 }));
    const packed: Record<string, RoundingVisit> = Object.fromEntries(
      places.map((location, i) => [`v${i}`, { location, serviceSeconds: 45 * MIN }]),
    );
    const stops: PlannedRoute["stops"] = [];
    let clock = at(7, 14);
    for (let i = 0; i < 8; i++) {
      if (i === 7) stops.push({ kind: "break", breakIndex: 0, start: clock, end: clock + 30 * MIN });
      if (i === 7) clock += 30 * MIN;
      stops.push({ kind: "visit", visitId: `v${i}`, arrival: clock + MIN, start: clock + MIN, end: clock + 46 * MIN });
      clock += 46 * MIN;
    }
    const lunch = { durationSeconds: 30 * MIN, window: { start: at(12), end: at(14) } };
    const rounded = roundRoute(
      { startTime: at(7, 13), stops },
      crew({ start: places[0]!, shift: { start: at(7), end: at(19) }, breaks: [lunch], breakCount: 1 }),
      (id) => packed[id]!,
      oneMinute,
      15 * MIN,
    )!;
    expect(rounded.visits.map((visit) => visit.start)).toEqual([
      at(7, 15),
      at(8, 15),
      at(9, 15),
      at(10, 15),
      at(11, 15),
      at(12, 15),
      at(13, 45),
      at(14, 45),
    ]);
    expect(rounded.breaks).toEqual([{ start: at(13), end: at(13, 30) }]);
  });
});
