import type { ArcConvention } from "./solomon-parser";

export interface InstanceResult {
  name: string;
  customers: number;
  vehicles: number;
  /** The routes' distance under the arc convention of the run. */
  distance: number;
  /** The routes' distance with each arc truncated to one decimal. */
  truncatedDistance: number;
  feasible: boolean;
  errors: string[];
  bksDistance: number | null;
  bksVehicles: number | null;
  bksKind: "distance" | "hierarchical";
  /** How the reference summed its arcs: in full precision, or each truncated to one decimal (DIMACS 2021). */
  bksArcs: "full" | "truncated";
  seconds: number;
  iterations: number;
}

/** Gap under the run's convention: in full precision, pessimistic against a reference whose arcs were truncated. */
export const gapOf = (r: InstanceResult): number | null =>
  r.bksDistance === null ? null : ((r.distance - r.bksDistance) / r.bksDistance) * 100;

/** Gap in the reference's own convention (the same routes, arcs truncated when the reference's were). */
export const conventionGapOf = (r: InstanceResult): number | null =>
  r.bksDistance === null
    ? null
    : (((r.bksArcs === "truncated" ? r.truncatedDistance : r.distance) - r.bksDistance) / r.bksDistance) * 100;

/** At the best known value: equal to it at the reference's two decimals. */
const atBks = (r: InstanceResult): boolean =>
  r.bksDistance !== null &&
  Math.round((r.bksArcs === "truncated" ? r.truncatedDistance : r.distance) * 100) <= Math.round(r.bksDistance * 100);

/** Solomon classes (C1, R2, ...) and Gehring & Homberger classes by size (C1_2, RC2_10, ...). */
export const classOf = (name: string): string => {
  const m = /^([a-z]+)(\d)/i.exec(name);
  const cls = m === null ? name : `${m[1]!.toUpperCase()}${m[2]}`;
  const size = /_(\d+)_\d+$/.exec(name);
  return size === null ? cls : `${cls}_${size[1]}`;
};

const mean = (xs: number[]): number => (xs.length === 0 ? NaN : xs.reduce((a, b) => a + b, 0) / xs.length);
const pad = (s: string, w: number): string => s.padStart(w);
const fixed = (x: number | null, digits = 2): string => (x === null || Number.isNaN(x) ? "-" : x.toFixed(digits));
const gaps = (rs: InstanceResult[], gap: (r: InstanceResult) => number | null): number[] =>
  rs.map(gap).filter((g): g is number => g !== null);

export function formatReport(
  all: InstanceResult[],
  seconds: number,
  objective: string,
  arcs: ArcConvention = "full",
): string {
  // A distance-only run measured against a fewest-vehicles-first reference would show a meaningless (often negative)
  // gap: such a reference counts for vehicles only. A run on truncated arcs compares only with references made so.
  const comparable = (r: InstanceResult): boolean =>
    (objective !== "distance" || r.bksKind === "distance") && (arcs === "full" || r.bksArcs === "truncated");
  const results = all.map((r) => (comparable(r) ? r : { ...r, bksDistance: null }));
  // On truncated arcs the gap is already in the reference's convention: no second column.
  const showConvention = (r: InstanceResult): boolean => arcs === "full" && r.bksArcs === "truncated";
  const lines: string[] = [];
  const arcsText =
    arcs === "full"
      ? "arcs in full precision"
      : "arcs (distance and travel time) truncated to one decimal, the DIMACS 2021 rule";
  lines.push(
    `VRPTW benchmark: ${seconds} s per instance, objective ${objective}, ${arcsText}, one thread per instance`,
  );
  lines.push("");
  lines.push(
    `${"instance".padEnd(10)} ${pad("n", 5)} ${pad("veh", 4)} ${pad("bks veh", 7)} ${pad("distance", 10)} ${pad("bks", 10)} ${pad("gap %", 7)} ${pad("gap* %", 7)} ${pad("time s", 7)} ${pad("iters", 9)} feasible`,
  );
  for (const r of results) {
    lines.push(
      `${r.name.padEnd(10)} ${pad(String(r.customers), 5)} ${pad(String(r.vehicles), 4)} ${pad(String(r.bksVehicles ?? "-"), 7)} ${pad(r.distance.toFixed(2), 10)} ${pad(fixed(r.bksDistance), 10)} ${pad(fixed(gapOf(r)), 7)} ${pad(showConvention(r) ? fixed(conventionGapOf(r)) : "", 7)} ${pad(r.seconds.toFixed(2), 7)} ${pad(String(r.iterations), 9)} ${r.feasible ? "yes" : "NO"}${r.bksKind === "hierarchical" ? "  (bks: hierarchical)" : ""}`,
    );
    for (const e of r.errors.slice(0, 3)) lines.push(`    ! ${e}`);
  }
  lines.push("");
  const classes = [...new Set(results.map((r) => classOf(r.name)))];
  lines.push(
    `${"class".padEnd(10)} ${pad("count", 5)} ${pad("veh", 7)} ${pad("bks veh", 7)} ${pad("gap %", 7)} ${pad("gap* %", 7)} ${pad("time s", 7)}`,
  );
  for (const cls of classes) {
    const rs = results.filter((r) => classOf(r.name) === cls);
    const truncated = rs.some(showConvention);
    lines.push(
      `${cls.padEnd(10)} ${pad(String(rs.length), 5)} ${pad(mean(rs.map((r) => r.vehicles)).toFixed(2), 7)} ${pad(fixed(mean(rs.map((r) => r.bksVehicles ?? NaN))), 7)} ${pad(fixed(mean(gaps(rs, gapOf))), 7)} ${pad(truncated ? fixed(mean(gaps(rs, conventionGapOf))) : "", 7)} ${pad(mean(rs.map((r) => r.seconds)).toFixed(2), 7)}`,
    );
  }
  lines.push("");
  const groups = new Map<number, InstanceResult[]>();
  for (const r of results) groups.set(r.customers, [...(groups.get(r.customers) ?? []), r]);
  for (const [n, rs] of groups) {
    const truncated = rs.some(showConvention);
    const withBks = rs.filter((r) => r.bksDistance !== null);
    const fewest = rs.filter((r) => r.bksVehicles !== null && r.vehicles <= r.bksVehicles).length;
    lines.push(
      `${n} customers: ${rs.length} instances, ${withBks.length === 0 ? "no distance-only reference (the gap needs one)" : `mean gap ${fixed(mean(gaps(rs, gapOf)))} %`}` +
        (truncated
          ? ` (full precision; ${fixed(mean(gaps(rs, conventionGapOf)))} % with arcs truncated to one decimal as the reference's are)`
          : "") +
        `, ${withBks.filter(atBks).length}/${withBks.length} at the best known value, ${fewest}/${rs.length} with at most its vehicles, ${rs.filter((r) => r.feasible).length}/${rs.length} feasible`,
    );
  }
  const measured = gaps(results, gapOf);
  lines.push(
    `overall: mean gap ${fixed(mean(measured))} % over ${measured.length} instances with a comparable reference, ${results.filter((r) => !r.feasible).length} infeasible`,
  );
  lines.push(
    arcs === "full"
      ? "gap: distance in full floating point against the reference; gap*: arcs truncated to one decimal, the reference's own convention."
      : "gap: solved, checked and measured with every arc truncated to one decimal, as the reference was; only such references are compared.",
  );
  return `${lines.join("\n")}\n`;
}
