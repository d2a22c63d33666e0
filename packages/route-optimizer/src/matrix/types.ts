import type { Location } from "../contract";

/** Row-major travel matrices between the given locations: seconds and metres. */
export interface TravelMatrix {
  size: number;
  durations: Float64Array;
  distances: Float64Array;
}

export interface MatrixProvider {
  matrix(locations: readonly Location[]): Promise<TravelMatrix>;
}
