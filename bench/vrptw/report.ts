export interface InstanceResult {
  name: string;
  customers: number;
  vehicles: number;
  distance: number;
  feasible: boolean;
  errors: string[];
  bksDistance: number | null;
  bksVehicles: number | null;
  bksKind: "distance" | "hierarchical";
  seconds: number;
  iterations: number;
}

const gapOf = (r: InstanceResult): number | null => (r.bksDistance === null ? null : ((r.distance - r.bksDistance) / r.bksDistance) * 100);

/** Solomon classes (C1, R2, ...) and Gehring & Homberger classes by size (C1_2, RC2_10, ...). */
export const classOf = (name: string): string => {
  const m = /^([a-z]+)(\d)/i.exec(name);
  const cls = m === null ? name : `${m[1]!.toUpperCase()}${m[2]}`;
  const size = /_(\d+)_\d+$/.exec(name);
  return size === null ? cls : `${cls}_${size[1]}`;
};

const mean = (xs: number[]): number => (xs.length === 0 ? NaN : xs.reduce((a, b) => a + b, 0) / xs.length);
const pad = (s: string, w: number): string => s.padStart(w);

export function formatReport(results: InstanceResult[], seconds: number, objective: string): string {
  const lines: string[] = [];
  lines.push(`VRPTW benchmark: ${seconds} s per instance, objective ${objective}`);
  lines.push("");
  lines.push(
    `${"instance".padEnd(10)} ${pad("n", 5)} ${pad("veh", 4)} ${pad("bks veh", 7)} ${pad("distance", 10)} ${pad("bks", 10)} ${pad("gap %", 7)} ${pad("time s", 7)} ${pad("iters", 8)} feasible`,
  );
  for (const r of results) {
    const gap = gapOf(r);
    lines.push(
      `${r.name.padEnd(10)} ${pad(String(r.customers), 5)} ${pad(String(r.vehicles), 4)} ${pad(String(r.bksVehicles ?? "-"), 7)} ${pad(r.distance.toFixed(2), 10)} ${pad(r.bksDistance?.toFixed(2) ?? "-", 10)} ${pad(gap === null ? "-" : gap.toFixed(2), 7)} ${pad(r.seconds.toFixed(2), 7)} ${pad(String(r.iterations), 8)} ${r.feasible ? "yes" : "NO"}${r.bksKind === "hierarchical" ? "  (bks: hierarchical)" : ""}`,
    );
    for (const e of r.errors.slice(0, 3)) lines.push(`    ! ${e}`);
  }
  lines.push("");
  const classes = [...new Set(results.map((r) => classOf(r.name)))];
  lines.push(`${"class".padEnd(10)} ${pad("count", 5)} ${pad("veh", 7)} ${pad("bks veh", 7)} ${pad("gap %", 7)} ${pad("time s", 7)}`);
  for (const cls of classes) {
    const rs = results.filter((r) => classOf(r.name) === cls);
    lines.push(
      `${cls.padEnd(10)} ${pad(String(rs.length), 5)} ${pad(mean(rs.map((r) => r.vehicles)).toFixed(2), 7)} ${pad(mean(rs.map((r) => r.bksVehicles ?? NaN)).toFixed(2), 7)} ${pad(mean(rs.map(gapOf).filter((g): g is number => g !== null)).toFixed(2), 7)} ${pad(mean(rs.map((r) => r.seconds)).toFixed(2), 7)}`,
    );
  }
  lines.push("");
  const groups = new Map<number, InstanceResult[]>();
  for (const r of results) groups.set(r.customers, [...(groups.get(r.customers) ?? []), r]);
  for (const [n, rs] of groups) {
    const gaps = rs.map(gapOf).filter((g): g is number => g !== null);
    lines.push(`${n} customers: ${rs.length} instances, mean gap ${mean(gaps).toFixed(2)} %, ${rs.filter((r) => r.feasible).length}/${rs.length} feasible`);
  }
  const all = results.map(gapOf).filter((g): g is number => g !== null);
  lines.push(`overall: mean gap ${mean(all).toFixed(2)} % over ${all.length} instances, ${results.filter((r) => !r.feasible).length} infeasible`);
  return `${lines.join("\n")}\n`;
}
