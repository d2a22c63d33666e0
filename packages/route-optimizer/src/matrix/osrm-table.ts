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
  /** Most coordinates per request (OSRM's --max-table-size defaults to 100); larger matrices go in blocks. */
  maxTableSize?: number;
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
      const durations = new Float64Array(size * size);
      const distances = new Float64Array(size * size);
      const block = Math.max(1, Math.floor((options.maxTableSize ?? 100) / 2));
      const single = size <= (options.maxTableSize ?? 100);
      const starts = single ? [0] : Array.from({ length: Math.ceil(size / block) }, (_, b) => b * block);
      const span = single ? size : block;
      for (const from of starts) {
        for (const to of starts) {
          const src = range(from, Math.min(size, from + span));
          const dst = range(to, Math.min(size, to + span));
          // Sources and destinations share one coordinate list: block `from` first, then block `to` if different.
          const coordsIdx = from === to ? src : [...src, ...dst];
          const coords = coordsIdx.map((i) => `${locations[i]!.lon},${locations[i]!.lat}`).join(";");
          const query = single
            ? ""
            : `&sources=${src.map((_, k) => k).join(";")}&destinations=${dst.map((_, k) => (from === to ? k : src.length + k)).join(";")}`;
          const url = `${base}/table/v1/${profile}/${coords}?annotations=duration,distance${query}`;
          const res = await doFetch(url);
          if (!res.ok) throw new Error(`OSRM table request failed: HTTP ${res.status}`);
          const body = osrmTableResponseSchema.parse(await res.json());
          if (body.code !== "Ok") throw new Error(`OSRM table error ${body.code}: ${body.message ?? ""}`);
          if (body.durations === undefined || body.distances === undefined)
            throw new Error("OSRM table response lacks durations or distances");
          copyBlock(body.durations, durations, size, src, dst);
          copyBlock(body.distances, distances, size, src, dst);
        }
      }
      return { size, durations, distances };
    },
  };
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, k) => from + k);

function copyBlock(
  rows: (number | null)[][],
  out: Float64Array,
  size: number,
  src: readonly number[],
  dst: readonly number[],
): void {
  if (rows.length !== src.length) throw new Error(`OSRM table has ${rows.length} rows for ${src.length} sources`);
  rows.forEach((row, i) => {
    if (row.length !== dst.length)
      throw new Error(`OSRM table row ${i} has ${row.length} entries for ${dst.length} destinations`);
    row.forEach((v, j) => {
      out[src[i]! * size + dst[j]!] = v ?? UNREACHABLE;
    });
  });
}
