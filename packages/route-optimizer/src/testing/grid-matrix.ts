import type { Location } from "../contract";
import type { MatrixProvider, TravelMatrix } from "../matrix/types";

/** Test provider: travel takes `secondsPerUnit` per unit of |Δlat| + |Δlon|; metres are the same number. */
export function gridMatrix(secondsPerUnit = 100): MatrixProvider {
  return {
    matrix(locations: readonly Location[]): Promise<TravelMatrix> {
      const size = locations.length;
      const durations = new Float64Array(size * size);
      for (let i = 0; i < size; i++) {
        for (let j = 0; j < size; j++) {
          const a = locations[i]!;
          const b = locations[j]!;
          durations[i * size + j] = (Math.abs(a.lat - b.lat) + Math.abs(a.lon - b.lon)) * secondsPerUnit;
        }
      }
      return Promise.resolve({ size, durations, distances: durations.slice() });
    },
  };
}
