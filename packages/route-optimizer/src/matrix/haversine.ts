import type { Location } from "../contract";
import type { MatrixProvider, TravelMatrix } from "./types";

const EARTH_RADIUS_M = 6_371_008.8;

export function haversineMeters(a: Location, b: Location): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface HaversineOptions {
  /** Road distance over straight-line distance; 1.3 is typical for towns. */
  roadFactor?: number;
  speedKmh?: number;
}

/** Default provider: great-circle distance times a road factor, driven at an average speed. No network. */
export function haversineMatrix(options: HaversineOptions = {}): MatrixProvider {
  const roadFactor = options.roadFactor ?? 1.3;
  const speedMs = ((options.speedKmh ?? 40) * 1000) / 3600;
  if (!(roadFactor > 0) || !(speedMs > 0)) throw new Error("roadFactor and speedKmh must be positive");
  return {
    matrix(locations: readonly Location[]): Promise<TravelMatrix> {
      const size = locations.length;
      const distances = new Float64Array(size * size);
      const durations = new Float64Array(size * size);
      for (let i = 0; i < size; i++) {
        for (let j = i + 1; j < size; j++) {
          const d = haversineMeters(locations[i]!, locations[j]!) * roadFactor;
          distances[i * size + j] = distances[j * size + i] = d;
          durations[i * size + j] = durations[j * size + i] = d / speedMs;
        }
      }
      return Promise.resolve({ size, durations, distances });
    },
  };
}
