import { z } from "zod";
import type { Location } from "../contract";
import type { MatrixProvider, TravelMatrix } from "./types";

const osrmTableResponseSchema = z.object({
  code: z.string(),
  message: z.string().optional(),
  durations: z.array(z.array(z.number().nullable())).optional(),
  distances: z.array(z.array(z.number().nullable())).optional(),
});

export interface OsrmTableOptions {
  /** e.g. http://localhost:5000 (no trailing path). */
  baseUrl: string;
  fetch?: typeof globalThis.fetch;
  profile?: string;
}

/** Pairs OSRM cannot route between get this travel time and distance, so the solver never links them. */
export const UNREACHABLE = 1e9;

/** Travel times from an OSRM-compatible `/table` service (durations and distances annotations). */
export function osrmTableMatrix(options: OsrmTableOptions): MatrixProvider {
  const doFetch = options.fetch ?? globalThis.fetch;
  const base = options.baseUrl.replace(/\/+$/, "");
  const profile = options.profile ?? "driving";
  return {
    async matrix(locations: readonly Location[]): Promise<TravelMatrix> {
      const size = locations.length;
      if (size === 0) return { size, durations: new Float64Array(0), distances: new Float64Array(0) };
      const coords = locations.map((l) => `${l.lon},${l.lat}`).join(";");
      const url = `${base}/table/v1/${profile}/${coords}?annotations=duration,distance`;
      const res = await doFetch(url);
      if (!res.ok) throw new Error(`OSRM table request failed: HTTP ${res.status}`);
      const body = osrmTableResponseSchema.parse(await res.json());
      if (body.code !== "Ok") throw new Error(`OSRM table error ${body.code}: ${body.message ?? ""}`);
      if (body.durations === undefined || body.distances === undefined) throw new Error("OSRM table response lacks durations or distances");
      return { size, durations: flatten(body.durations, size), distances: flatten(body.distances, size) };
    },
  };
}

function flatten(rows: (number | null)[][], size: number): Float64Array {
  if (rows.length !== size) throw new Error(`OSRM table has ${rows.length} rows for ${size} locations`);
  const out = new Float64Array(size * size);
  rows.forEach((row, i) => {
    if (row.length !== size) throw new Error(`OSRM table row ${i} has ${row.length} entries for ${size} locations`);
    row.forEach((v, j) => {
      out[i * size + j] = v ?? UNREACHABLE;
    });
  });
  return out;
}
