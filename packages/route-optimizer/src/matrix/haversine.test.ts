import { describe, expect, it } from "vitest";
import { haversineMatrix, haversineMeters } from "./haversine";

describe("haversineMatrix", () => {
  it("measures great-circle distance", () => {
    // One degree of latitude on the mean Earth radius.
    expect(haversineMeters({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo(111_195, 0);
    // Paris to London, about 343.5 km.
    expect(haversineMeters({ lat: 48.8566, lon: 2.3522 }, { lat: 51.5074, lon: -0.1278 }) / 1000).toBeCloseTo(343.5, 0);
  });

  it("scales by the road factor and converts to time at the average speed", async () => {
    const m = await haversineMatrix({ roadFactor: 1.5, speedKmh: 36 }).matrix([
      { lat: 0, lon: 0 },
      { lat: 1, lon: 0 },
    ]);
    expect(m.size).toBe(2);
    expect(m.distances[1]).toBeCloseTo(111_195 * 1.5, -1);
    expect(m.distances[2]).toBe(m.distances[1]);
    expect(m.durations[1]).toBeCloseTo((111_195 * 1.5) / 10, -1);
    expect(m.durations[0]).toBe(0);
  });

  it("rejects a non-positive speed", () => {
    expect(() => haversineMatrix({ speedKmh: 0 })).toThrow();
  });
});
