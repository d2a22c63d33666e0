import {
  haversineMatrix,
  osrmTableMatrix,
  type Location,
  type MatrixProvider,
  type TravelMatrix,
} from "@fieldops/route-optimizer";
import type { DistanceSource } from "@fieldops/shared/dispatch";

/** How long one OSRM table request may take before the day is planned on straight lines instead. */
export const OSRM_TIMEOUT_MS = 10_000;

export interface DayMatrix {
  /** Answers any subset of the day's locations from one table fetched up front. */
  provider: MatrixProvider;
  /** That table and the locations of its rows. */
  locations: Location[];
  table: TravelMatrix;
  source: DistanceSource;
  /** Set when OSRM was configured but failed, so the proposal can say why it used straight lines. */
  fallbackNote: string | null;
}

const key = (location: Location) => `${location.lat},${location.lon}`;

/** A provider over a table already fetched for a superset of the locations it will be asked about. */
export function tableProvider(locations: readonly Location[], table: TravelMatrix): MatrixProvider {
  const index = new Map(locations.map((location, i) => [key(location), i]));
  return {
    matrix(asked) {
      const size = asked.length;
      const durations = new Float64Array(size * size);
      const distances = new Float64Array(size * size);
      const rows = asked.map((location) => {
        const i = index.get(key(location));
        if (i === undefined) throw new Error(`location ${key(location)} is not in the day's travel table`);
        return i;
      });
      rows.forEach((from, i) =>
        rows.forEach((to, j) => {
          durations[i * size + j] = table.durations[from * table.size + to]!;
          distances[i * size + j] = table.distances[from * table.size + to]!;
        }),
      );
      return Promise.resolve({ size, durations, distances });
    },
  };
}

/** One of the day's tables (durations or distances) as a lookup between two of its locations. */
function lookup(
  day: Pick<DayMatrix, "locations" | "table">,
  values: ArrayLike<number>,
): (from: Location, to: Location) => number {
  const index = new Map(day.locations.map((location, i) => [key(location), i]));
  const row = (location: Location) => {
    const i = index.get(key(location));
    if (i === undefined) throw new Error(`location ${key(location)} is not in the day's travel table`);
    return i;
  };
  return (from, to) => values[row(from) * day.table.size + row(to)]!;
}

/** Driving seconds between two of the day's locations, read from the table fetched for the day. */
export const travelTimes = (day: Pick<DayMatrix, "locations" | "table">) => lookup(day, day.table.durations);

/** Driving meters between two of the day's locations, read from the table fetched for the day. */
export const travelDistances = (day: Pick<DayMatrix, "locations" | "table">) => lookup(day, day.table.distances);

/** The OSRM client: the table service with a timeout on every request. */
export function osrmProvider(baseUrl: string, timeoutMs = OSRM_TIMEOUT_MS): MatrixProvider {
  return osrmTableMatrix({
    baseUrl,
    fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
  });
}

/**
 * Travel times between every location of a day: from OSRM (road network) when `osrmUrl` is set, straight-line
 * estimates otherwise or when OSRM fails. Fetched once; the solver's models read their parts from it.
 */
export async function dayMatrix(locations: readonly Location[], osrmUrl: string | undefined): Promise<DayMatrix> {
  const unique = [...new Map(locations.map((location) => [key(location), location])).values()];
  const of = (table: TravelMatrix, source: DistanceSource, fallbackNote: string | null): DayMatrix => ({
    provider: tableProvider(unique, table),
    locations: unique,
    table,
    source,
    fallbackNote,
  });
  if (osrmUrl) {
    try {
      return of(await osrmProvider(osrmUrl).matrix(unique), "osrm", null);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return of(
        await haversineMatrix().matrix(unique),
        "straight_line",
        `The road distance server did not answer (${reason}); straight-line estimates were used.`,
      );
    }
  }
  return of(await haversineMatrix().matrix(unique), "straight_line", null);
}

/** How long a road table is reused for the same stops, and how many such tables a process keeps. */
export const RECENT_TABLE_MS = 10 * 60_000;
const RECENT_TABLES_KEPT = 500;
const recentTables = new Map<string, { at: number; matrix: DayMatrix }>();

/**
 * `dayMatrix`, reusing a road table asked of the same server for the same stops within the last RECENT_TABLE_MS: a
 * reader that asks often for a day that rarely changes (the field app reads its day on opening, on reconnecting and on
 * every live event) costs the road server one request per change. Straight-line estimates are not kept: made because
 * the server failed, the next read asks it again.
 */
export async function recentDayMatrix(
  locations: readonly Location[],
  osrmUrl: string | undefined,
  now = Date.now(),
): Promise<DayMatrix> {
  if (!osrmUrl) return dayMatrix(locations, osrmUrl);
  const id = `${osrmUrl} ${[...new Set(locations.map(key))].sort().join(";")}`;
  const kept = recentTables.get(id);
  if (kept && now - kept.at < RECENT_TABLE_MS) return kept.matrix;
  const matrix = await dayMatrix(locations, osrmUrl);
  recentTables.delete(id);
  if (matrix.source === "osrm") {
    recentTables.set(id, { at: now, matrix });
    if (recentTables.size > RECENT_TABLES_KEPT) recentTables.delete(recentTables.keys().next().value!);
  }
  return matrix;
}
